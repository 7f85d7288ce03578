// The count header of a collection's first page, remembered per query (library, filters)
// until the database is written to. Counting reads a whole index range (about 100,000
// entries for a large library) while the page itself reads `limit` rows, so without this
// every first page would cost in proportion to the library.
import { sql } from 'kysely';
import { StampedMemo, executeRows, perDatabase, type AnyQuery, type ReadRows } from './stampedMemo.ts';
import type { WriteStamp } from '../storage/writeStamp.ts';

const MAX_ENTRIES = 10_000;

export class CountCache {
  private readonly counts: StampedMemo<number>;

  constructor(stamp: WriteStamp, private readonly read: ReadRows = executeRows) {
    this.counts = new StampedMemo(stamp, MAX_ENTRIES);
  }

  /** The number of rows `query` selects (its selection and order are ignored). */
  count(query: AnyQuery): Promise<number> {
    const counting = query.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('n'));
    return this.counts.get(counting, async () => {
      const [row] = (await this.read(counting)) as { n: number | string }[];
      return Number(row?.n ?? 0);
    });
  }
}

export const countCacheOf = perDatabase((stamp, read) => new CountCache(stamp, read));
