// What the sync engine reports back after pushing an outbox entry.
import { DOCUMENT_FIELD_NAMES } from '../../../shared/schemas/document.ts';
import { dropBaseCopy, hasLocalChange } from './baseCopies.ts';
import type { Db } from './database.ts';
import { EDITABLE_FIELDS } from './entityFields.ts';
import { readDocumentRow } from './documentRows.ts';
import { forgetBookkeeping } from './localRecords.ts';
import { outboxEntry } from './outbox.ts';
import { remapId } from './remapId.ts';
import { applyRemote, type ServerJson } from './remoteApply.ts';
import { inTransaction, stmt } from './statements.ts';
import type { EntityKind } from './types.ts';

function fieldsToRepush(db: Db, kind: EntityKind, id: string, server: ServerJson | undefined): string[] {
  if (kind !== 'document') return [...EDITABLE_FIELDS[kind]];
  const row = readDocumentRow(db, id);
  const present = new Set([...Object.keys(row ? (JSON.parse(row.data) as object) : {}), ...Object.keys(server ?? {})]);
  return DOCUMENT_FIELD_NAMES.filter((f) => present.has(f));
}

/**
 * The service accepted entry `seq` as it was at `revision` and answered `server` (the row it
 * now holds, when the call returns one). In one transaction: a created row takes its server
 * id; the entry is removed, unless the row was edited again during the push, in which case
 * it stays as an update based on the version just pushed; the answer is applied like a pull
 * (which refreshes the base copy of a row still changed here; a row left clean needs none).
 */
export function completePush(db: Db, seq: number, revision: number, server?: ServerJson): void {
  inTransaction(db, () => {
    const entry = outboxEntry(db, seq);
    if (!entry) return;
    let id = entry.entity_id;
    if (entry.op === 'create' && typeof server?.id === 'string' && server.id !== id) {
      remapId(db, entry.kind, id, server.id);
      id = server.id;
    }
    const editedMeanwhile = (entry.op === 'create' || entry.op === 'update') && entry.revision !== revision;
    if (editedMeanwhile) {
      const changed = entry.op === 'create' ? fieldsToRepush(db, entry.kind, id, server) : entry.changed;
      const base = (server?.last_modified ?? server?.modified ?? entry.base_last_modified ?? null) as string | null;
      stmt(db, `UPDATE outbox SET op = 'update', changed = ?, base_last_modified = ?, attempts = 0, last_error = NULL WHERE seq = ?`)
        .run(JSON.stringify(changed), base, seq);
    } else {
      stmt(db, 'DELETE FROM outbox WHERE seq = ?').run(seq);
    }
    if (entry.op === 'delete') {
      forgetBookkeeping(db, entry.kind, id);
      return;
    }
    if (server) applyRemote(db, entry.kind, server);
    if (!hasLocalChange(db, entry.kind, id)) dropBaseCopy(db, entry.kind, id);
  });
}

/** After a 412 the engine merges against the server's newer version: later pushes are based on it. */
export function rebasePending(db: Db, kind: EntityKind, id: string, lastModified: string): void {
  stmt(db, `UPDATE outbox SET base_last_modified = ? WHERE kind = ? AND entity_id = ? AND op IN ('update', 'trash', 'restore', 'delete')`).run(lastModified, kind, id);
}
