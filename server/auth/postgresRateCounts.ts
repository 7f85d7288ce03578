// The per-token request counts on PostgreSQL, written in batches. One UPSERT per request
// made every request a write transaction (a commit, and on a durable server a WAL flush)
// and, for one token used on many connections at once, a queue on that token's row lock.
// Here each instance adds its hits in memory and writes them at most once a second, all
// tokens in one statement, reading back the shared totals. On one instance the count is
// exact; hits made on other instances are seen within about a second: the limit stays a
// shared flood ceiling.
import { CompiledQuery } from 'kysely';
import type { ServiceDb } from '../storage/database.ts';

const FLUSH_EVERY_MS = 1000;

interface TokenWindow {
  windowStart: number;
  /** The shared count as last read back from the database (this instance's flushed hits included). */
  shared: number;
  /** Hits counted here and not yet written. */
  pending: number;
}

export class PostgresRateCounts {
  private readonly windows = new Map<string, TokenWindow>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(private readonly db: ServiceDb) {}

  /** Counts one hit of `key` in the window starting at `windowStart`; returns the window's count. */
  hit(key: string, windowStart: number): number {
    let window = this.windows.get(key);
    if (!window || window.windowStart !== windowStart) {
      window = { windowStart, shared: 0, pending: 0 };
      this.windows.set(key, window);
    }
    window.pending++;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, FLUSH_EVERY_MS).unref();
    return window.shared + window.pending;
  }

  /** Writes the pending hits, one statement for every token, and reads back the totals. */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.write().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async write(): Promise<void> {
    // In key order, so two instances writing the same tokens lock their rows in one order.
    const batch = [...this.windows]
      .filter(([, w]) => w.pending > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, w]) => ({ key, window: w, hits: w.pending }));
    if (batch.length === 0) return;
    const values = batch.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3})`).join(', ');
    const parameters = batch.flatMap(({ key, window, hits }) => [key, window.windowStart, hits]);
    try {
      const { rows } = await this.db.executeQuery<{ key: string; window_start: number; count: number }>(
        CompiledQuery.raw(
          `INSERT INTO rate_windows (key, window_start, count) VALUES ${values}
           ON CONFLICT (key) DO UPDATE SET
             count = CASE WHEN rate_windows.window_start = excluded.window_start THEN rate_windows.count + excluded.count ELSE excluded.count END,
             window_start = excluded.window_start
           RETURNING key, window_start, count`,
          parameters,
        ),
      );
      const totals = new Map(rows.map((r) => [r.key, r]));
      for (const { key, window, hits } of batch) {
        window.pending -= hits;
        const total = totals.get(key);
        if (total && Number(total.window_start) === window.windowStart) window.shared = Math.max(window.shared + hits, Number(total.count));
      }
    } catch {
      // A flood ceiling must not fail requests: the hits stay pending for the next write.
      return;
    }
    this.forgetFinished();
  }

  /** Tokens whose window has turned and has nothing left to write are forgotten. */
  private forgetFinished(): void {
    const newest = Math.max(...[...this.windows.values()].map((w) => w.windowStart));
    for (const [key, window] of this.windows) if (window.windowStart < newest && window.pending === 0) this.windows.delete(key);
  }
}
