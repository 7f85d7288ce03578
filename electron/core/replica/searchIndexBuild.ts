// The search index of a first sync is built after the library is shown. Writing 100,000
// entries and merging them takes longer than the rest of the load; the library lists,
// sorts, opens and edits without it. So a bulk load's end (bulkLoad.ts) only marks the
// index as to be built (the search_index_build row, kept in the file: a restart goes on
// where a kill stopped it), and the build runs in slices, each a short transaction of its
// own, so edits and later pulls go on between them:
// - phase 'entries': the entries of the next documents in row order; a write of an index
//   entry meanwhile (searchIndex.ts) skips documents the build has not reached, whose
//   entries it writes from their rows as they are when it reaches them (documents created
//   meanwhile come last in row order);
// - phase 'merging': FTS5's merging, held off while the entries are written, done a few
//   hundred pages at a time until the index is one segment, as a bulk load's 'optimize'
//   leaves it; then FTS5's merge settings are put back and the row goes.
// Until then a search answers from the entries written so far, and says the index is being
// built (searchIndexState).
// Before its first entry the build creates the sort indexes the load left out, one per
// slice (deferredIndexes.ts).
import type { Db } from './database.ts';
import { createDeferredIndexes, missingDeferredIndexes } from './deferredIndexes.ts';
import { writeSearchEntries } from './searchIndex.ts';
import { searchIndexBuildMarker } from './searchIndexMarker.ts';
import { inTransaction, stmt } from './statements.ts';

/** FTS5's own numbers (fts5Int.h): its default merge settings and the most segments a level may hold. */
export const FTS5_DEFAULT_AUTOMERGE = 4;
export const FTS5_DEFAULT_CRISISMERGE = 16;
const FTS5_MAX_CRISISMERGE = 1999;

/** Below this many documents, building the whole search index at once takes a fraction of a second. */
export const SEARCH_INDEX_IN_SLICES_FROM = 5_000;

export type SearchIndexState =
  | { building: false }
  /**
   * done of total: row numbers written (a measure of progress, not a count of documents);
   * 'indexes' while the sort indexes a bulk load left out are created, before any entry.
   */
  | { building: true; phase: 'indexes' | 'entries' | 'merging'; done: number; total: number };

export interface SliceSize {
  /** Documents whose entries one slice writes. */
  documents: number;
  /** Pages of merged index one slice writes. */
  mergePages: number;
}

/**
 * About a tenth of a second each on a loaded two-core machine: a document's entry costs
 * about 0.1 ms to write, a merged page of 4 kB a little less.
 */
export const DEFAULT_SLICE: SliceSize = { documents: 1_000, mergePages: 400 };

// FTS5 reads a command's name only from the statement's text, not from a bound value.
function setting(db: Db, name: 'automerge' | 'crisismerge', value: number): void {
  db.exec(`INSERT INTO documents_fts (documents_fts, rank) VALUES ('${name}', ${Math.trunc(value)})`);
}

/**
 * Empties the index and marks it as to be built from the first row, inside the caller's
 * transaction. FTS5 left to merge while entries go in would write every term three or
 * four times at 100,000 documents and leave segments on four levels: merging is held off
 * until the entries are all written.
 */
export function markSearchIndexToBuild(db: Db): void {
  db.exec(`INSERT INTO documents_fts (documents_fts) VALUES ('delete-all')`);
  setting(db, 'automerge', 0);
  setting(db, 'crisismerge', FTS5_MAX_CRISISMERGE);
  stmt(db, `INSERT INTO search_index_build (id, phase, next_row_no) VALUES (1, 'entries', ?)
    ON CONFLICT (id) DO UPDATE SET phase = excluded.phase, next_row_no = excluded.next_row_no`).run(Number.MIN_SAFE_INTEGER);
}

export function searchIndexState(db: Db): SearchIndexState {
  const marker = searchIndexBuildMarker(db);
  if (!marker) return { building: false };
  const total = (stmt(db, 'SELECT max(row_no) FROM documents').pluck().get() as number | null) ?? 0;
  const done = marker.phase === 'merging' ? total : Math.max(0, Math.min(total, marker.next_row_no - 1));
  const phase = marker.phase === 'entries' && done === 0 && missingDeferredIndexes(db).length > 0 ? 'indexes' : marker.phase;
  return { building: true, phase, done, total };
}

function setPhase(db: Db, phase: 'entries' | 'merging', nextRowNo: number): void {
  stmt(db, 'UPDATE search_index_build SET phase = ?, next_row_no = ? WHERE id = 1').run(phase, nextRowNo);
}

function finish(db: Db): void {
  setting(db, 'automerge', FTS5_DEFAULT_AUTOMERGE);
  setting(db, 'crisismerge', FTS5_DEFAULT_CRISISMERGE);
  stmt(db, 'DELETE FROM search_index_build WHERE id = 1').run();
}

/** Does one slice of the build, in a transaction of its own; answers the state after it. */
export function buildSearchIndexSlice(db: Db, size: SliceSize = DEFAULT_SLICE): SearchIndexState {
  inTransaction(db, () => {
    const marker = searchIndexBuildMarker(db);
    if (!marker) return;
    // The sort indexes a bulk load left to the build (deferredIndexes.ts) come first, one
    // per slice: each is about as long as a slice of entries.
    if (createDeferredIndexes(db, 1) > 0) return;
    if (marker.phase === 'entries') {
      const last = stmt(db, 'SELECT max(row_no) FROM (SELECT row_no FROM documents WHERE row_no >= ? ORDER BY row_no LIMIT ?)')
        .pluck().get(marker.next_row_no, Math.max(1, size.documents)) as number | null;
      if (last !== null) {
        writeSearchEntries(db, marker.next_row_no, last);
        setPhase(db, 'entries', last + 1);
        return;
      }
      setPhase(db, 'merging', marker.next_row_no);
    }
    // A negative page count merges every segment into one, as 'optimize' does, but stops
    // after about that many pages; a call that finds nothing to merge changes fewer than
    // two rows (FTS5's documentation of 'merge').
    const before = stmt(db, 'SELECT total_changes()').pluck().get() as number;
    db.exec(`INSERT INTO documents_fts (documents_fts, rank) VALUES ('merge', ${-Math.max(1, Math.trunc(size.mergePages))})`);
    const changed = (stmt(db, 'SELECT total_changes()').pluck().get() as number) - before;
    if (changed < 2) finish(db);
  });
  return searchIndexState(db);
}

/**
 * Builds what is left of the index in one transaction: the remaining entries in one
 * statement, then one 'optimize'. For a small library, where slices would gain nothing.
 */
export function completeSearchIndex(db: Db): void {
  inTransaction(db, () => {
    const marker = searchIndexBuildMarker(db);
    if (!marker) return;
    createDeferredIndexes(db);
    if (marker.phase === 'entries') writeSearchEntries(db, marker.next_row_no, Number.MAX_SAFE_INTEGER);
    db.exec(`INSERT INTO documents_fts (documents_fts) VALUES ('optimize')`);
    finish(db);
  });
}
