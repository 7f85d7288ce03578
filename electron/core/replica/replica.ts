// The desktop's local replica of the library: one SQLite file, opened once by the core.
// Every method is synchronous (better-sqlite3) and every write is one transaction. Its
// surface is split by role: reads (readSide.ts), local writes with their outbox entries
// (writeSide.ts) and the sync engine's side (syncSide.ts); a consumer depends on the part
// it needs. The SQLite connection never leaves this folder.
import { finishBulkLoad } from './bulkLoad.ts';
import { SEARCH_INDEX_IN_SLICES_FROM } from './searchIndexBuild.ts';
import { openDatabase, type Db } from './database.ts';
import { onIdRenamed, type IdRenameListener } from './idRenames.ts';
import { replicaReads, type ReplicaReads } from './readSide.ts';
import { replicaSync, type ReplicaSync } from './syncSide.ts';
import { replicaWrites, type ReplicaWrites } from './writeSide.ts';
import { createWriteMemo } from './writeMemo.ts';
import { commitBulkTransaction } from './statements.ts';

export type Replica = ReplicaReads & ReplicaWrites & ReplicaSync & {
  /** Hears each row that took another id, once committed; returns the function that stops listening. */
  onIdRenamed(listener: IdRenameListener): () => void;
  close(): void;
};

/** Each open replica's connection, for the replica's own test helpers (testing.ts). */
export const connections = new WeakMap<Replica, Db>();

export function openReplica(file: string): Replica {
  const db: Db = openDatabase(file);
  // A bulk load stopped by a crash or a quit: the indexes are built before anything reads;
  // a large library's search index is left to its build in slices (searchIndexBuild.ts).
  finishBulkLoad(db, { searchIndexLaterFrom: SEARCH_INDEX_IN_SLICES_FROM });
  const replica: Replica = {
    ...replicaReads(db, createWriteMemo(db)),
    ...replicaWrites(db),
    ...replicaSync(db),
    onIdRenamed: (listener: IdRenameListener) => onIdRenamed(db, listener),
    close: (): void => {
      // Pages a first sync applied but had not committed yet are kept, with their watermarks.
      if (db.open) commitBulkTransaction(db);
      db.close();
    },
  };
  connections.set(replica, db);
  return replica;
}
