// Test helper: a replica on a fresh temporary file, removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from './database.ts';
import { connections, openReplica, type Replica } from './replica.ts';

export interface TempReplica {
  replica: Replica;
  file: string;
  reopen(): Replica;
  dispose(): void;
}

export function tempReplica(): TempReplica {
  const dir = mkdtempSync(join(tmpdir(), 'refshelf-replica-'));
  const file = join(dir, 'library.sqlite');
  const handle: TempReplica = {
    replica: openReplica(file),
    file,
    reopen() {
      handle.replica.close();
      handle.replica = openReplica(file);
      return handle.replica;
    },
    dispose() {
      if (handle.replica.isOpen()) handle.replica.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return handle;
}

/**
 * The SQLite connection under a replica, for tests that check rows or inject failures
 * (a trigger that aborts): the product itself never reaches past the replica's methods.
 */
export function sqlOf(replica: Replica): Db {
  const db = connections.get(replica);
  if (!db) throw new Error('Not a replica opened by openReplica');
  return db;
}

export const SERVER_TIME = '2026-01-02T03:04:05.000Z';
export const LATER = '2026-02-01T00:00:00.000Z';

/** A document as the service would return it with view=all. */
export function serverDocument(id: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, title: 'Server title', type: 'journal', profile_id: 'p-1', created: SERVER_TIME, last_modified: SERVER_TIME, ...fields };
}
