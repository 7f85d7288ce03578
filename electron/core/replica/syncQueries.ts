// The questions the sync engine asks about rows while it pulls and pushes: which rows have
// pending edits, which rows a library holds, which files still lack their bytes. Kept here
// so the engine never writes SQL of its own.
import type { Db } from './database.ts';
import { readFileRow, type FileRow } from './fileRows.ts';
import { stmt } from './statements.ts';
import type { EntityKind } from './types.ts';

/** Ids of rows of a kind with entries in the outbox (the few rows a pull must merge). */
export function pendingIds(db: Db, kind: EntityKind): Set<string> {
  return new Set(stmt(db, 'SELECT DISTINCT entity_id FROM outbox WHERE kind = ?').pluck().all(kind) as string[]);
}

/** Ids of the folders of a library (null: the personal one). */
export function folderIdsOf(db: Db, groupId: string | null): string[] {
  return stmt(db, 'SELECT id FROM folders WHERE group_id IS ?').pluck().all(groupId) as string[];
}

/**
 * The service's time of the version of a row this replica holds (null: a row the service
 * never sent; undefined: no such row). A pull skips rows it already holds at that version.
 */
export function serverVersionOf(db: Db, kind: 'document' | 'annotation' | 'folder', id: string): string | null | undefined {
  const sql = {
    document: 'SELECT last_modified FROM documents WHERE id = ?',
    annotation: 'SELECT last_modified FROM annotations WHERE id = ?',
    folder: 'SELECT modified FROM folders WHERE id = ?',
  }[kind];
  return stmt(db, sql).pluck().get(id) as string | null | undefined;
}

export function hasAnnotation(db: Db, id: string): boolean {
  return stmt(db, 'SELECT 1 FROM annotations WHERE id = ?').get(id) !== undefined;
}

/** A file's row as the transfers need it (undefined when it is gone). */
export function fileRecord(db: Db, id: string): FileRow | undefined {
  return readFileRow(db, id);
}

/** Whether any file row still names these bytes (they may leave the store when none does). */
export function fileHashInUse(db: Db, sha1: string): boolean {
  return stmt(db, 'SELECT 1 FROM files WHERE filehash = ?').get(sha1) !== undefined;
}

/** Files of a library whose bytes are not on this machine yet. */
export function filesWithoutBytes(db: Db, groupId: string | null): string[] {
  return stmt(db, 'SELECT id FROM files WHERE local_path IS NULL AND document_id IN (SELECT id FROM documents WHERE group_id IS ?)')
    .pluck().all(groupId) as string[];
}
