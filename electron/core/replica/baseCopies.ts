// The base of a three-way merge: the service's last version of a row with local changes.
// While a row has no pending change of its own the replica row IS the service's last
// version, so no copy is kept for it (a first sync wrote one per row: a third of its
// writes). The first local edit keeps the row as it was before the edit (`keepBaseCopy`,
// in the edit's transaction); every pull of a row with a copy refreshes it; a confirmed
// push that leaves the row clean drops it (pushResults.ts).
import { readAnnotationRow, toLocalAnnotation } from './annotationRows.ts';
import type { Db } from './database.ts';
import { readDocumentRow, storedDocument } from './documentRows.ts';
import { readFolderRow, toLocalFolder } from './folderRows.ts';
import { stmt } from './statements.ts';
import type { EntityKind } from './types.ts';

export function saveBaseCopy(db: Db, kind: EntityKind, json: Record<string, unknown>): void {
  const lastModified = (json.last_modified ?? json.modified ?? null) as string | null;
  stmt(db, `INSERT INTO base_copies (kind, id, json, last_modified) VALUES (?, ?, ?, ?)
    ON CONFLICT (kind, id) DO UPDATE SET json = excluded.json, last_modified = excluded.last_modified`).run(kind, json.id, JSON.stringify(json), lastModified);
}

export function getBaseCopy(db: Db, kind: EntityKind, id: string): { json: Record<string, unknown>; last_modified: string | null } | undefined {
  const row = stmt(db, 'SELECT json, last_modified FROM base_copies WHERE kind = ? AND id = ?').get(kind, id) as { json: string; last_modified: string | null } | undefined;
  return row && { json: JSON.parse(row.json) as Record<string, unknown>, last_modified: row.last_modified };
}

export function hasBaseCopy(db: Db, kind: EntityKind, id: string): boolean {
  return stmt(db, 'SELECT 1 FROM base_copies WHERE kind = ? AND id = ?').get(kind, id) !== undefined;
}

/** Which of these rows have a base copy (one query for a pulled page). */
export function baseCopyIds(db: Db, kind: EntityKind, ids: readonly string[]): Set<string> {
  return new Set(stmt(db, 'SELECT id FROM base_copies WHERE kind = ? AND id IN (SELECT value FROM json_each(?))').pluck().all(kind, JSON.stringify(ids)) as string[]);
}

export function dropBaseCopy(db: Db, kind: EntityKind, id: string): void {
  stmt(db, 'DELETE FROM base_copies WHERE kind = ? AND id = ?').run(kind, id);
}

/**
 * Whether the row has a change of its own waiting (an outbox entry that writes the row, not
 * a folder's link or unlink) or an open conflict on a field: then its base copy is the
 * service's version and the row is not. (A row brought back with a conflict on the whole row,
 * '$row', is the service's version.)
 */
export function hasLocalChange(db: Db, kind: EntityKind, id: string): boolean {
  return stmt(db, `SELECT 1 FROM outbox WHERE kind = ? AND entity_id = ? AND op NOT IN ('link', 'unlink')
    UNION ALL SELECT 1 FROM conflicts WHERE kind = ? AND id = ? AND field <> '$row' LIMIT 1`).get(kind, id, kind, id) !== undefined;
}

const dropNulls = (json: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(json).filter(([, value]) => value !== null && value !== undefined));

/** The row as the service sent it (its fields under the service's names); undefined when the service never had it. */
function serviceForm(db: Db, kind: EntityKind, id: string): Record<string, unknown> | undefined {
  if (kind === 'document') {
    const row = readDocumentRow(db, id);
    if (!row || row.last_modified === null) return undefined;
    const doc = storedDocument(row);
    return dropNulls({ ...doc.data, id, group_id: doc.group_id, profile_id: doc.profile_id, created: doc.created, last_modified: doc.last_modified });
  }
  if (kind === 'annotation') {
    const row = readAnnotationRow(db, id);
    return row && row.last_modified !== null ? { ...toLocalAnnotation(row) } : undefined;
  }
  if (kind === 'folder') {
    const row = readFolderRow(db, id);
    return row && row.modified !== null ? { ...toLocalFolder(row) } : undefined;
  }
  return undefined; // files are never edited, only added and removed
}

/**
 * Called by a local edit before it writes the row: when the row has no change of its own
 * yet it is the service's last version, kept now as the base of later merges. A row the
 * service does not have (a create not yet pushed, or one to be created again) has none.
 */
export function keepBaseCopy(db: Db, kind: EntityKind, id: string): void {
  // A pending create counts as a change: the service does not have the row yet.
  if (hasLocalChange(db, kind, id)) return;
  const json = serviceForm(db, kind, id);
  if (json) saveBaseCopy(db, kind, json);
}
