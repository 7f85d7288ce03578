// The one record of a row taking another id (a push gave a new row the service's id, or a
// note created here turned out to be one the service had): the alias the bridge resolves
// old ids with, and the announcement the core passes on to the window as `ids.renamed`,
// made only once the rename is committed.
import type { Db } from './database.ts';
import { afterCommit, stmt } from './statements.ts';
import type { EntityKind } from './types.ts';

export interface IdRename {
  kind: EntityKind;
  oldId: string;
  newId: string;
}

export type IdRenameListener = (rename: IdRename) => void;

const listenersOf = new WeakMap<Db, Set<IdRenameListener>>();

/** Records that `oldId` is now `newId`; inside the transaction that renamed the row. */
export function recordRename(db: Db, rename: IdRename): void {
  stmt(db, 'INSERT OR REPLACE INTO id_aliases (local_id, server_id) VALUES (?, ?)').run(rename.oldId, rename.newId);
  afterCommit(db, () => {
    for (const listener of [...(listenersOf.get(db) ?? [])]) {
      // One failing listener must not keep the others (or the sync that renamed) from going on.
      try {
        listener(rename);
      } catch (error) {
        console.error('[refshelf] an id rename listener failed:', error);
      }
    }
  });
}

/** Hears every committed rename; returns the function that stops listening. */
export function onIdRenamed(db: Db, listener: IdRenameListener): () => void {
  let listeners = listenersOf.get(db);
  if (!listeners) listenersOf.set(db, (listeners = new Set()));
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
