// Bounded work per catalog search: every statement a search prepares reads the FTS index
// through its MATCH constraint (never a scan of the index or of catalog_documents); a
// broad search (more matches than are scored) reads its page tier by tier in rowid order,
// LIMIT rows each, with no sort of all matches; bm25 sorts only result sets up to the
// score limit. The count, which reads every match, is remembered per query until the
// catalog changes (matchCounts.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../storage/database.ts';
import { CatalogStore } from './catalogStore.ts';
import { SqliteCatalogSearch } from './catalogSearch.ts';

const SCORE_LIMIT = 5;
const dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('catalog search plans', () => {
  it('read the index through MATCH, and a broad search takes its page without sorting all matches', async () => {
    const database = await openDatabase(dir);
    try {
      const { sqlite } = database;
      const store = new CatalogStore(sqlite);
      for (let i = 0; i < 40; i++) store.insert({ title: `Common word ${i}${i < 3 ? ' rare' : ''}`, type: 'journal', year: 1990 + i }, { imported: true });
      const prepared: string[] = [];
      const prepare = sqlite.prepare.bind(sqlite);
      sqlite.prepare = ((text: string) => {
        prepared.push(text);
        return prepare(text);
      }) as typeof sqlite.prepare;
      const search = new SqliteCatalogSearch(sqlite, SCORE_LIMIT);
      const planOf = (text: string) =>
        (prepare(`EXPLAIN QUERY PLAN ${text}`).all(...Array<null>((text.match(/\?/g) ?? []).length).fill(null)) as { detail: string }[]).map((p) => p.detail);
      const searched = (from: number) => prepared.slice(from).filter((text) => /catalog_fts|catalog_documents/.test(text));

      const broad = search.search({ terms: ['common', 'word'], minYear: 2000 }, { offset: 0, limit: 4, withTotal: true });
      expect(broad.total).toBe(30);
      expect(broad.seqs).toHaveLength(4);
      const broadStatements = searched(0);
      // The tiered path: no bm25 over the 30 matches.
      expect(broadStatements.some((text) => text.includes('f.rank'))).toBe(false);
      expect(broadStatements.some((text) => text.includes('ORDER BY f.rowid DESC LIMIT'))).toBe(true);
      expect(broadStatements.some((text) => text.includes('count(*)') && text.includes('MATCH'))).toBe(true);
      for (const text of broadStatements) {
        const plan = planOf(text);
        if (text.includes('MATCH')) expect(plan.some((line) => /VIRTUAL TABLE INDEX \d+:M/.test(line))).toBe(true);
        if (text.includes('ORDER BY f.rowid DESC LIMIT')) expect(plan.join(' ')).not.toContain('TEMP B-TREE');
        // The filter columns come from their covering index, once; nothing else reads the table whole.
        if (plan.some((line) => line.startsWith('SCAN catalog_documents'))) expect(plan).toEqual(['SCAN catalog_documents USING COVERING INDEX catalog_documents_filters']);
      }

      const from = prepared.length;
      const narrow = search.search({ terms: ['rare'] }, { offset: 0, limit: 10, withTotal: true });
      expect(narrow.total).toBe(3);
      const scored = searched(from);
      expect(scored.some((text) => text.includes('f.rank'))).toBe(true);
      for (const text of scored) expect(planOf(text).some((line) => /VIRTUAL TABLE INDEX \d+:M/.test(line))).toBe(true);
    } finally {
      await database.close();
    }
  });
});
