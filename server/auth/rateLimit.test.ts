// The per-token limit counts in memory and saves at most once a second: two instances over
// one database still share a token's minute, and saving moves no cache's write stamp.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../storage/database.ts';
import { FLUSH_EVERY_MS, TokenRateLimiter } from './rateLimit.ts';

let dir: string;
let database: OpenedDatabase;
const clock = { t: 0 };

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'rate-limit-'));
  database = await openDatabase(dir);
  clock.t = Date.UTC(2026, 10, 24, 12, 0, 10); // 10 s into a window
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const statusOf = (hit: Promise<void>) => hit.then(() => 200, (error: { statusCode?: number }) => error.statusCode);
const storedCount = async () => (await database.db.selectFrom('rate_windows').select('count').where('key', '=', 'token').executeTakeFirst())?.count;

describe('per-token rate limit', () => {
  it('two instances share a token\'s minute once each has saved its count', async () => {
    const first = new TokenRateLimiter(database, 5, () => clock.t);
    const second = new TokenRateLimiter(database, 5, () => clock.t);
    for (let i = 0; i < 3; i++) expect(await statusOf(first.hit('token'))).toBe(200);
    clock.t += FLUSH_EVERY_MS;
    expect(await statusOf(first.hit('token'))).toBe(200); // saves all four
    expect(await storedCount()).toBe(4);
    expect(await statusOf(second.hit('token'))).toBe(200); // its first request saves and learns the total, 5
    expect(await statusOf(second.hit('token'))).toBe(429);
    expect(await statusOf(second.hit('other token'))).toBe(200);
  });

  it('writes nothing per request, and its saves keep the write stamp that caches check', async () => {
    const limiter = new TokenRateLimiter(database, 1000, () => clock.t);
    const stamp = database.writeStamp();
    expect(await statusOf(limiter.hit('token'))).toBe(200);
    expect(await storedCount()).toBe(1);
    for (let i = 0; i < 20; i++) expect(await statusOf(limiter.hit('token'))).toBe(200);
    expect(await storedCount()).toBe(1); // within the second: counted in memory only
    clock.t += FLUSH_EVERY_MS;
    expect(await statusOf(limiter.hit('token'))).toBe(200);
    expect(await storedCount()).toBe(22);
    expect(database.writeStamp()).toBe(stamp);
    // Any other write still moves it.
    await database.db.insertInto('rate_windows').values({ key: 'elsewhere', window_start: 0, count: 1 }).execute();
    expect(database.writeStamp()).not.toBe(stamp);
  });

  it('starts a token\'s count again when the window turns', async () => {
    const limiter = new TokenRateLimiter(database, 2, () => clock.t);
    expect(await statusOf(limiter.hit('token'))).toBe(200);
    expect(await statusOf(limiter.hit('token'))).toBe(200);
    expect(await statusOf(limiter.hit('token'))).toBe(429);
    clock.t += 50_000;
    expect(await statusOf(limiter.hit('token'))).toBe(200);
    expect(await storedCount()).toBe(1);
  });
});
