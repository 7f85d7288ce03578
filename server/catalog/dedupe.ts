// When two records are the same work: the same identifier (doi, then pmid, arxiv, isbn,
// issn, scopus, ssrn), else the same normalised title + year + first author's last name.
// ISBNs and ISSNs name a whole book or serial, so they only join records that are whole
// works themselves: a journal article's ISSN is its journal's and must not merge articles
// (shared/identifiers/normalise.ts holds that rule and the normal forms).
import { IDENTIFIER_KEYS, type IdentifierKey } from '../../shared/schemas/document.ts';
import type { Person } from '../../shared/schemas/common.ts';
import { normaliseIdentifier } from '../../shared/identifiers/normalise.ts';

export { identifiesWholeWork, normaliseIdentifier } from '../../shared/identifiers/normalise.ts';

export const DEDUPE_ORDER: readonly IdentifierKey[] = ['doi', 'pmid', 'arxiv', 'isbn', 'issn', 'scopus', 'ssrn'];

/** Lower case, accents and punctuation removed, words separated by one space. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

export function normalisedIdentifiers(identifiers: Partial<Record<string, string>> | undefined): [IdentifierKey, string][] {
  const out: [IdentifierKey, string][] = [];
  for (const kind of IDENTIFIER_KEYS) {
    const raw = identifiers?.[kind];
    const value = typeof raw === 'string' ? normaliseIdentifier(kind, raw) : undefined;
    if (value) out.push([kind, value]);
  }
  return out;
}

export function titleKey(title: string): string {
  return foldText(title);
}

export function matchKey(title: string, year: number | undefined | null, authors: Person[] | undefined): string {
  return matchKeyOf(titleKey(title), year, authors);
}

/** matchKey of a title already folded (titleKey): the title is the longest part to fold. */
export function matchKeyOf(foldedTitle: string, year: number | undefined | null, authors: Person[] | undefined): string {
  const firstAuthor = authors?.find((a) => a?.last_name)?.last_name ?? '';
  return `${foldedTitle}|${year ?? ''}|${foldText(firstAuthor)}`;
}
