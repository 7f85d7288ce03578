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

/**
 * Applies the migrations the file has not seen yet, each in its own transaction with the
 * record of its name (table replica_migrations). Files from before names were recorded
 * counted migrations in user_version: the first user_version names count as applied.
 * user_version still counts the applied ones, so an older app refuses a newer file.
 */
export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(`The library file was written by a newer version of the app (schema ${current}, this app knows ${migrations.length})`);
  }
  db.exec('CREATE TABLE IF NOT EXISTS replica_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL) STRICT');
  const applied = new Set(db.prepare('SELECT name FROM replica_migrations').pluck().all() as string[]);
  if (applied.size === 0 && current > 0) {
    db.transaction(() => {
      for (const { name } of migrations.slice(0, current)) {
        db.prepare('INSERT INTO replica_migrations (name, applied_at) VALUES (?, ?)').run(name, 'before names were recorded');
        applied.add(name);
      }
    })();
  }
  const unknown = [...applied].filter((name) => !migrations.some((m) => m.name === name));
  if (unknown.length) throw new Error(`The library file was written by a newer version of the app (it has migration ${unknown[0]}, which this app does not know)`);
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    db.transaction(() => {
      if (typeof migration.sql === 'string') db.exec(migration.sql);
      else migration.sql(db);
      db.prepare('INSERT INTO replica_migrations (name, applied_at) VALUES (?, ?)').run(migration.name, new Date().toISOString());
      applied.add(migration.name);
      db.pragma(`user_version = ${applied.size}`);
    })();
  }
}
