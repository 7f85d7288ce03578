// Pushes the service refused for good (a 4xx that another try would not change): the entry
// leaves the retry loop, stays in the outbox with its reason, and waits for the person to
// choose: try again, discard my change (the row goes back to the service's version), or keep
// it on this device only (the entry goes, the local value stays). The outbox always drains.
import type { Db } from './database.ts';
import { getBaseCopy } from './baseCopies.ts';
import { EDITABLE_FIELDS, writeField } from './entityFields.ts';
import { forgetBookkeeping } from './localRecords.ts';
import { outboxEntry, toEntry } from './outbox.ts';
import { applyRemote } from './remoteApply.ts';
import { TABLE_OF } from './remapId.ts';
import { ReplicaError } from './errors.ts';
import { inTransaction, now, stmt } from './statements.ts';
import type { OutboxEntry } from './types.ts';

export type HeldChoice = 'retry' | 'discard' | 'keep-local';

export function holdPush(db: Db, seq: number, reason: string): void {
  stmt(db, 'UPDATE outbox SET held_at = ?, last_error = ?, attempts = attempts + 1 WHERE seq = ?').run(now(), reason, seq);
}

export function listHeldPushes(db: Db): OutboxEntry[] {
  return (stmt(db, 'SELECT * FROM outbox WHERE held_at IS NOT NULL ORDER BY seq').all() as Parameters<typeof toEntry>[0][]).map(toEntry);
}

function deleteRowHere(db: Db, entry: OutboxEntry): void {
  forgetBookkeeping(db, entry.kind, entry.entity_id);
  stmt(db, `DELETE FROM ${TABLE_OF[entry.kind]} WHERE id = ?`).run(entry.entity_id);
}

/** Puts the row back as the service last had it (its base copy), or removes a row it never had. */
function revertToService(db: Db, entry: OutboxEntry): void {
  const base = getBaseCopy(db, entry.kind, entry.entity_id);
  if (entry.op === 'create' || !base) {
    if (entry.op !== 'link' && entry.op !== 'unlink') deleteRowHere(db, entry);
    return;
  }
  if (entry.op === 'update') {
    for (const field of entry.changed ?? []) if (EDITABLE_FIELDS[entry.kind].includes(field)) writeField(db, entry.kind, entry.entity_id, field, base.json[field]);
    return;
  }
  // delete, trash, restore: the service's copy comes back as it was.
  applyRemote(db, entry.kind, base.json, { trashed: typeof base.json.trashed === 'boolean' ? base.json.trashed : undefined });
}

export function resolveHeldPush(db: Db, seq: number, choice: HeldChoice): void {
  inTransaction(db, () => {
    const entry = outboxEntry(db, seq);
    if (!entry?.held_at) throw new ReplicaError('not_found', 'That change is no longer waiting for a decision');
    if (choice === 'retry') {
      stmt(db, 'UPDATE outbox SET held_at = NULL, last_error = NULL, attempts = 0 WHERE seq = ?').run(seq);
      return;
    }
    stmt(db, 'DELETE FROM outbox WHERE seq = ?').run(seq);
    if (choice === 'discard') revertToService(db, entry);
  });
}
