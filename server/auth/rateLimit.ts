// A per-token request limit: fixed one-minute windows. Requests are counted in memory and
// the counts are added to the database at most once a second (one UPSERT per token seen
// since, in one transaction), which answers the window's total across every service
// instance. A request itself writes nothing: a write per request cost every GET a commit
// and, moving the write stamp, threw away the remembered counts and pages (countCache.ts).
// Several instances may together let a token through a little over its limit, by the
// requests of less than a second; it is a flood ceiling, and its default stays above what
// the service bench drives. Over the limit a request is answered 429 with Retry-After: the
// seconds until the window turns.
import { CompiledQuery } from 'kysely';
import { HttpError } from '../http/errors.ts';
import type { OpenedDatabase } from '../storage/database.ts';
import { writeUnstamped } from '../storage/writeStamp.ts';

const WINDOW_MS = 60_000;
export const FLUSH_EVERY_MS = 1000;
const PRUNE_EVERY_FLUSHES = 60;

// The same statements for both engines: PostgreSQL and SQLite share the UPSERT syntax.
const ADD = `INSERT INTO rate_windows (key, window_start, count) VALUES ($1, $2, $3)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_windows.window_start = excluded.window_start THEN rate_windows.count + excluded.count ELSE excluded.count END,
    window_start = excluded.window_start
  RETURNING count`;
const PRUNE = 'DELETE FROM rate_windows WHERE window_start < $1';

/** One token's requests in the current window. */
interface Tally {
  windowStart: number;
  /** The window's total in the database when last added to (every instance's requests). */
  stored: number;
  /** This instance's requests not yet added. */
  unsaved: number;
}

interface Addition {
  key: string;
  windowStart: number;
  count: number;
}

/** Adds the counts in one transaction and answers each key's total; prunes windows before `pruneBefore`. */
type Save = (additions: Addition[], pruneBefore: number | undefined) => Promise<number[]>;

export class TokenRateLimiter {
  private readonly save: Save;
  private readonly tallies = new Map<string, Tally>();
  private lastSave = -Infinity;
  private saving: Promise<void> | undefined;
  private saves = 0;

  constructor(
    database: OpenedDatabase,
    private readonly limitPerMinute: number,
    private readonly now: () => number,
  ) {
    this.save = database.sqlite ? sqliteSave(database.sqlite) : kyselySave(database.db);
  }

  /** Counts one request of a token (by its hash); rejects with 429 once the window's limit is spent. */
  async hit(tokenHash: string): Promise<void> {
    await this.count(tokenHash);
  }

  /**
   * As `hit`, without a promise when none is needed: it answers one only for the request
   * that waits for the once-a-second save, and throws the 429 itself otherwise. The request
   * hook calls this, so most requests pass without a turn of the event loop.
   */
  count(tokenHash: string): Promise<void> | undefined {
    const now = this.now();
    const windowStart = now - (now % WINDOW_MS);
    let tally = this.tallies.get(tokenHash);
    if (!tally || tally.windowStart !== windowStart) {
      tally = { windowStart, stored: 0, unsaved: 0 };
      this.tallies.set(tokenHash, tally);
    }
    tally.unsaved++;
    if (now - this.lastSave >= FLUSH_EVERY_MS && !this.saving) {
      this.lastSave = now;
      const saving = this.flush(windowStart).finally(() => (this.saving = undefined));
      this.saving = saving;
      const counted = tally;
      return saving.then(() => this.enforce(counted, windowStart, now));
    }
    this.enforce(tally, windowStart, now);
    return undefined;
  }

  private enforce(tally: Tally, windowStart: number, now: number): void {
    if (tally.stored + tally.unsaved > this.limitPerMinute) {
      const retryAfter = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
      throw new HttpError(
        429,
        `Too many requests with this access token: at most ${this.limitPerMinute} a minute. Try again in ${retryAfter} seconds.`,
        {},
        { 'Retry-After': String(retryAfter) },
      );
    }
  }

  /** Adds the unsaved counts and learns the totals; forgets tallies of windows gone by. */
  private async flush(windowStart: number): Promise<void> {
    const pending: [Tally, Addition][] = [];
    for (const [key, tally] of this.tallies) {
      if (tally.windowStart < windowStart) this.tallies.delete(key);
      else if (tally.unsaved > 0) pending.push([tally, { key, windowStart: tally.windowStart, count: tally.unsaved }]);
    }
    // One order for every instance: two saves locking the same rows never wait on each other.
    pending.sort(([, a], [, b]) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const prune = ++this.saves % PRUNE_EVERY_FLUSHES === 0 ? windowStart - WINDOW_MS : undefined;
    if (!pending.length && prune === undefined) return;
    const totals = await this.save(pending.map(([, addition]) => addition), prune);
    pending.forEach(([tally, addition], i) => {
      // Requests counted while an engine's save was on its way stay unsaved.
      tally.unsaved -= addition.count;
      tally.stored = totals[i]!;
    });
  }
}

function sqliteSave(sqlite: NonNullable<OpenedDatabase['sqlite']>): Save {
  const add = sqlite.prepare<[string, number, number], { count: number }>(ADD.replace(/\$\d/g, '?'));
  const prune = sqlite.prepare<[number]>(PRUNE.replace(/\$\d/g, '?'));
  const saveAll = sqlite.transaction((additions: Addition[], pruneBefore: number | undefined) => {
    const totals = additions.map((a) => add.get(a.key, a.windowStart, a.count)!.count);
    if (pruneBefore !== undefined) prune.run(pruneBefore);
    return totals;
  });
  // No cached answer reads these rows: saving them keeps the caches (writeStamp.ts).
  return async (additions, pruneBefore) => writeUnstamped(sqlite, () => saveAll(additions, pruneBefore));
}

function kyselySave(db: OpenedDatabase['db']): Save {
  return (additions, pruneBefore) =>
    db.transaction().execute(async (tx) => {
      const totals: number[] = [];
      for (const a of additions) totals.push((await tx.executeQuery<{ count: number }>(CompiledQuery.raw(ADD, [a.key, a.windowStart, a.count]))).rows[0]!.count);
      if (pruneBefore !== undefined) await tx.executeQuery(CompiledQuery.raw(PRUNE, [pruneBefore]));
      return totals;
    });
}
