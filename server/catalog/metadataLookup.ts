// GET /metadata: the catalog document that best matches what a client knows about a file
// or reference. An identifier or file hash match is certain (score 100); otherwise titles
// are compared word by word, with year and author agreement raising the score (at most 99).
import type { MetadataLookupResult } from '../../shared/schemas/catalog.ts';
import { rowFields, type CatalogRow } from './catalogFields.ts';
import type { CatalogStorage } from './catalogStorage.ts';
import { foldText } from './dedupe.ts';
import { wordsOf } from './catalogSearch.ts';

export interface MetadataQuery {
  arxiv?: string;
  doi?: string;
  pmid?: string;
  filehash?: string;
  title?: string;
  authors?: string;
  year?: number;
  source?: string;
}

/** Below this a title match is too weak to report. */
export const MIN_SCORE = 50;

function dice(a: string[], b: string[]): number {
  if (!a.length || !b.length) return 0;
  const setB = new Set(b);
  const common = new Set(a.filter((w) => setB.has(w))).size;
  return (2 * common) / (new Set(a).size + setB.size);
}

export function scoreCandidate(row: CatalogRow, query: MetadataQuery): number {
  const fields = rowFields(row);
  const similarity = dice(foldText(query.title ?? '').split(' ').filter(Boolean), foldText(row.title).split(' ').filter(Boolean));
  let score = 70 * similarity;
  if (query.year !== undefined) score += row.year === query.year ? 15 : row.year === null ? 0 : -15;
  if (query.authors?.trim()) {
    const words = new Set(foldText(query.authors).split(' '));
    const lastNames = (fields.authors ?? []).map((a) => foldText(a.last_name)).filter(Boolean);
    const agree = lastNames.some((name) => name.split(' ').every((part) => words.has(part)));
    score += agree ? 15 : lastNames.length ? -10 : 0;
  }
  if (query.source?.trim() && fields.source) score += foldText(query.source) === foldText(fields.source) ? 5 : 0;
  return Math.max(0, Math.min(99, Math.round(score)));
}

export async function lookupMetadata(store: CatalogStorage, query: MetadataQuery): Promise<MetadataLookupResult | undefined> {
  for (const kind of ['doi', 'pmid', 'arxiv'] as const) {
    const value = query[kind];
    const row = value ? await store.byIdentifier(kind, value) : undefined;
    if (row) return { catalog_id: row.id, score: 100 };
  }
  if (query.filehash) {
    const row = await store.byFilehash(query.filehash);
    if (row) return { catalog_id: row.id, score: 100 };
  }
  if (!query.title?.trim()) return undefined;
  const candidates = new Map<number, CatalogRow>();
  for (const row of await store.byTitleKey(query.title)) candidates.set(row.seq, row);
  const words = wordsOf(query.title);
  if (words.length) {
    const { seqs } = await store.search({ fields: { title: words } }, { offset: 0, limit: 20, withTotal: false });
    for (const row of await store.bySeqs(seqs)) candidates.set(row.seq, row);
    if (!seqs.length && words.length > 1) {
      // No title holds every word: the closest titles holding some of them.
      const loose = await store.search({ terms: words }, { offset: 0, limit: 20, withTotal: false });
      for (const row of await store.bySeqs(loose.seqs)) candidates.set(row.seq, row);
    }
  }
  let best: MetadataLookupResult | undefined;
  for (const row of candidates.values()) {
    const score = scoreCandidate(row, query);
    if (score >= MIN_SCORE && (!best || score > best.score)) best = { catalog_id: row.id, score };
  }
  return best;
}
