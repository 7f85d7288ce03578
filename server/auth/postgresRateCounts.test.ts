// Per-token counts on PostgreSQL: counted in memory, written in batches, shared between
// instances. Runs only in the PostgreSQL pass (vitest.pg.config.ts), which names a cluster.
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../storage/database.ts';
import { createPgDatabase, testPgUrl } from '../testing/pgDatabases.ts';
import { PostgresRateCounts } from './postgresRateCounts.ts';

const cluster = testPgUrl();
const WINDOW = 1_700_000_040_000;

const opened: OpenedDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
});

/** Two service instances' databases on one PostgreSQL database. */
async function twoInstances(): Promise<[OpenedDatabase, OpenedDatabase]> {
  const url = await createPgDatabase(cluster!);
  const a = await openDatabase('/nonexistent-data-dir', url);
  const b = await openDatabase('/nonexistent-data-dir', url);
  opened.push(a, b);
  return [a, b];
}

async function stored(database: OpenedDatabase) {
  const rows = await database.db.selectFrom('rate_windows').select(['key', 'window_start', 'count']).orderBy('key').execute();
  return rows.map((r) => [r.key, r.window_start, r.count]);
}

describe.runIf(cluster)('per-token counts on PostgreSQL', () => {
  it('counts a request without writing, then writes every token in one batch', async () => {
    const [a] = await twoInstances();
    const counts = new PostgresRateCounts(a.db);
    expect([counts.hit('k1', WINDOW), counts.hit('k1', WINDOW), counts.hit('k2', WINDOW), counts.hit('k1', WINDOW)]).toEqual([1, 2, 1, 3]);
    expect(await stored(a)).toEqual([]); // no statement per request
    await counts.flush();
    expect(await stored(a)).toEqual([['k1', WINDOW, 3], ['k2', WINDOW, 1]]);
    expect(counts.hit('k1', WINDOW)).toBe(4);
  });

  it('shares the count between instances once each has written', async () => {
    const [a, b] = await twoInstances();
    const first = new PostgresRateCounts(a.db);
    const second = new PostgresRateCounts(b.db);
    for (let i = 0; i < 5; i++) first.hit('token', WINDOW);
    second.hit('token', WINDOW);
    second.hit('token', WINDOW);
    await Promise.all([first.flush(), second.flush()]);
    await first.flush();
    await second.flush();
    expect(await stored(a)).toEqual([['token', WINDOW, 7]]);
    // Whichever wrote last read back the total of both; the other sees it after its next write.
    const seen = [first.hit('token', WINDOW), second.hit('token', WINDOW)];
    expect(Math.max(...seen)).toBe(8);
    await first.flush();
    await second.flush(); // the last to write reads back both instances' hits
    expect(second.hit('token', WINDOW)).toBe(10);
    expect(first.hit('token', WINDOW)).toBe(9);
  });

  it('starts a new window at one, in memory and in the database', async () => {
    const [a] = await twoInstances();
    const counts = new PostgresRateCounts(a.db);
    counts.hit('k', WINDOW);
    counts.hit('k', WINDOW);
    await counts.flush();
    expect(counts.hit('k', WINDOW + 60_000)).toBe(1);
    await counts.flush();
    expect(await stored(a)).toEqual([['k', WINDOW + 60_000, 1]]);
  });

  it('keeps hits it could not write for the next write', async () => {
    const [a] = await twoInstances();
    const counts = new PostgresRateCounts(a.db);
    await a.db.schema.alterTable('rate_windows').renameTo('rate_windows_away').execute();
    counts.hit('k', WINDOW);
    await counts.flush(); // fails quietly: a flood ceiling never fails a request
    await a.db.schema.alterTable('rate_windows_away').renameTo('rate_windows').execute();
    counts.hit('k', WINDOW);
    await counts.flush();
    expect(await stored(a)).toEqual([['k', WINDOW, 2]]);
  });
});
