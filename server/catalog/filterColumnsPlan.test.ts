// The first filtered search reads every document's year and open-access flag: from the
// narrow covering index, never the table with its data column (1.3 GB at 1M documents).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../storage/database.ts';
import { CatalogStore } from './catalogStore.ts';
import { FILTER_COLUMNS_SQL } from './catalogSearch.ts';

describe('catalog search filter columns', () => {
  it('are read from the covering index alone, and filter as the table says', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-filters-'));
    const database = await openDatabase(dir);
    try {
      const plan = database.sqlite.prepare(`EXPLAIN QUERY PLAN ${FILTER_COLUMNS_SQL}`).all() as { detail: string }[];
      expect(plan.map((p) => p.detail)).toEqual(['SCAN catalog_documents USING COVERING INDEX catalog_documents_filters']);
      const store = new CatalogStore(database.sqlite);
      for (let i = 0; i < 30; i++) store.insert({ title: `Filtered work ${i}`, type: 'journal', ...(i % 5 ? { year: 1990 + i } : {}) }, { imported: true, openAccess: i % 2 === 0 });
      const found = store.search.search({ terms: ['filtered'], minYear: 2000, openAccess: true }, { offset: 0, limit: 50, withTotal: true });
      const expected = database.sqlite.prepare('SELECT seq FROM catalog_documents WHERE year >= 2000 AND open_access = 1 ORDER BY seq DESC').pluck().all();
      expect(found.total).toBe(expected.length);
      expect([...found.seqs].sort((a, b) => b - a)).toEqual(expected);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
