// The first sync of an empty library writes 100,000s of rows. Keeping seven sort indexes
// and the full-text index up to date row by row makes every page commit rewrite thousands
// of scattered index pages; building them once from the finished tables is many times
// cheaper. So while a bulk load runs the sort indexes are absent, the search index is not
// written and the tag and identifier tables are not kept (mirrorTables.ts); finishing it
// creates the indexes and builds the search index and those tables in one pass each.
//
// The state is the schema itself: the indexes are dropped in one transaction and created
// again (with the whole search index) in another, so "an index is missing" means "a bulk
// load did not finish" — after a crash, opening the file finishes it.
import type { Db } from './database.ts';
import { MIRROR_TRIGGERS, REBUILD_MIRRORS } from './mirrorTables.ts';
import { rebuildSearchIndex } from './searchIndex.ts';
import { commitBulkTransaction, stmt } from './statements.ts';

/** The indexes a bulk load defers, exactly as migrations/0001-initial.ts creates them, */
export const DEFERRED_INDEXES: ReadonlyArray<readonly [name: string, definition: string]> = [
  ['documents_by_title', 'documents (group_id, trashed, sort_title, id)'],
  ['documents_by_author', 'documents (group_id, trashed, sort_author, id)'],
  ['documents_by_year', 'documents (group_id, trashed, year, id)'],
  ['documents_by_source', 'documents (group_id, trashed, sort_source, id)'],
  ['documents_by_type', 'documents (group_id, trashed, type, id)'],
  ['documents_by_added', 'documents (group_id, trashed, added_local, id)'],
  ['documents_by_modified', 'documents (group_id, trashed, modified_local, id)'],
  // and as migrations/0002-library-views.ts creates them:
  ['documents_by_read', 'documents (group_id, trashed, read, sort_title, id)'],
  ['documents_by_starred', 'documents (group_id, trashed, starred, sort_title, id)'],
  ['documents_by_file', 'documents (group_id, trashed, file_attached, sort_title, id)'],
  ['annotations_by_document', 'annotations (document_id)'],
  // and as migrations/0004-profile-names.ts creates it:
  ['annotations_by_profile', 'annotations (profile_id) WHERE profile_id IS NOT NULL'],
];

const loading = new WeakMap<Db, boolean>();

export function isBulkLoading(db: Db): boolean {
  let state = loading.get(db);
  if (state === undefined) {
    const present = stmt(db, `SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN (SELECT value FROM json_each(?))`)
      .pluck().get(JSON.stringify(DEFERRED_INDEXES.map(([name]) => name))) as number;
    loading.set(db, (state = present < DEFERRED_INDEXES.length));
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
    return true;
  }).immediate();
  if (began) {
    loading.set(db, true);
    // Checkpoint every 64 MB instead of every 4: with the sort indexes deferred a load
    // rarely rewrites a page, and checkpoints run while the next page is on its way from
    // the service. Never checkpointing left the whole library in the WAL for one 3 s copy at
    // the end (initial sync 2.5x the raw floor; about 2x with this).
    db.pragma('wal_autocheckpoint = 16384');
  }
  return began;
}

/** Creates the deferred indexes and builds the whole search index, in one transaction. */
export function finishBulkLoad(db: Db): void {
  commitBulkTransaction(db);
  if (!isBulkLoading(db)) return;
  db.transaction(() => {
    for (const [name, definition] of DEFERRED_INDEXES) db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${definition}`);
    // The tag and identifier tables: their triggers back, both filled in one pass each.
    for (const [name, definition] of MIRROR_TRIGGERS) {
      if (stmt(db, `SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?`).get(name) === undefined) db.exec(definition);
    }
    db.exec(REBUILD_MIRRORS);
    // Local edits made during the load wrote entries of their own: start from nothing.
    db.exec(`INSERT INTO documents_fts (documents_fts) VALUES ('delete-all')`);
    buildSearchIndexInOneSegment(db);
  }).immediate();
  loading.set(db, false);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('wal_autocheckpoint = 1000');
}

/**
 * FTS5 writes a large INSERT ... SELECT as a segment per megabyte of terms and merges them
 * level by level while it goes (every term read and written three or four times at 100,000
 * documents); it then left segments of every size on four levels, so the first small
 * writes after the load (an incremental sync's ten documents) set off merges of
 * 9,000-page segments, done a slice per commit, and each search looked every term up in
 * eight segments. Merging is held off while the index is written and done once at the
 * end ('optimize': one segment on a level of its own, which small writes' merges never
 * reach): a fifth less CPU at 100,000 documents than merging on the way.
 */
function buildSearchIndexInOneSegment(db: Db): void {
  // FTS5 reads a command's name only from the statement's text, not from a bound value.
  const setting = (name: 'automerge' | 'crisismerge', value: number) => db.exec(`INSERT INTO documents_fts (documents_fts, rank) VALUES ('${name}', ${Math.trunc(value)})`);
  setting('automerge', 0);
  setting('crisismerge', FTS5_MAX_CRISISMERGE);
  rebuildSearchIndex(db);
  db.exec(`INSERT INTO documents_fts (documents_fts) VALUES ('optimize')`);
  // FTS5's defaults again, for the writes of every day.
  setting('automerge', FTS5_DEFAULT_AUTOMERGE);
  setting('crisismerge', FTS5_DEFAULT_CRISISMERGE);
}

/** FTS5's own numbers (fts5Int.h): its default merge settings and the most segments a level may hold. */
export const FTS5_DEFAULT_AUTOMERGE = 4;
export const FTS5_DEFAULT_CRISISMERGE = 16;
const FTS5_MAX_CRISISMERGE = 1999;
