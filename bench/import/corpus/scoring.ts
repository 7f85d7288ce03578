// Scoring one extraction against the corpus truth, field by field, and adding scores up by
// group (part of the corpus, failure class, kind of source). A field the truth leaves out
// (no year printed, names that are not people) is not scored for that document.
import type { ExtractedFields } from '../../../shared/node/pdf/types.ts';
import { expectedFirstAuthor, type CorpusDocument } from './corpus.ts';

export const FIELDS = ['title', 'firstAuthor', 'allAuthors', 'year', 'type', 'doi'] as const;
export type Field = (typeof FIELDS)[number];

export interface DocumentScore {
  /** true right, false wrong, undefined not scored. */
  fields: Partial<Record<Field, boolean>>;
  /** A DOI taken that is not the paper's own printed one. */
  inventedDoi: boolean;
  misses: string[];
}

/** Case, accents, punctuation and spacing do not count. */
export function comparable(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

export function scoreDocument(doc: CorpusDocument, fields: ExtractedFields & { type?: string }): DocumentScore {
  const score: DocumentScore = { fields: {}, inventedDoi: false, misses: [] };
  const check = (field: Field, ok: boolean, miss: string) => {
    score.fields[field] = ok;
    if (!ok) score.misses.push(miss);
  };
  const got = fields.title ? comparable(fields.title) : '';
  const titles = [doc.title, ...(doc.subtitle ? [`${doc.title} ${doc.subtitle}`] : [])].map(comparable);
  check('title', titles.includes(got), `title ${JSON.stringify(fields.title)} != ${JSON.stringify(doc.title)}`);

  const lastNames = (fields.authors ?? []).map((a) => comparable(a.last_name));
  const first = expectedFirstAuthor(doc);
  if (first) check('firstAuthor', lastNames[0] === comparable(first), `first author ${JSON.stringify(fields.authors?.[0]?.last_name)} != ${first}`);
  if (doc.authors?.length) {
    const want = doc.authors.map(comparable);
    const ok = want.length === lastNames.length && want.every((w, i) => w === lastNames[i]);
    check('allAuthors', ok, `authors ${JSON.stringify(fields.authors?.map((a) => a.last_name))} != ${JSON.stringify(doc.authors)}`);
  }
  if (doc.year !== null) check('year', fields.year === doc.year, `year ${fields.year} != ${doc.year}`);
  if (doc.type) check('type', fields.type === doc.type, `type ${fields.type} != ${doc.type}`);
  const doi = fields.identifiers?.doi?.toLowerCase();
  if (doc.doi) check('doi', doi === doc.doi.toLowerCase(), `doi ${doi} != ${doc.doi}`);
  if (doi && doi !== doc.doi?.toLowerCase()) {
    score.inventedDoi = true;
    score.misses.push(`doi ${doi} taken where the paper's own is ${doc.doi ?? 'not printed'}`);
  }
  return score;
}

export interface Tally {
  documents: number;
  right: Record<Field, number>;
  scored: Record<Field, number>;
  inventedDois: number;
}

export function emptyTally(): Tally {
  const zero = () => Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<Field, number>;
  return { documents: 0, right: zero(), scored: zero(), inventedDois: 0 };
}

export function addScore(tally: Tally, score: DocumentScore): void {
  tally.documents++;
  for (const f of FIELDS) {
    const v = score.fields[f];
    if (v === undefined) continue;
    tally.scored[f]++;
    if (v) tally.right[f]++;
  }
  if (score.inventedDoi) tally.inventedDois++;
}

export function percent(tally: Tally, field: Field): number {
  return tally.scored[field] ? (100 * tally.right[field]) / tally.scored[field] : NaN;
}

/** "title 95% (19/20), first author ..." for one group. */
export function describeTally(tally: Tally): string {
  const names: Record<Field, string> = { title: 'title', firstAuthor: 'first author', allAuthors: 'all authors', year: 'year', type: 'type', doi: 'DOI' };
  const parts = FIELDS.filter((f) => tally.scored[f]).map((f) => `${names[f]} ${Math.round(percent(tally, f))}% (${tally.right[f]}/${tally.scored[f]})`);
  return `${parts.join(', ')}${tally.inventedDois ? `, ${tally.inventedDois} invented DOI(s)` : ''}`;
}
