// What a catalog record may change in an imported document: empty fields always; fields the
// import wrote itself (title from the file name, weak extraction guesses) when the match is
// certain or the import was unsure; never a value the user has edited since the import.
// Records the catalog built from users' libraries (not `imported`) may be this very
// document as first pushed, titled from its file name: they only replace placeholders.
import type { CatalogDocument } from '../../../shared/schemas/catalog.ts';
import type { DocumentPatch } from '../../../shared/schemas/document.ts';
import type { LibraryDocument } from '../../../shared/bridge/contract.ts';

/** Catalog fields that are also editable document fields. */
export const MERGED_FIELDS = [
  'title', 'type', 'abstract', 'source', 'year', 'authors', 'keywords', 'month', 'day', 'pages', 'volume', 'issue',
  'websites', 'publisher', 'city', 'edition', 'institution', 'series', 'chapter', 'editors',
] as const;

/** A match at or above this score (100 = by identifier or file hash) may replace the import's own values. */
export const CERTAIN_SCORE = 100;
/** Title-based matches below this are ignored. */
export const MIN_ACCEPTED_SCORE = 75;
/** Import values at or above this confidence stay unless the match is certain. */
const SURE_CONFIDENCE = 0.9;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export interface MergeInput {
  document: LibraryDocument;
  catalog: CatalogDocument;
  score: number;
  written: Record<string, unknown>;
  confidence: Record<string, number>;
}

export function catalogPatch({ document, catalog, score, written, confidence }: MergeInput): DocumentPatch {
  if (score < MIN_ACCEPTED_SCORE) return {};
  const current = document as unknown as Record<string, unknown>;
  const offered = catalog as unknown as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const field of MERGED_FIELDS) {
    const value = offered[field];
    if (empty(value) || same(current[field], value)) continue;
    if (empty(current[field])) {
      patch[field] = value;
      continue;
    }
    const untouched = field in written && same(current[field], written[field]);
    const sureness = confidence[field] ?? 0;
    const placeholder = sureness === 0;
    const replaceable = placeholder || (catalog.imported === true && (score >= CERTAIN_SCORE || sureness < SURE_CONFIDENCE));
    if (untouched && replaceable) patch[field] = value;
  }
  // Identifiers: the catalog adds the ones the document lacks, and never changes one it has.
  const known = (document.identifiers ?? {}) as Record<string, string>;
  const extra = Object.entries(catalog.identifiers ?? {}).filter(([key, v]) => typeof v === 'string' && v && !known[key]);
  if (extra.length) patch.identifiers = { ...known, ...Object.fromEntries(extra) };
  return patch as DocumentPatch;
}
