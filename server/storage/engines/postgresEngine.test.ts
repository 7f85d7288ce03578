// The PostgreSQL engine itself: migrations under a lock, numbers as numbers. Runs only in
// the PostgreSQL pass (vitest.pg.config.ts), which names a cluster.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../database.ts';
import { createPgDatabase, testPgUrl } from '../../testing/pgDatabases.ts';

const cluster = testPgUrl();

describe.runIf(cluster)('the PostgreSQL engine', () => {
  it('migrates once when several instances start together, and later opens find nothing to do', async () => {
    const url = await createPgDatabase(cluster!);
    const opened = await Promise.all([1, 2, 3].map(() => openDatabase('/nonexistent-data-dir', url)));
    try {
      for (const database of opened) expect(database.engine).toBe('postgres');
      const applied = await opened[0]!.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
      const names = applied.map((r) => (r as { name: string }).name);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toContain('0001-library');
    } finally {
      await Promise.all(opened.map((d) => d.close()));
    }
    const again = await openDatabase('/nonexistent-data-dir', url);
    await again.close();
  });

  it('reads counts and bigint columns as numbers, as SQLite does', async () => {
    const database = await openDatabase('/nonexistent-data-dir', await createPgDatabase(cluster!));
    try {
      await database.db.insertInto('rate_windows').values({ key: 'k', window_start: 1_700_000_000_000, count: 3 }).execute();
      const row = await database.db.selectFrom('rate_windows').select(['window_start', (eb) => eb.fn.countAll().as('n')]).groupBy('window_start').executeTakeFirstOrThrow();
      expect(row).toEqual({ window_start: 1_700_000_000_000, n: 1 });
    } finally {
      await database.close();
    }
  });
});
