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

// Work that may only happen once a transaction's writes are on disk (telling the window
// about them): queued per connection, run after the outermost commit, dropped on rollback.
const committedWork = new WeakMap<Db, (() => void)[]>();

/** Runs fn in a transaction (a savepoint when already inside one). */
export function inTransaction<T>(db: Db, fn: () => T): T {
  let queue = committedWork.get(db);
  if (!queue) committedWork.set(db, (queue = []));
  const mark = queue.length;
  let result: T;
  try {
    result = db.transaction(fn)();
  } catch (error) {
    queue.length = mark; // what this (sub)transaction queued was rolled back with it
    throw error;
  }
  if (!db.inTransaction) for (const work of queue.splice(0)) work();
  return result;
}

/** Runs work after the current transaction commits (at once outside one); never if it rolls back. */
export function afterCommit(db: Db, work: () => void): void {
  if (!db.inTransaction) work();
  else {
    let queue = committedWork.get(db);
    if (!queue) committedWork.set(db, (queue = []));
    queue.push(work);
  }
}

export const now = (): string => new Date().toISOString();
