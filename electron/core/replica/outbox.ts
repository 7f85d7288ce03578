// The outbox: local changes waiting to be pushed, written in the same transaction as the
// row they describe. Changes to one row made before a push coalesce into one entry, so the
// push sends each field once and is based on the server version the first edit saw.
import type { Db } from './database.ts';
import { readField } from './entityFields.ts';
import { now, stmt } from './statements.ts';
import type { EntityKind, OutboxEntry, OutboxOp } from './types.ts';

interface OutboxRow extends Omit<OutboxEntry, 'changed'> {
  changed: string | null;
}

export function toEntry(row: OutboxRow): OutboxEntry {
  return { ...row, changed: row.changed === null ? null : (JSON.parse(row.changed) as string[]) };
}

export function entriesOf(db: Db, kind: EntityKind, id: string): OutboxEntry[] {
  return (stmt(db, 'SELECT * FROM outbox WHERE kind = ? AND entity_id = ? ORDER BY seq').all(kind, id) as OutboxRow[]).map(toEntry);
}

interface InsertExtra {
  target?: string;
  changed?: string[];
  base?: string | null;
  /** A create's key, or a deletion's that must first learn what an unanswered create made. */
  sent?: { key: string; body: string | null };
}

function insert(db: Db, kind: EntityKind, id: string, op: OutboxOp, extra: InsertExtra = {}): void {
  stmt(db, `INSERT INTO outbox (kind, entity_id, op, target_id, changed, base_last_modified, created_at, idempotency_key, sent_body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
    kind, id, op, extra.target ?? null, extra.changed ? JSON.stringify(extra.changed) : null, extra.base ?? null, now(), extra.sent?.key ?? null, extra.sent?.body ?? null,
  );
}

/** A create carries its Idempotency-Key from the start, written with the row it creates. */
export function recordCreate(db: Db, kind: EntityKind, id: string): void {
  insert(db, kind, id, 'create', { sent: { key: crypto.randomUUID(), body: null } });
}

/**
 * Freezes the body of a create before it is first sent: a resend (after a lost reply or a
 * crash) must send the same body under the same key, or the service would refuse it.
 */
export function markCreateSent(db: Db, seq: number, body: string, revision: number): void {
  stmt(db, `UPDATE outbox SET sent_body = ?, sent_revision = ? WHERE seq = ? AND sent_body IS NULL`).run(body, revision, seq);
}

/**
 * Records that `fields` changed (the row already holds the new values). A field with an open
 * conflict is not pushed: the edit becomes the local side of that conflict, which the person
 * still has to decide. A pending create already sends the whole row; a pending update gains
 * the fields and keeps its original base.
 */
export function recordUpdate(db: Db, kind: EntityKind, id: string, edited: readonly string[], base: string | null): void {
  const fields = edited.filter((field) => !updateConflictLocalSide(db, kind, id, field));
  if (fields.length === 0) return;
  const pending = entriesOf(db, kind, id).find((e) => e.op === 'create' || e.op === 'update');
  if (!pending) {
    insert(db, kind, id, 'update', { changed: [...new Set(fields)], base });
    return;
  }
  const changed = pending.op === 'create' ? null : JSON.stringify([...new Set([...(pending.changed ?? []), ...fields])]);
  stmt(db, 'UPDATE outbox SET changed = ?, revision = revision + 1 WHERE seq = ?').run(changed, pending.seq);
}

/** When `field` has an open conflict, its local side becomes the row's current value (answers true). */
function updateConflictLocalSide(db: Db, kind: EntityKind, id: string, field: string): boolean {
  if (!stmt(db, 'SELECT 1 FROM conflicts WHERE kind = ? AND id = ? AND field = ?').get(kind, id, field)) return false;
  const value = readField(db, kind, id, field);
  stmt(db, 'UPDATE conflicts SET local_value = ? WHERE kind = ? AND id = ? AND field = ?').run(value === undefined ? null : JSON.stringify(value), kind, id, field);
  return true;
}

/**
 * Marks a trash, restore, link or unlink as sent before its request goes out: from then on
 * the service may hold it even if no answer comes back.
 */
export function markSent(db: Db, seq: number): void {
  stmt(db, 'UPDATE outbox SET sent_at = COALESCE(sent_at, ?) WHERE seq = ?').run(now(), seq);
}

/**
 * Trash and restore undo each other while neither has been sent. One already sent (its
 * answer may be lost) stays, and the opposite is pushed after it.
 */
export function recordTrashOrRestore(db: Db, id: string, op: 'trash' | 'restore', base: string | null): void {
  const opposite = op === 'trash' ? 'restore' : 'trash';
  const undone = stmt(db, `DELETE FROM outbox WHERE kind = 'document' AND entity_id = ? AND op = ? AND sent_at IS NULL`).run(id, opposite);
  if (undone.changes === 0) insert(db, 'document', id, op, { base });
}

/**
 * Records the deletion of a row. Returns false when the row was never pushed: then there is
 * nothing to tell the service and every pending entry about it is dropped.
 */
export function recordDelete(db: Db, kind: EntityKind, id: string, base: string | null): boolean {
  const entries = entriesOf(db, kind, id);
  stmt(db, 'DELETE FROM outbox WHERE kind = ? AND entity_id = ?').run(kind, id);
  const create = entries.find((e) => e.op === 'create');
  if (create?.sent_body && create.idempotency_key) {
    // Sent, but the answer never came: the service may hold it. The deletion first asks, with
    // the same key and body, what that create made, then deletes it.
    insert(db, kind, id, 'delete', { base, sent: { key: create.idempotency_key, body: create.sent_body } });
    return true;
  }
  if (create) return false;
  insert(db, kind, id, 'delete', { base });
  return true;
}

/** Link and unlink of the same pair undo each other while neither has been sent (as above). */
export function recordMembership(db: Db, folderId: string, documentId: string, op: 'link' | 'unlink'): void {
  const opposite = op === 'link' ? 'unlink' : 'link';
  const undone = stmt(db, `DELETE FROM outbox WHERE kind = 'folder' AND entity_id = ? AND target_id = ? AND op = ? AND sent_at IS NULL`).run(folderId, documentId, opposite);
  if (undone.changes === 0) insert(db, 'folder', folderId, op, { target: documentId });
}

/** Drops every pending entry about a row (and, for documents, links that name it). */
export function forgetEntity(db: Db, kind: EntityKind, id: string): void {
  stmt(db, 'DELETE FROM outbox WHERE kind = ? AND entity_id = ?').run(kind, id);
  if (kind === 'document') stmt(db, `DELETE FROM outbox WHERE kind = 'folder' AND target_id = ?`).run(id);
}

/** What a pull must not overwrite: fields with a pending change, and pending row-level ops. */
export interface PendingState {
  created: boolean;
  deleted: boolean;
  trashChange: boolean;
  fields: Set<string>;
  /** Fields with an open conflict (not '$row', the whole-row one): the row keeps the local side until the person decides. */
  conflicted: Set<string>;
}

/** The state of a row without outbox entries. */
export function emptyState(): PendingState {
  return { created: false, deleted: false, trashChange: false, fields: new Set(), conflicted: new Set() };
}

function addEntry(state: PendingState, entry: OutboxEntry): void {
  if (entry.op === 'create') state.created = true;
  else if (entry.op === 'delete') state.deleted = true;
  else if (entry.op === 'trash' || entry.op === 'restore') state.trashChange = true;
  else if (entry.op === 'update') for (const field of entry.changed ?? []) state.fields.add(field);
}

export function pendingState(db: Db, kind: EntityKind, id: string): PendingState {
  const state = emptyState();
  for (const entry of entriesOf(db, kind, id)) addEntry(state, entry);
  for (const field of stmt(db, `SELECT field FROM conflicts WHERE kind = ? AND id = ? AND field <> '$row'`).pluck().all(kind, id) as string[]) state.conflicted.add(field);
  return state;
}

/**
 * The pending state of many rows with one query (a pulled page): rows without outbox
 * entries are left out of the map; their state is the empty one.
 */
export function pendingStates(db: Db, kind: EntityKind, ids: readonly string[]): Map<string, PendingState> {
  const states = new Map<string, PendingState>();
  const rows = stmt(db, 'SELECT * FROM outbox WHERE kind = ? AND entity_id IN (SELECT value FROM json_each(?)) ORDER BY seq').all(kind, JSON.stringify(ids)) as OutboxRow[];
  for (const row of rows) {
    let state = states.get(row.entity_id);
    if (!state) states.set(row.entity_id, (state = emptyState()));
    addEntry(state, toEntry(row));
  }
  const conflicts = stmt(db, `SELECT id, field FROM conflicts WHERE kind = ? AND id IN (SELECT value FROM json_each(?)) AND field <> '$row'`).all(kind, JSON.stringify(ids)) as { id: string; field: string }[];
  for (const { id, field } of conflicts) {
    let state = states.get(id);
    if (!state) states.set(id, (state = emptyState()));
    state.conflicted.add(field);
  }
  return states;
}

export function listOutbox(db: Db, limit = 1000): OutboxEntry[] {
  return (stmt(db, 'SELECT * FROM outbox ORDER BY seq LIMIT ?').all(limit) as OutboxRow[]).map(toEntry);
}

export function outboxEntry(db: Db, seq: number): OutboxEntry | undefined {
  const row = stmt(db, 'SELECT * FROM outbox WHERE seq = ?').get(seq) as OutboxRow | undefined;
  return row && toEntry(row);
}

export function countOutbox(db: Db): number {
  return (stmt(db, 'SELECT count(*) AS n FROM outbox').get() as { n: number }).n;
}

export function recordPushFailure(db: Db, seq: number, message: string): void {
  stmt(db, 'UPDATE outbox SET attempts = attempts + 1, last_error = ? WHERE seq = ?').run(message, seq);
}
