// The rows of a page query, remembered per statement and parameters until the database is
// written to (the write stamp of writeStamp.ts, as the count cache does). A listing's page
// of 500 versions was most of the CPU of answering it once the body was spliced: sync
// clients and the desktop ask for the same pages again and again between writes. An engine
// without a write stamp (PostgreSQL) runs every query.
import type { SelectQueryBuilder } from 'kysely';
import type { WriteStamp } from '../storage/writeStamp.ts';
import type { OpenedDatabase } from '../storage/database.ts';

// Kysely cannot type dynamic queries; callers pass queries of their own tables.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

const MAX_ENTRIES = 256;

export class PageRowsCache {
  private readonly pages = new Map<string, { stamp: string; rows: readonly unknown[] }>();

  constructor(private readonly stamp: WriteStamp) {}

  /** The rows `query` selects, as read at the current write stamp. Callers must not change them. */
  async rows<Row>(query: AnyQuery): Promise<readonly Row[]> {
    // Read before querying: a write that lands meanwhile leaves an older stamp, so the
    // entry is read again next time rather than trusted.
    const stamp = this.stamp();
    if (stamp === undefined) return (await query.execute()) as Row[];
    const compiled = query.compile();
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const known = this.pages.get(key);
    if (known && known.stamp === stamp) return known.rows as readonly Row[];
    const rows = Object.freeze((await query.execute()) as Row[]);
    this.pages.delete(key);
    this.pages.set(key, { stamp, rows });
    if (this.pages.size > MAX_ENTRIES) this.pages.delete(this.pages.keys().next().value!);
    return rows;
  }
}

const caches = new WeakMap<OpenedDatabase, PageRowsCache>();

export function pageRowsCacheOf(database: OpenedDatabase): PageRowsCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new PageRowsCache(database.writeStamp);
    caches.set(database, cache);
  }
  return cache;
}
