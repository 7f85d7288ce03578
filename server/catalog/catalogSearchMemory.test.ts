// Catalog search counts and result windows are remembered while the catalog is unchanged, on
// both engines (SQLite: matchCounts.ts and searchResults.ts; PostgreSQL: postgresSearchMemory.ts),
// and never make an answer wrong: a write through this handle or another one (another process,
// another instance) forgets them. Runs on SQLite, and on PostgreSQL in its pass.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../storage/database.ts';
import { createPgDatabase, testPgUrl } from '../testing/pgDatabases.ts';
import { catalogStorageOf, type CatalogStorage } from './catalogStorage.ts';

const cluster = testPgUrl();

describe(`remembered catalog searches (${cluster ? 'PostgreSQL' : 'SQLite'})`, () => {
  let dir: string;
  let url: string | null;
  let database: OpenedDatabase;
  let catalog: CatalogStorage;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-memory-'));
    url = cluster ? await createPgDatabase(cluster) : null;
    database = await openDatabase(dir, url);
    catalog = catalogStorageOf(database);
    for (let i = 0; i < 5; i++) await catalog.add({ title: `Common word ${i}`, type: 'journal', year: 2000 + i }, { imported: true });
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const first = { offset: 0, limit: 10, withTotal: true };
  const totalOf = async (minYear?: number) => (await catalog.search({ terms: ['common'], minYear }, first)).total;

  it('answers the same search from memory until the catalog changes', async () => {
    const answer = await catalog.search({ terms: ['common'] }, first);
    expect(answer.total).toBe(5);
    expect(await catalog.search({ terms: ['common'] }, first)).toBe(answer);
    // A scan of the libraries that finds nothing to add changes nothing.
    await catalog.catchUp();
    expect(await catalog.search({ terms: ['common'] }, first)).toBe(answer);
    expect(await catalog.search({ terms: ['common'] }, { ...first, offset: 1 })).not.toBe(answer);
    const { seq } = await catalog.add({ title: 'Common sense', type: 'journal', year: 2030 }, { imported: true });
    const after = await catalog.search({ terms: ['common'] }, first);
    expect(after).not.toBe(answer);
    expect(after.total).toBe(6);
    expect(after.seqs).toContain(seq);
  });

  it('keeps counts exact after writes through this handle', async () => {
    expect(await totalOf()).toBe(5);
    expect(await totalOf(2003)).toBe(2);
    await catalog.add({ title: 'Another common title', type: 'journal', year: 2010 }, { imported: true });
    expect(await totalOf()).toBe(6);
    expect(await totalOf(2003)).toBe(3);
  });

  it('keeps counts exact after another process or instance adds documents', async () => {
    expect(await totalOf()).toBe(5);
    const other = await openDatabase(dir, url);
    try {
      await catalogStorageOf(other).add({ title: 'Common ground', type: 'journal', year: 2020 }, { imported: true });
    } finally {
      await other.close();
    }
    expect(await totalOf()).toBe(6);
  });
});
