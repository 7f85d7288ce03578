import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../storage/database.ts';
import { CatalogStore } from './catalogStore.ts';
import { SqliteCatalogSearch } from './catalogSearch.ts';

// The remembered counts must never make the count header wrong: every write forgets them.
describe('catalog search counts', () => {
  let dir: string;
  let database: SqliteDatabase;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-counts-'));
    database = await openDatabase(dir);
    const store = new CatalogStore(database.sqlite);
    for (let i = 0; i < 5; i++) store.insert({ title: `Common word ${i}`, type: 'journal', year: 2000 + i }, { imported: true });
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const totalOf = (search: SqliteCatalogSearch, minYear?: number) =>
    search.search({ terms: ['common'], minYear }, { offset: 0, limit: 10, withTotal: true }).total;

  it('stays exact after documents are added or removed through this connection', () => {
    const store = new CatalogStore(database.sqlite);
    const search = new SqliteCatalogSearch(database.sqlite);
    expect(totalOf(search)).toBe(5);
    expect(totalOf(search, 2003)).toBe(2);
    const seq = store.insert({ title: 'Another common title', type: 'journal', year: 2010 }, { imported: true });
    expect(totalOf(search)).toBe(6);
    expect(totalOf(search, 2003)).toBe(3);
    search.unindex(seq);
    expect(totalOf(search)).toBe(5);
  });

  it('stays exact after another process adds documents', () => {
    const search = new SqliteCatalogSearch(database.sqlite);
    expect(totalOf(search)).toBe(5);
    const other = new Database(path.join(dir, 'service.sqlite'));
    try {
      new CatalogStore(other).insert({ title: 'Common ground', type: 'journal', year: 2020 }, { imported: true });
    } finally {
      other.close();
    }
    expect(totalOf(search)).toBe(6);
  });

  it('remembers result windows per query until the index changes, then shows the new document', () => {
    const store = new CatalogStore(database.sqlite);
    const search = new SqliteCatalogSearch(database.sqlite);
    const window = { offset: 0, limit: 10, withTotal: false };
    const first = search.search({ terms: ['common'] }, window);
    expect(search.search({ terms: ['common'] }, window)).toBe(first);
    expect(search.search({ terms: ['common'] }, { ...window, offset: 1 })).not.toBe(first);
    const seq = store.insert({ title: 'Common sense', type: 'journal', year: 2030 }, { imported: true });
    const after = search.search({ terms: ['common'] }, window);
    expect(after).not.toBe(first);
    expect(after.seqs).toContain(seq);
    expect(after.seqs).toHaveLength(6);
  });
});
