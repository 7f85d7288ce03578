// Three-way merges: a server version of a row meets the replica's copy, which may have
// local changes waiting to be pushed. Against the base copy (the last server version this
// replica saw), a field changed only there is taken, a field changed only here is pushed,
// the same change on both sides is simply agreed, and different changes of one field become
// a conflict: the row keeps the local value, the conflict keeps both, nothing is pushed for
// that field until the person resolves it. A document note's text holds several notes
// (shared/notes/noteList.ts) and is merged note by note first: only one note changed two
// ways is a conflict.
import { mergeNoteLists } from '../../../shared/notes/mergeNoteLists.ts';
import { ROW_CONFLICT_FIELD } from '../replica/index.ts';
import type { ApplyOptions, EntityKind, ServerJson, ServerRow, WatermarkUpdate } from '../replica/index.ts';
import type { SyncReplica } from './runContext.ts';

/** Equality of JSON values where null and absent are the same and key order does not matter. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Service resources are JSON objects: their fields are read as unknown. */
const asJson = (row: ServerRow): ServerJson => row as ServerJson;

export function serverTimeOf(row: ServerRow): string | undefined {
  const json = asJson(row);
  return typeof json.last_modified === 'string' ? json.last_modified : typeof json.modified === 'string' ? json.modified : undefined;
}

/** Ids of rows of a kind with entries in the outbox (the few rows a pull must merge). */
export function pendingIds(replica: SyncReplica, kind: EntityKind): Set<string> {
  return replica.pendingIds(kind);
}

export function conflictIds(replica: SyncReplica, kind: EntityKind): Set<string> {
  return new Set(replica.listConflicts({ kind }).map((c) => c.id));
}

interface Restore {
  kind: EntityKind;
  id: string;
  field: string;
  value: unknown;
}

/** The note-by-note merge of a document note's text, when it merges without a clash. */
function noteListMerge(kind: EntityKind, field: string, remote: ServerJson, was: unknown, mine: unknown, theirs: unknown): string | undefined {
  if (kind !== 'annotation' || field !== 'text' || remote.type !== 'note') return undefined;
  if (typeof mine !== 'string' || typeof theirs !== 'string') return undefined;
  const merged = mergeNoteLists(typeof was === 'string' ? was : '', mine, theirs);
  return merged.clean ? merged.text : undefined;
}

/** Merges the pending fields of one row with a server version; answers the local values to put back after applying it. */
function mergePending(replica: SyncReplica, kind: EntityKind, remote: ServerJson, found: { conflicts: number }): Restore[] {
  const id = remote.id as string;
  const pending = replica.pendingState(kind, id);
  const restores: Restore[] = [];
  if (pending.fields.size) {
    const base = replica.getBaseCopy(kind, id)?.json ?? {};
    for (const field of pending.fields) {
      const theirs = remote[field];
      const was = base[field];
      if (sameValue(theirs, was)) continue; // only changed here: it will be pushed
      const mine = replica.readField(kind, id, field);
      const notes = noteListMerge(kind, field, remote, was, mine, theirs);
      if (notes !== undefined) {
        // Different notes of one document note changed on each side: both kept, the merged
        // text stays pending and is pushed over this version.
        restores.push({ kind, id, field, value: notes });
        continue;
      }
      replica.dropPendingField(kind, id, field);
      if (sameValue(mine, theirs)) continue; // both sides made the same change
      replica.recordConflict({ kind, id, field, local_value: mine, remote_value: theirs, base_value: was });
      restores.push({ kind, id, field, value: mine });
      found.conflicts++;
    }
  }
  const time = serverTimeOf(remote);
  // Later pushes of what is left are based on this version: no needless 412.
  if (time) replica.rebasePending(kind, id, time);
  return restores;
}

/** Open conflicts of a row survive a pull: the row keeps the local value, the conflict learns the newest remote one. */
function keepConflicts(replica: SyncReplica, kind: EntityKind, remote: ServerJson, restores: Restore[]): void {
  const id = remote.id as string;
  for (const conflict of replica.listConflicts({ kind, id })) {
    if (restores.some((r) => r.id === id && r.field === conflict.field)) continue;
    if (conflict.field === ROW_CONFLICT_FIELD) continue; // about the row, not a field: the row is the service's now
    const theirs = remote[conflict.field];
    if (sameValue(theirs, conflict.local_value)) {
      // The other side came round to the same value: nothing left to decide.
      replica.resolveConflict(kind, id, conflict.field, { keep: 'theirs' });
      continue;
    }
    if (!sameValue(theirs, conflict.remote_value)) {
      replica.recordConflict({ kind, id, field: conflict.field, local_value: conflict.local_value, remote_value: theirs, base_value: conflict.base_value });
    }
    restores.push({ kind, id, field: conflict.field, value: conflict.local_value });
  }
}

export interface AbsorbOptions extends ApplyOptions {
  watermark?: WatermarkUpdate;
  /** Rows with outbox entries / open conflicts (computed once per page by the caller). */
  pending?: Set<string>;
  conflicted?: Set<string>;
}

/**
 * Applies server rows (one page, or one row fetched after a 412) in one transaction, merging
 * rows that have local changes or open conflicts. Answers how many rows were applied and how
 * many new conflicts were found.
 */
export function absorbRemote(replica: SyncReplica, kind: EntityKind, serverRows: readonly ServerRow[], options: AbsorbOptions = {}): { applied: number; conflicts: number } {
  const pending = options.pending ?? pendingIds(replica, kind);
  const conflicted = options.conflicted ?? conflictIds(replica, kind);
  const rows = serverRows.map(asJson);
  return replica.transaction(() => {
    const found = { conflicts: 0 };
    const restores: Restore[] = [];
    for (const row of rows) {
      if (pending.has(row.id as string) && kind !== 'file') restores.push(...mergePending(replica, kind, row, found));
    }
    const { applied } = replica.applyRemoteBatch(kind, rows, { trashed: options.trashed, watermark: options.watermark });
    for (const row of rows) {
      if (conflicted.has(row.id as string) || restores.some((r) => r.id === row.id)) keepConflicts(replica, kind, row, restores);
    }
    for (const restore of restores) replica.writeField(restore.kind, restore.id, restore.field, restore.value);
    return { applied, conflicts: found.conflicts };
  });
}
