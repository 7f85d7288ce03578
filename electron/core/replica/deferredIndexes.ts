// The sort and annotation indexes a first sync leaves out while it loads (bulkLoad.ts):
// built once from the finished tables they cost a fraction of keeping them row by row.
// Finishing the load creates the few the library's first view needs; the others are
// created one per slice by the search index's build (searchIndexBuild.ts), after the
// library is shown. Until then a list sorted by another column reads the table (about a
// tenth of a second at 100,000 documents) instead of an index: the same rows, slower.
import type { Db } from './database.ts';
import { stmt } from './statements.ts';

/**
 * Each deferred index, exactly as migrations/0001-initial.ts, 0002-library-views.ts,
 * 0004-profile-names.ts and 0006-document-identifiers.ts create it. The tag and identifier
 * tables' document_id indexes too: the load writes those rows in key order at its end
 * (mirrorTables.ts), and their random document ids made that write a third longer.
 */
export const DEFERRED_INDEXES: ReadonlyArray<readonly [name: string, definition: string]> = [
  ['documents_by_title', 'documents (group_id, trashed, sort_title, id)'],
  ['documents_by_author', 'documents (group_id, trashed, sort_author, id)'],
  ['documents_by_year', 'documents (group_id, trashed, year, id)'],
  ['documents_by_source', 'documents (group_id, trashed, sort_source, id)'],
  ['documents_by_type', 'documents (group_id, trashed, type, id)'],
  ['documents_by_added', 'documents (group_id, trashed, added_local, id)'],
  ['documents_by_modified', 'documents (group_id, trashed, modified_local, id)'],
  ['documents_by_read', 'documents (group_id, trashed, read, sort_title, id)'],
  ['documents_by_starred', 'documents (group_id, trashed, starred, sort_title, id)'],
  ['documents_by_file', 'documents (group_id, trashed, file_attached, sort_title, id)'],
  ['annotations_by_document', 'annotations (document_id)'],
  ['annotations_by_profile', 'annotations (profile_id) WHERE profile_id IS NOT NULL'],
  ['document_tags_by_document', 'document_tags (document_id)'],
  ['document_identifiers_by_document', 'document_identifiers (document_id)'],
];

/**
 * Created by finishing the load itself: the library's first view (newest added first,
 * libraryStore.ts) and a document's annotations, which the reader reads on opening it.
 */
export const INDEXES_AT_FINISH: ReadonlySet<string> = new Set(['documents_by_added', 'annotations_by_document', 'annotations_by_profile']);

/** The deferred indexes the file lacks, in DEFERRED_INDEXES order. */
export function missingDeferredIndexes(db: Db): ReadonlyArray<readonly [name: string, definition: string]> {
  const present = new Set(stmt(db, `SELECT name FROM sqlite_master WHERE type = 'index' AND name IN (SELECT value FROM json_each(?))`)
    .pluck().all(JSON.stringify(DEFERRED_INDEXES.map(([name]) => name))) as string[]);
  return DEFERRED_INDEXES.filter(([name]) => !present.has(name));
}

/** Creates up to `count` of the missing deferred indexes (all by default); answers how many it created. */
export function createDeferredIndexes(db: Db, count = Infinity): number {
  const missing = missingDeferredIndexes(db).slice(0, count);
  for (const [name, definition] of missing) db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${definition}`);
  return missing.length;
}
