// A per-token request limit: fixed one-minute windows counted in the database (one UPSERT
// per request on a prepared statement), so several service instances share the count.
// Over the limit the request is answered 429 with Retry-After: the seconds until the window
// turns. It is a flood ceiling; its default stays above what the service bench drives.
import type SQLite from 'better-sqlite3';
import { HttpError } from '../http/errors.ts';

const WINDOW_MS = 60_000;
const PRUNE_EVERY = 10_000;

export class TokenRateLimiter {
  private readonly count: SQLite.Statement<[string, number], { count: number }>;
  private readonly prune: SQLite.Statement<[number]>;
  private hits = 0;

  constructor(
    sqlite: SQLite.Database,
    private readonly limitPerMinute: number,
    private readonly now: () => number,
  ) {
    this.count = sqlite.prepare(
      `INSERT INTO rate_windows (key, window_start, count) VALUES (?, ?, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_windows.window_start = excluded.window_start THEN rate_windows.count + 1 ELSE 1 END,
         window_start = excluded.window_start
       RETURNING count`,
    );
    this.prune = sqlite.prepare('DELETE FROM rate_windows WHERE window_start < ?');
  }

  /** Counts one request of a token (by its hash); throws 429 once the window's limit is spent. */
  hit(tokenHash: string): void {
    const now = this.now();
    const windowStart = now - (now % WINDOW_MS);
    const { count } = this.count.get(tokenHash, windowStart)!;
    if (++this.hits % PRUNE_EVERY === 0) this.prune.run(windowStart - WINDOW_MS);
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
