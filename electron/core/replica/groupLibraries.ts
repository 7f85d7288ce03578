// A group the user no longer belongs to (left, removed, or the group deleted): its library
// leaves the replica whole, as if the service had deleted each of its rows, so nothing of a
// library the user lost access to stays readable on this machine.
import type { Db } from './database.ts';
import { applyRemoteDeletion } from './remoteApply.ts';
import { inTransaction, stmt } from './statements.ts';

export function forgetGroupLibrary(db: Db, groupId: string): void {
  inTransaction(db, () => {
    // Annotations and files of group documents go with their documents.
    for (const kind of ['annotation', 'document', 'folder'] as const) {
      const table = kind === 'annotation' ? 'annotations' : kind === 'document' ? 'documents' : 'folders';
      const ids = stmt(db, `SELECT id FROM ${table} WHERE group_id = ?`).pluck().all(groupId) as string[];
      for (const id of ids) applyRemoteDeletion(db, kind, id);
    }
    stmt(db, 'DELETE FROM sync_state WHERE scope = ?').run(groupId);
  });
}

/** The role the replica last heard the user has in a group (null: not in it). */
export function roleInGroup(db: Db, groupId: string): string | null {
  return (stmt(db, 'SELECT role FROM groups WHERE id = ?').pluck().get(groupId) as string | null | undefined) ?? null;
}
