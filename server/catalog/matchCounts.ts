// Exact match counts of catalog searches, remembered while the catalog is unchanged. The
// count of a query on very common words reads every entry of their doclists (about 5 ms
// per 100,000 matches, twice that with a year filter); the same search asked again (a
// refreshed result list, the last-page link, another user typing the same words) then
// costs nothing. The count header stays exact: any change to the catalog, by this
// connection (index/unindex) or another process (SQLite's data_version), forgets them all.
import type SQLite from 'better-sqlite3';
import { OldestFirst } from '../../shared/oldestFirst.ts';

const MAX_ENTRIES = 2_000;

export class MatchCounts {
  private readonly counts = new Map<string, number>();
  private readonly oldest = new OldestFirst(this.counts);
  private localChanges = 0;
  private seenGeneration = '';

  private static readonly byDatabase = new WeakMap<SQLite.Database, MatchCounts>();

  /** One per database handle, so that a write through any search object of it forgets the counts. */
  static of(sqlite: SQLite.Database): MatchCounts {
    let counts = MatchCounts.byDatabase.get(sqlite);
    if (!counts) {
      counts = new MatchCounts(sqlite);
      MatchCounts.byDatabase.set(sqlite, counts);
    }
    return counts;
  }

  private constructor(private readonly sqlite: SQLite.Database) {}

  /** Called on every write to the search index through this connection. */
  changed(): void {
    this.localChanges++;
  }

  /** Changes whenever the search index may have changed (here or in another process). */
  generation(): string {
    return `${this.localChanges}:${String(this.sqlite.pragma('data_version', { simple: true }))}`;
  }

  count(key: string, compute: () => number): number {
    const generation = this.generation();
    if (generation !== this.seenGeneration) {
      this.counts.clear();
      this.seenGeneration = generation;
    }
    const known = this.counts.get(key);
    if (known !== undefined) {
      // Most recently used last: the oldest entry is the first to go.
      this.counts.delete(key);
      this.counts.set(key, known);
      return known;
    }
    const counted = compute();
    if (this.counts.size >= MAX_ENTRIES) this.oldest.dropOldest();
    this.counts.set(key, counted);
    return counted;
  }
}
