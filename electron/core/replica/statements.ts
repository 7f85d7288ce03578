// Prepared statements are compiled once per connection and reused.
import type Database from 'better-sqlite3';
import type { Db } from './database.ts';

const cache = new WeakMap<Db, Map<string, Database.Statement>>();

export function stmt(db: Db, sql: string): Database.Statement {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql)));
  // A write outside a pulled page (marking a document opened, a downloaded file's path)
  // must not wait in a first sync's shared transaction, where a kill would lose it.
  if (!statement.reader) commitBulkUnlessInPage(db);
  return statement;
}

// Work that may only happen once a transaction's writes are on disk (telling the window
// about them): queued per connection, run after the outermost commit, dropped on rollback.
const committedWork = new WeakMap<Db, (() => void)[]>();

// A bulk load's pages share one transaction, committed every BULK_COMMIT_ROWS rows: each
// commit rewrites the index pages its rows touched (ids are random, so nearly every leaf of
// the id indexes of documents, annotations and base copies), and per 500-row page that was
// most of the load's disk writes. Each page is still a savepoint of its own with its
// watermark, so a stop loses at most the uncommitted pages and their watermarks together.
// Any other write (in a transaction or a single statement) first commits the pages before
// it, so it is never held back or lost.
const BULK_COMMIT_ROWS = 5_000;
const openBulk = new WeakMap<Db, { rows: number }>();
const applyingBulkPage = new WeakSet<Db>();

function commitBulkUnlessInPage(db: Db): void {
  if (!applyingBulkPage.has(db) && openBulk.has(db)) commitBulkTransaction(db);
}

/** Runs fn (one pulled page of `rows` rows) inside the bulk load's shared transaction. */
export function inBulkTransaction<T>(db: Db, rows: number, fn: () => T): T {
  let bulk = openBulk.get(db);
  if (!bulk || !db.inTransaction) {
    if (!db.inTransaction) db.exec('BEGIN IMMEDIATE');
    openBulk.set(db, (bulk = { rows: 0 }));
  }
  applyingBulkPage.add(db);
  try {
    return inTransaction(db, fn);
  } finally {
    applyingBulkPage.delete(db);
    bulk.rows += rows;
    if (bulk.rows >= BULK_COMMIT_ROWS) commitBulkTransaction(db);
  }
}

/** Commits the pages of the shared transaction (if any) and runs what waited for it. */
export function commitBulkTransaction(db: Db): void {
  if (!openBulk.delete(db)) return;
  if (db.inTransaction) db.exec('COMMIT');
  const queue = committedWork.get(db);
  if (queue) for (const work of queue.splice(0)) work();
}

/** Runs fn in a transaction (a savepoint when already inside one). */
export function inTransaction<T>(db: Db, fn: () => T): T {
  commitBulkUnlessInPage(db);
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
