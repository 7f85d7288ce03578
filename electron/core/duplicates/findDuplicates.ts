// Which documents of a library are the same work. Two documents are duplicates when they
// share a DOI, PMID, arXiv id or (for whole books) ISBN in the forms identifiers are
// compared in; otherwise when their first authors' last names agree, their years agree (or
// one is unknown) and their titles are nearly the same (character trigram similarity at or
// above TITLE_SIMILARITY: a PDF's "Approximating the Cox model" and a .bib's "Approximating
// the {Cox} Model" are one work). Documents with different DOIs are never joined by title.
// Sets are the connected groups of such pairs.
import { identifiesWholeWork, normaliseIdentifier } from '../../../shared/identifiers/index.ts';
import type { LibraryDocument } from '../../../shared/bridge/libraryTypes.ts';

import type { DuplicateReason } from '../../../shared/bridge/duplicatesCommands.ts';

export type { DuplicateReason };

export interface DuplicateSet {
  /** The documents, oldest first. */
  documentIds: string[];
  /** The strongest reason that joined them. */
  reason: DuplicateReason;
}

export const TITLE_SIMILARITY = 0.9;
export const IDENTIFIER_KINDS = ['doi', 'pmid', 'arxiv', 'isbn'] as const;
/** A bucket larger than this (a prolific first author without years) is compared in part only. */
const MAX_BUCKET = 2000;

export type DuplicateCandidate = Pick<LibraryDocument, 'id' | 'title' | 'type' | 'year' | 'authors' | 'identifiers' | 'added_local'>;

/** Lower case, accents, braces and punctuation removed, words separated by one space. */
export function foldTitle(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

function trigrams(text: string): Set<string> {
  const padded = `  ${text} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** Dice coefficient of two titles' character trigrams (1: the same folded title). */
export function titleSimilarity(a: string, b: string): number {
  const fa = foldTitle(a);
  const fb = foldTitle(b);
  if (!fa || !fb) return 0;
  if (fa === fb) return 1;
  const ga = trigrams(fa);
  const gb = trigrams(fb);
  let common = 0;
  for (const g of ga) if (gb.has(g)) common++;
  return (2 * common) / (ga.size + gb.size);
}

/** The first author's folded last name ('' when the document names no author). */
export const firstAuthorKey = (doc: Pick<DuplicateCandidate, 'authors'>) => foldTitle(doc.authors?.find((a) => a?.last_name)?.last_name ?? '');

/** The document's identifier of this kind in its compared form, when it names the whole work. */
export function identifierOf(doc: Pick<DuplicateCandidate, 'identifiers' | 'type'>, kind: (typeof IDENTIFIER_KINDS)[number]): string | undefined {
  const raw = doc.identifiers?.[kind];
  if (!raw || !identifiesWholeWork(kind, doc.type)) return undefined;
  return normaliseIdentifier(kind, raw);
}

/** What a set already says about its work: two sets with different years or DOIs are two works. */
interface SetFacts {
  years: Set<number>;
  dois: Set<string>;
}

const agree = (a: Set<unknown>, b: Set<unknown>) => new Set([...a, ...b]).size <= 1;

export function findDuplicateSets(documents: readonly DuplicateCandidate[]): DuplicateSet[] {
  const parent = documents.map((_, i) => i);
  const reasonOf = new Map<number, DuplicateReason>();
  const facts = documents.map((doc): SetFacts => {
    const doi = identifierOf(doc, 'doi');
    return { years: new Set(doc.year === undefined ? [] : [doc.year]), dois: new Set(doi ? [doi] : []) };
  });
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const rank = (reason: DuplicateReason | undefined) => (reason ? ['doi', 'pmid', 'arxiv', 'isbn', 'title'].indexOf(reason) : 99);
  const join = (a: number, b: number, reason: DuplicateReason) => {
    const ra = root(a);
    const rb = root(b);
    const best = [reason, reasonOf.get(ra), reasonOf.get(rb)].sort((x, y) => rank(x) - rank(y))[0]!;
    if (ra !== rb) {
      parent[rb] = ra;
      for (const year of facts[rb]!.years) facts[ra]!.years.add(year);
      for (const doi of facts[rb]!.dois) facts[ra]!.dois.add(doi);
    }
    reasonOf.set(ra, best);
  };
  // Checked on the whole sets, so an undated copy cannot join a 2001 and a 2002 "Editorial".
  const sameWorkByTitle = (a: number, b: number): boolean => {
    const ra = root(a);
    const rb = root(b);
    if (ra === rb) return false;
    if (!agree(facts[ra]!.years, facts[rb]!.years) || !agree(facts[ra]!.dois, facts[rb]!.dois)) return false;
    return titleSimilarity(documents[a]!.title, documents[b]!.title) >= TITLE_SIMILARITY;
  };

  for (const kind of IDENTIFIER_KINDS) {
    const seen = new Map<string, number>();
    documents.forEach((doc, i) => {
      const value = identifierOf(doc, kind);
      if (!value) return;
      const first = seen.get(value);
      if (first === undefined) seen.set(value, i);
      else join(first, i, kind);
    });
  }

  // Title comparisons only within one first author's documents; documents without an
  // author are compared with those of exactly the same folded title.
  const byAuthor = new Map<string, number[]>();
  const byTitle = new Map<string, number[]>();
  documents.forEach((doc, i) => {
    const author = firstAuthorKey(doc);
    if (author) byAuthor.set(author, [...(byAuthor.get(author) ?? []), i]);
    const title = foldTitle(doc.title);
    if (title) byTitle.set(title, [...(byTitle.get(title) ?? []), i]);
  });
  for (const bucket of byAuthor.values()) {
    const members = bucket.slice(0, MAX_BUCKET);
    for (let x = 0; x < members.length; x++) {
      for (let y = x + 1; y < members.length; y++) {
        const a = members[x]!;
        const b = members[y]!;
        if (sameWorkByTitle(a, b)) join(a, b, 'title');
      }
    }
  }
  for (const bucket of byTitle.values()) {
    const authorless = bucket.filter((i) => !firstAuthorKey(documents[i]!));
    for (const a of authorless) {
      const other = bucket.find((b) => b !== a && sameWorkByTitle(a, b));
      if (other !== undefined) join(other, a, 'title');
    }
  }

  const sets = new Map<number, number[]>();
  documents.forEach((_, i) => sets.set(root(i), [...(sets.get(root(i)) ?? []), i]));
  const earliestFirst = (a: number, b: number) => documents[a]!.added_local.localeCompare(documents[b]!.added_local) || a - b;
  // Sets in the order of their first member's adding, then its title: documents added in the
  // same millisecond (one import) would otherwise come in the order of their random ids.
  const firstTitle = (members: number[]) => documents[members[0]!]!.title;
  return [...sets.entries()]
    .filter(([, members]) => members.length > 1)
    .map(([r, members]) => [r, members.sort(earliestFirst)] as const)
    .sort(([, x], [, y]) => documents[x[0]!]!.added_local.localeCompare(documents[y[0]!]!.added_local) || firstTitle(x).localeCompare(firstTitle(y)))
    .map(([r, members]) => ({ documentIds: members.map((i) => documents[i]!.id), reason: reasonOf.get(r) ?? 'title' }));
}
