// Answers of read queries kept until the database is written to: each is stored with the
// write stamp (writeStamp.ts) it was read at and reused only while the stamp is the same.
// Shared by the count cache and the page rows cache. An engine without a stamp
// (PostgreSQL) keeps nothing: every answer is read again.
import type { SelectQueryBuilder } from 'kysely';
import type { OpenedDatabase } from '../storage/database.ts';
import type { WriteStamp } from '../storage/writeStamp.ts';
import { OldestFirst } from '../../shared/oldestFirst.ts';

// Kysely cannot type dynamic queries; callers pass queries of their own tables.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyQuery = SelectQueryBuilder<any, any, any>;

/** A query's identity: its SQL and parameters. */
export function queryKey(query: AnyQuery): string {
  const compiled = query.compile();
  return `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
}

export class StampedMemo<T> {
  private readonly entries = new Map<string, { stamp: string; value: T }>();
  private readonly oldest = new OldestFirst(this.entries);

  constructor(private readonly stamp: WriteStamp, private readonly maxEntries: number) {}

  /** The value kept for `query` at the current stamp, else `read()`'s, kept (oldest dropped beyond maxEntries). */
  async get(query: AnyQuery, read: () => Promise<T>): Promise<T> {
    // Read before querying: a write that lands meanwhile leaves an older stamp, so the
    // entry is read again next time rather than trusted.
    const stamp = this.stamp();
    if (stamp === undefined) return read();
    const key = queryKey(query);
    const known = this.entries.get(key);
    if (known && known.stamp === stamp) return known.value;
    const value = await read();
    this.entries.delete(key);
    this.entries.set(key, { stamp, value });
    if (this.entries.size > this.maxEntries) this.oldest.dropOldest();
    return value;
  }
}

/** How a memo reads an answer's rows: Kysely's execute, or the engine's hot-read path (OpenedDatabase.readRows). */
export type ReadRows = (query: AnyQuery) => Promise<unknown[]>;

export const executeRows: ReadRows = (query) => query.execute();

/** One instance per opened database, made on first use. */
export function perDatabase<T>(make: (stamp: WriteStamp, read: ReadRows) => T): (database: OpenedDatabase) => T {
  const made = new WeakMap<OpenedDatabase, T>();
  return (database) => {
    let value = made.get(database);
    if (value === undefined) made.set(database, (value = make(database.writeStamp, database.readRows)));
    return value;
  };
}
