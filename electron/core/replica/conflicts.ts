// Clashes the sync engine could not merge (both sides changed one field differently) wait
// here for the person to choose; nothing is overwritten silently meanwhile.
import type { Db } from './database.ts';
import { getBaseCopy } from './baseCopies.ts';
import { readField, writeField } from './entityFields.ts';
import { ReplicaError } from './errors.ts';
import { entriesOf, recordUpdate } from './outbox.ts';
import { inTransaction, now, stmt } from './statements.ts';
import { ROW_CONFLICT_FIELD } from './syncRepairs.ts';
import { serverVersionOf } from './syncQueries.ts';
import { deleteDocument } from './documentWrites.ts';
import { deleteFolder } from './folderWrites.ts';
import { deleteAnnotation } from './annotationWrites.ts';
import { removeFile } from './fileWrites.ts';
import type { Conflict, ConflictResolution, EntityKind } from './types.ts';

interface ConflictRow {
  kind: EntityKind;
  id: string;
  field: string;
  local_value: string | null;
  remote_value: string | null;
  base_value: string | null;
  detected_at: string;
}

const encode = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const decode = (text: string | null): unknown => (text === null ? undefined : JSON.parse(text));

const toConflict = (row: ConflictRow): Conflict => ({
  ...row, local_value: decode(row.local_value), remote_value: decode(row.remote_value), base_value: decode(row.base_value),
});

/** Records (or refreshes) a clash; undefined values mean "absent" on that side. */
export function recordConflict(db: Db, conflict: Omit<Conflict, 'detected_at'>): void {
  stmt(db, `INSERT INTO conflicts (kind, id, field, local_value, remote_value, base_value, detected_at) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (kind, id, field) DO UPDATE SET local_value = excluded.local_value, remote_value = excluded.remote_value,
      base_value = excluded.base_value, detected_at = excluded.detected_at`).run(
    conflict.kind, conflict.id, conflict.field, encode(conflict.local_value), encode(conflict.remote_value), encode(conflict.base_value), now(),
  );
}

export function listConflicts(db: Db, filter: { kind?: EntityKind; id?: string } = {}): Conflict[] {
  const rows = stmt(db, `SELECT * FROM conflicts WHERE (@kind IS NULL OR kind = @kind) AND (@id IS NULL OR id = @id) ORDER BY detected_at, kind, id, field`)
    .all({ kind: filter.kind ?? null, id: filter.id ?? null }) as ConflictRow[];
  return rows.map(toConflict);
}

/** Takes a field out of the pending update of a row (dropping the entry when nothing is left). */
export function dropPendingField(db: Db, kind: EntityKind, id: string, field: string): void {
  for (const entry of entriesOf(db, kind, id)) {
    if (entry.op !== 'update' || !entry.changed?.includes(field)) continue;
    const rest = entry.changed.filter((f) => f !== field);
    if (rest.length) stmt(db, 'UPDATE outbox SET changed = ?, revision = revision + 1 WHERE seq = ?').run(JSON.stringify(rest), entry.seq);
    else stmt(db, 'DELETE FROM outbox WHERE seq = ?').run(entry.seq);
  }
}

function deleteRow(db: Db, kind: EntityKind, id: string): void {
  const remove = { document: deleteDocument, folder: deleteFolder, annotation: deleteAnnotation, file: removeFile }[kind];
  remove(db, id);
}

/**
 * keep mine: the local value stays and will be pushed; keep theirs: the server's value
 * replaces it and nothing is pushed for the field; value: the given value is set and pushed.
 */
export function resolveConflict(db: Db, kind: EntityKind, id: string, field: string, resolution: ConflictResolution): void {
  inTransaction(db, () => {
    const row = stmt(db, 'SELECT * FROM conflicts WHERE kind = ? AND id = ? AND field = ?').get(kind, id, field) as ConflictRow | undefined;
    if (!row) throw new ReplicaError('not_found', `There is no conflict on ${field} of ${kind} ${id}`);
    const conflict = toConflict(row);
    // Gone first, so the edits below are pushed rather than taken as the conflict's local side.
    stmt(db, 'DELETE FROM conflicts WHERE kind = ? AND id = ? AND field = ?').run(kind, id, field);
    // The push that follows is based on the newest server version this replica has seen
    // (the row's own when no base copy was kept: a conflict found as the row was pulled).
    const base = getBaseCopy(db, kind, id)?.last_modified ?? (kind === 'file' ? null : serverVersionOf(db, kind, id) ?? null);
    if (field === ROW_CONFLICT_FIELD) {
      // Deleted here, edited there: the row is back; keeping mine deletes it again.
      if ('keep' in resolution && resolution.keep === 'mine') deleteRow(db, kind, id);
    } else if ('value' in resolution) {
      writeField(db, kind, id, field, resolution.value);
      recordUpdate(db, kind, id, [field], base);
    } else if (resolution.keep === 'theirs') {
      // The newest server value: every applied server version refreshes the conflict's remote side.
      writeField(db, kind, id, field, conflict.remote_value);
      dropPendingField(db, kind, id, field);
    } else {
      // Mine: the row's value, which later edits kept up to date (the conflict's local side).
      readField(db, kind, id, field);
      recordUpdate(db, kind, id, [field], base);
    }
  });
}
