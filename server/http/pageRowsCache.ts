// The rows of a page query, remembered per statement and parameters until the database is
// written to (stampedMemo.ts, as the count cache does). A listing's page of 500 versions was
// most of the CPU of answering it once the body was spliced: sync clients and the desktop
// ask for the same pages again and again between writes. An engine without a write stamp
// (PostgreSQL) runs every query, each as a prepared statement (OpenedDatabase.readRows).
import { StampedMemo, executeRows, perDatabase, type AnyQuery, type ReadRows } from './stampedMemo.ts';
import type { WriteStamp } from '../storage/writeStamp.ts';

const MAX_ENTRIES = 256;

export class PageRowsCache {
  private readonly pages: StampedMemo<readonly unknown[]>;

  constructor(stamp: WriteStamp, private readonly read: ReadRows = executeRows) {
    this.pages = new StampedMemo(stamp, MAX_ENTRIES);
  }

  /** The rows `query` selects, as read at the current write stamp. Callers must not change them. */
  async rows<Row>(query: AnyQuery): Promise<readonly Row[]> {
    return (await this.pages.get(query, async () => Object.freeze(await this.read(query)))) as readonly Row[];
  }
}

export const pageRowsCacheOf = perDatabase((stamp, read) => new PageRowsCache(stamp, read));
