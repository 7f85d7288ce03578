// Once the service has created a row, its temporary local id is replaced by the server's
// everywhere at once. Foreign keys cascade into folder membership, files, annotations and
// PDF text; the references that cannot be foreign keys (outbox, base copies, conflicts,
// folder parents) are updated here, all in one transaction, which also records the rename
// (idRenames.ts: the alias for old ids, and the announcement once committed).
import type { Db } from './database.ts';
import { ReplicaError, notFound } from './errors.ts';
import { recordRename } from './idRenames.ts';
import { inTransaction, stmt } from './statements.ts';
import type { EntityKind } from './types.ts';

export const TABLE_OF: Record<EntityKind, string> = {
  document: 'documents',
  folder: 'folders',
  annotation: 'annotations',
  file: 'files',
};

export function remapId(db: Db, kind: EntityKind, localId: string, serverId: string): void {
  if (localId === serverId) return;
  const table = TABLE_OF[kind];
  inTransaction(db, () => {
    if (stmt(db, `SELECT 1 FROM ${table} WHERE id = ?`).get(serverId)) {
      throw new ReplicaError('state', `Cannot give ${kind} ${localId} the id ${serverId}: another ${kind} has it already`);
    }
    const renamed = stmt(db, `UPDATE ${table} SET id = ? WHERE id = ?`).run(serverId, localId);
    if (!renamed.changes) throw notFound(kind[0]!.toUpperCase() + kind.slice(1), localId);
    if (kind === 'folder') stmt(db, 'UPDATE folders SET parent_id = ? WHERE parent_id = ?').run(serverId, localId);
    stmt(db, 'UPDATE outbox SET entity_id = ? WHERE kind = ? AND entity_id = ?').run(serverId, kind, localId);
    if (kind === 'document') stmt(db, `UPDATE outbox SET target_id = ? WHERE kind = 'folder' AND target_id = ?`).run(serverId, localId);
    stmt(db, 'UPDATE base_copies SET id = ? WHERE kind = ? AND id = ?').run(serverId, kind, localId);
    stmt(db, 'UPDATE conflicts SET id = ? WHERE kind = ? AND id = ?').run(serverId, kind, localId);
    recordRename(db, { kind, oldId: localId, newId: serverId });
  });
}

/** The id a row has now, for an id a push has replaced; undefined for any other id. */
export function currentIdOf(db: Db, id: string): string | undefined {
  return stmt(db, 'SELECT server_id FROM id_aliases WHERE local_id = ?').pluck().get(id) as string | undefined;
}
