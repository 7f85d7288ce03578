// Opens the replica's SQLite file and brings its schema up to date.
import Database from 'better-sqlite3';
import { registerIdentifierKey } from './identifierKeys.ts';
import { migrations } from './migrations/index.ts';
import { sqliteOptions } from '../../../shared/node/sqliteBinding.ts';

export type Db = Database.Database;

export function openDatabase(file: string): Db {
  const db = new Database(file, sqliteOptions());
  db.pragma('journal_mode = WAL');
  // WAL makes NORMAL durable against application crashes; only a power loss can lose the
  // last transactions, which the next pull restores.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // A library of 100,000 documents with its search index is a few hundred MB: SQLite's
  // default 2 MB page cache would read most index pages back from the OS on every write.
  db.pragma('cache_size = -65536');
  // Before the migrations: their triggers and backfills call it.
  registerIdentifierKey(db);
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Applies the migrations the file has not seen yet, each in its own transaction. */
export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(`The library file was written by a newer version of the app (schema ${current}, this app knows ${migrations.length})`);
  }
  for (let version = current + 1; version <= migrations.length; version++) {
    const step = migrations[version - 1]!;
    db.transaction(() => {
      if (typeof step === 'string') db.exec(step);
      else step(db);
      db.pragma(`user_version = ${version}`);
    })();
  }
}
