// The first sync of an empty library writes 100,000s of rows. Keeping ten sort indexes
// and the full-text index up to date row by row makes every page commit rewrite thousands
// of scattered index pages; building them once from the finished tables is many times
// cheaper. So while a bulk load runs the sort indexes are absent (deferredIndexes.ts), the
// search index is not written and the tag and identifier rows are held in memory instead of
// written by triggers (mirrorTables.ts); finishing it creates the indexes the first view
// needs, writes those rows (or rebuilds both tables in one pass each when the load was
// begun before a restart), and marks the search index as to be built: then, or after the
// library is shown, in one go or in slices, as the caller says (the sync engine always
// builds it after; searchIndexBuild.ts). That build creates the other sort indexes first.
// Even at 1,000 documents and as many annotations this path costs less than half of
// keeping every index row by row.
//
// The state is the schema itself: the indexes and the mirror tables' triggers are dropped
// in one transaction and the triggers created again in another, so "a trigger is missing"
// means "a bulk load did not finish" — after a crash, opening the file finishes it (and
// leaves the search index and the other sort indexes to their build).
import type { Db } from './database.ts';
import { holdMirrorRows, MIRROR_TRIGGERS, REBUILD_MIRRORS, writeHeldMirrorRows } from './mirrorTables.ts';
import { completeSearchIndex, markSearchIndexToBuild, SEARCH_INDEX_IN_SLICES_FROM, searchIndexState } from './searchIndexBuild.ts';
import { commitBulkTransaction, stmt } from './statements.ts';
import { createDeferredIndexes, DEFERRED_INDEXES, INDEXES_AT_FINISH } from './deferredIndexes.ts';

const loading = new WeakMap<Db, boolean>();

export function isBulkLoading(db: Db): boolean {
  let state = loading.get(db);
  if (state === undefined) {
    const present = stmt(db, `SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN (SELECT value FROM json_each(?))`)
      .pluck().get(JSON.stringify(MIRROR_TRIGGERS.map(([name]) => name))) as number;
    loading.set(db, (state = present < MIRROR_TRIGGERS.length));
  }
  return state;
}

/**
 * Starts a bulk load when the replica holds no document at all (the first sync of a new
 * device). Answers whether it started one; the caller must finish it.
 */
export function beginBulkLoad(db: Db): boolean {
  if (isBulkLoading(db)) return true;
  const began = db.transaction(() => {
    if (stmt(db, 'SELECT 1 FROM documents LIMIT 1').get() !== undefined) return false;
    for (const [name] of DEFERRED_INDEXES) db.exec(`DROP INDEX IF EXISTS ${name}`);
    for (const [name] of MIRROR_TRIGGERS) db.exec(`DROP TRIGGER IF EXISTS ${name}`);
    // The search index is built after the load: searches meanwhile say so (searchIndexBuild.ts).
    markSearchIndexToBuild(db);
    return true;
  }).immediate();
  if (began) {
    loading.set(db, true);
    holdMirrorRows(db);
    // Checkpoint every 64 MB instead of every 4: with the sort indexes deferred a load
    // rarely rewrites a page, and checkpoints run while the next page is on its way from
    // the service. Never checkpointing left the whole library in the WAL for one 3 s copy at
    // the end (initial sync 2.5x the raw floor; about 2x with this).
    db.pragma('wal_autocheckpoint = 16384');
  }
  return began;
}

export { FTS5_DEFAULT_AUTOMERGE, FTS5_DEFAULT_CRISISMERGE } from './searchIndexBuild.ts';

/**
 * Creates the indexes the first view needs and fills the mirror tables in one transaction,
 * and marks the search index as to be built. It is built, with the other sort indexes,
 * before this answers unless the library has at least `searchIndexLaterFrom` documents (by
 * default it always is): then both are left to buildSearchIndexSlice.
 */
export function finishBulkLoad(db: Db, options: { searchIndexLaterFrom?: number } = {}): void {
  commitBulkTransaction(db);
  if (!isBulkLoading(db)) {
    // The build creates the sort indexes before it ends: none is missing once it has.
    if (!searchIndexState(db).building) createDeferredIndexes(db);
    return;
  }
  db.transaction(() => {
    for (const [name, definition] of DEFERRED_INDEXES) {
      if (INDEXES_AT_FINISH.has(name)) db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${definition}`);
    }
    // The tag and identifier tables: their triggers back, both filled in one pass each.
    for (const [name, definition] of MIRROR_TRIGGERS) {
      if (stmt(db, `SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?`).get(name) === undefined) db.exec(definition);
    }
    // Nothing held: the load was begun before a restart (held rows die with the process).
    if (!writeHeldMirrorRows(db)) db.exec(REBUILD_MIRRORS);
    // From nothing: a load begun by an older app wrote entries for local edits made meanwhile.
    markSearchIndexToBuild(db);
  }).immediate();
  loading.set(db, false);
  const index = searchIndexState(db);
  // A large load's WAL (up to 64 MB) is copied now, before the library is shown, rather
  // than by the next commit, which may be a slice of the search index's build that ought
  // to be short. A small load's few megabytes are left to that commit's checkpoint.
  if (index.building && index.total >= SEARCH_INDEX_IN_SLICES_FROM) db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('wal_autocheckpoint = 1000');
  if (index.building && index.total < (options.searchIndexLaterFrom ?? Infinity)) completeSearchIndex(db);
}
