// Prepared statements are compiled once per connection and reused.
import type Database from 'better-sqlite3';
import type { Db } from './database.ts';

const cache = new WeakMap<Db, Map<string, Database.Statement>>();

export function stmt(db: Db, sql: string): Database.Statement {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql)));
  return statement;
}

/** Runs fn in a transaction (a savepoint when already inside one). */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn)();
}

export const now = (): string => new Date().toISOString();
