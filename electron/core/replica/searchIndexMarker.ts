// Whether the search index is still being built (searchIndexBuild.ts), read by every write
// of an index entry: while the build writes entries in row order, a document it has not
// reached yet gets its entry from the build, written from the row as it is by then.
import type { Db } from './database.ts';
import { stmt } from './statements.ts';

export interface SearchIndexBuildMarker {
  phase: 'entries' | 'merging';
  next_row_no: number;
}

export function searchIndexBuildMarker(db: Db): SearchIndexBuildMarker | undefined {
  return stmt(db, 'SELECT phase, next_row_no FROM search_index_build WHERE id = 1').get() as SearchIndexBuildMarker | undefined;
}

/** The row number from which documents have no index entry yet and get none written (Infinity: none). */
export function unindexedFrom(db: Db): number {
  const marker = searchIndexBuildMarker(db);
  return marker?.phase === 'entries' ? marker.next_row_no : Infinity;
}
