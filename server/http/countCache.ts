// The count header of a collection's first page, remembered per query (library, filters)
// until the database is written to. Counting reads a whole index range (about 100,000
// entries for a large library) while the page itself reads `limit` rows, so without this
// every first page would cost in proportion to the library.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { WriteStamp } from '../storage/writeStamp.ts';
import type { OpenedDatabase } from '../storage/database.ts';

// Kysely cannot type dynamic queries; callers pass queries of their own tables.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

const MAX_ENTRIES = 10_000;

export class CountCache {
  private readonly counts = new Map<string, { stamp: string; n: number }>();

  constructor(private readonly stamp: WriteStamp) {}

  /** The number of rows `query` selects (its selection and order are ignored). */
  async count(query: AnyQuery): Promise<number> {
    const counting = query.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('n'));
    const compiled = counting.compile();
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    // Read before counting: a write that lands meanwhile leaves an older stamp, so the
    // entry is recounted on the next read rather than trusted.
    const stamp = this.stamp();
    const known = stamp === undefined ? undefined : this.counts.get(key);
    if (known && known.stamp === stamp) return known.n;
    const row = (await counting.executeTakeFirst()) as { n: number | string } | undefined;
    const n = Number(row?.n ?? 0);
    // No stamp (PostgreSQL): nothing could ever be reused, so nothing is kept.
    if (stamp === undefined) return n;
    this.counts.delete(key);
    this.counts.set(key, { stamp, n });
    if (this.counts.size > MAX_ENTRIES) this.counts.delete(this.counts.keys().next().value!);
    return n;
  }
}

const caches = new WeakMap<OpenedDatabase, CountCache>();

export function countCacheOf(database: OpenedDatabase): CountCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new CountCache(database.writeStamp);
    caches.set(database, cache);
  }
  return cache;
}
