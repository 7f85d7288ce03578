// A per-token request limit: fixed one-minute windows counted in the database, so several
// service instances share the count: one UPSERT per request on SQLite (a prepared statement
// in the process), hits written in batches on PostgreSQL (postgresRateCounts.ts).
// Over the limit the request is answered 429 with Retry-After: the seconds until the window
// turns. It is a flood ceiling; its default stays above what the service bench drives.
import { CompiledQuery } from 'kysely';
import { HttpError } from '../http/errors.ts';
import type { OpenedDatabase } from '../storage/database.ts';
import { PostgresRateCounts } from './postgresRateCounts.ts';

const WINDOW_MS = 60_000;
const PRUNE_EVERY = 10_000;

// The same statements for both engines: PostgreSQL and SQLite share the UPSERT syntax.
const COUNT = `INSERT INTO rate_windows (key, window_start, count) VALUES ($1, $2, 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_windows.window_start = excluded.window_start THEN rate_windows.count + 1 ELSE 1 END,
    window_start = excluded.window_start
  RETURNING count`;
const PRUNE = 'DELETE FROM rate_windows WHERE window_start < $1';

type Count = (key: string, windowStart: number) => number | Promise<number>;
type Prune = (before: number) => unknown;

export class TokenRateLimiter {
  private readonly count: Count;
  private readonly prune: Prune;
  private hits = 0;

  constructor(
    database: OpenedDatabase,
    private readonly limitPerMinute: number,
    private readonly now: () => number,
  ) {
    if (database.sqlite) {
      const count = database.sqlite.prepare<[string, number], { count: number }>(COUNT.replace(/\$\d/g, '?'));
      const prune = database.sqlite.prepare<[number]>(PRUNE.replace(/\$\d/g, '?'));
      this.count = (key, windowStart) => count.get(key, windowStart)!.count;
      this.prune = (before) => prune.run(before);
    } else {
      const { db } = database;
      const counts = new PostgresRateCounts(db);
      this.count = (key, windowStart) => counts.hit(key, windowStart);
      this.prune = (before) => db.executeQuery(CompiledQuery.raw(PRUNE, [before]));
    }
  }

  /** Counts one request of a token (by its hash); throws 429 once the window's limit is spent. */
  async hit(tokenHash: string): Promise<void> {
    const now = this.now();
    const windowStart = now - (now % WINDOW_MS);
    const count = await this.count(tokenHash, windowStart);
    if (++this.hits % PRUNE_EVERY === 0) await this.prune(windowStart - WINDOW_MS);
    if (count > this.limitPerMinute) {
      const retryAfter = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
      throw new HttpError(
        429,
        `Too many requests with this access token: at most ${this.limitPerMinute} a minute. Try again in ${retryAfter} seconds.`,
        {},
        { 'Retry-After': String(retryAfter) },
      );
    }
  }
}
