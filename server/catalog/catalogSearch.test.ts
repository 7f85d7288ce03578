import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../storage/tables.ts';
import { openDatabase, type OpenedDatabase, type SqliteDatabase } from '../storage/database.ts';
import { createPgDatabase, testPgUrl } from '../testing/pgDatabases.ts';
import { catalogStorageOf } from './catalogStorage.ts';
import { searchPostgres, unindexPostgres } from './postgresCatalogSearch.ts';
import { catalogChanged } from './postgresSearchMemory.ts';
import { CatalogStore } from './catalogStore.ts';
import { SqliteCatalogSearch, wordsOf } from './catalogSearch.ts';

describe('SqliteCatalogSearch', () => {
  let dir: string;
  let database: SqliteDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-search-'));
    database = await openDatabase(dir);
    const store = new CatalogStore(database.sqlite);
    // Titles hold 0..3 of the words alpha, beta, gamma; years alternate, one has none.
    const words = ['alpha', 'beta', 'gamma'];
    for (let i = 0; i < 40; i++) {
      const title = [...words.filter((_, w) => i & (1 << w)), `filler${i}`].join(' ');
      store.insert({ title, type: 'journal', year: i % 10 === 0 ? undefined : 1990 + (i % 20) }, { imported: true });
    }
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const hitsOf = (titles: string[]) => titles.map((t) => ['alpha', 'beta', 'gamma'].filter((w) => t.includes(w)).length);
  const titlesOf = (seqs: number[]) => seqs.map((seq) => database.sqlite.prepare('SELECT title FROM catalog_documents WHERE seq = ?').pluck().get(seq) as string);

  it('ranks by matched words in both the scored and the tiered (large result) paths, with the same pages', () => {
    for (const scoreLimit of [1_000_000, 0]) {
      const search = new SqliteCatalogSearch(database.sqlite, scoreLimit);
      const criteria = { terms: wordsOf('Alpha beta GAMMA') };
      const all = search.search(criteria, { offset: 0, limit: 100, withTotal: true });
      expect(all.total).toBe(35); // 40 rows, 5 of them hold none of the words
      const hits = hitsOf(titlesOf(all.seqs));
      expect(hits).toEqual([...hits].sort((a, b) => b - a));
      expect(hits[0]).toBe(3);
      const paged = [0, 7, 14, 21, 28].flatMap((offset) => search.search(criteria, { offset, limit: 7, withTotal: false }).seqs);
      expect(paged).toEqual(all.seqs);
    }
  });

  it('applies year filters in the tiered path too, excluding documents without a year', () => {
    const search = new SqliteCatalogSearch(database.sqlite, 0);
    const { seqs, total } = search.search({ fields: { title: ['alpha'] }, minYear: 2000 }, { offset: 0, limit: 100, withTotal: true });
    const years = seqs.map((seq) => database.sqlite.prepare('SELECT year FROM catalog_documents WHERE seq = ?').pluck().get(seq) as number | null);
    expect(years.every((y) => y !== null && y >= 2000)).toBe(true);
    expect(seqs.length).toBe(total);
    expect(total).toBeGreaterThan(0);
  });

  it('continues a large result after the marker row of the page before, even when a row was added ahead of it', () => {
    const search = new SqliteCatalogSearch(database.sqlite, 0);
    const criteria = { terms: wordsOf('alpha beta gamma') };
    const all = search.search(criteria, { offset: 0, limit: 100, withTotal: true }).seqs;
    const walked = [...all.slice(0, 7)];
    while (walked.length < all.length) walked.push(...search.search(criteria, { offset: walked.length, limit: 7, withTotal: false, after: walked.at(-1) }).seqs);
    expect(walked).toEqual(all);
    // A new document in the top tier moves every position on by one: the marker keeps the place.
    const store = new CatalogStore(database.sqlite);
    const added = store.insert({ title: 'alpha beta gamma newcomer', type: 'journal', year: 2001 }, { imported: true });
    try {
      expect(search.search(criteria, { offset: 0, limit: 1, withTotal: false }).seqs).toEqual([added]);
      expect(search.search(criteria, { offset: 7, limit: 7, withTotal: false, after: all[6] }).seqs).toEqual(all.slice(7, 14));
      // A marker row that no longer matches leaves the offset to count.
      expect(search.search(criteria, { offset: 8, limit: 7, withTotal: false, after: added + 1000 }).seqs).toEqual(all.slice(7, 14));
    } finally {
      search.unindex(added);
    }
  });
});

// The same rules on PostgreSQL's tsvector index (runs in the PostgreSQL pass).
const cluster = testPgUrl();

describe.runIf(cluster)('PostgreSQL catalog search', () => {
  let database: OpenedDatabase;
  let url: string;
  beforeAll(async () => {
    url = await createPgDatabase(cluster!);
    database = await openDatabase('/nonexistent-data-dir', url);
    const store = catalogStorageOf(database);
    const words = ['alpha', 'beta', 'gamma'];
    const records = Array.from({ length: 40 }, (_, i) => ({
      fields: { title: [...words.filter((_, w) => i & (1 << w)), `filler${i}`].join(' '), type: 'journal' as const, year: i % 10 === 0 ? undefined : 1990 + (i % 20) },
    }));
    // One by one, so seq follows i as on SQLite.
    for (const record of records) await store.addMany([record], true);
  });
  afterAll(async () => {
    await database?.close();
  });

  const hitsOf = (titles: string[]) => titles.map((t) => ['alpha', 'beta', 'gamma'].filter((w) => t.includes(w)).length);
  const rowsOf = async (seqs: number[]) => catalogStorageOf(database).bySeqs(seqs);

  it('ranks by matched words in both the scored and the tiered (large result) order, with the same pages', async () => {
    for (const scoreLimit of [1_000_000, 0]) {
      const criteria = { terms: wordsOf('Alpha beta GAMMA') };
      const all = await searchPostgres(database.db, criteria, { offset: 0, limit: 100, withTotal: true }, scoreLimit);
      expect(all.total).toBe(35);
      const hits = hitsOf((await rowsOf(all.seqs)).map((r) => r.title));
      expect(hits).toEqual([...hits].sort((a, b) => b - a));
      expect(hits[0]).toBe(3);
      const paged: number[] = [];
      for (const offset of [0, 7, 14, 21, 28]) paged.push(...(await searchPostgres(database.db, criteria, { offset, limit: 7, withTotal: false }, scoreLimit)).seqs);
      expect(paged).toEqual(all.seqs);
    }
  });

  it('reads large results tier by tier in the order matched words, then newest first, as SQLite does', async () => {
    const criteria = { terms: wordsOf('alpha beta gamma') };
    const tiered = await searchPostgres(database.db, criteria, { offset: 0, limit: 100, withTotal: true }, 0);
    const rows = await rowsOf(tiered.seqs);
    const hitsBySeq = new Map(rows.map((r, i) => [tiered.seqs[i]!, hitsOf([r.title])[0]!]));
    const expected = [...tiered.seqs].sort((a, b) => hitsBySeq.get(b)! - hitsBySeq.get(a)! || b - a);
    expect(tiered.seqs).toEqual(expected);
    expect(tiered.seqs.length).toBe(35);
    // A window that starts inside one tier and ends inside another, with a year filter.
    const filtered = { ...criteria, minYear: 2000 };
    const whole = await searchPostgres(database.db, filtered, { offset: 0, limit: 100, withTotal: true }, 0);
    expect((await searchPostgres(database.db, filtered, { offset: 3, limit: 5, withTotal: false }, 0)).seqs).toEqual(whole.seqs.slice(3, 8));
    expect((await rowsOf(whole.seqs)).every((r) => r.year !== null && r.year >= 2000)).toBe(true);
  });

  it('matches an advanced field only in that field, and applies year filters, excluding documents without a year', async () => {
    const { seqs, total } = await searchPostgres(database.db, { fields: { title: ['alpha'] }, minYear: 2000 }, { offset: 0, limit: 100, withTotal: true }, 0);
    const rows = await rowsOf(seqs);
    expect(rows.every((r) => r.year !== null && r.year >= 2000 && r.title.includes('alpha'))).toBe(true);
    expect(seqs.length).toBe(total);
    expect(total).toBeGreaterThan(0);
    expect((await searchPostgres(database.db, { fields: { author: ['alpha'] } }, { offset: 0, limit: 10, withTotal: true })).total).toBe(0);
  });

  it('counts every match only for a first page: a later page reads at most the score limit and one more', async () => {
    const counts: { sql: string; parameters: readonly unknown[] }[] = [];
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.level === 'query' && event.query.sql.includes('count(*)')) counts.push(event.query);
      },
    });
    try {
      const criteria = { terms: wordsOf('alpha beta gamma') };
      const whole = await searchPostgres(database.db, criteria, { offset: 0, limit: 100, withTotal: true }, 5);
      const later = await searchPostgres(logged, criteria, { offset: 7, limit: 7, withTotal: false }, 5);
      expect(later).toEqual({ seqs: whole.seqs.slice(7, 14), total: undefined });
      expect(counts.length).toBe(1);
      expect(counts[0]!.sql).toMatch(/LIMIT \$\d+\) m$/);
      expect(counts[0]!.parameters.at(-1)).toBe(6);
      // The first page counts exactly, beside its page.
      expect((await searchPostgres(logged, criteria, { offset: 0, limit: 7, withTotal: true }, 5)).total).toBe(35);
      expect(counts.some((query) => !query.sql.includes('LIMIT'))).toBe(true);
    } finally {
      await logged.destroy();
    }
  });

  it('continues a large result after the marker row of the page before: its tier on, never the tiers above it', async () => {
    const criteria = { terms: wordsOf('alpha beta gamma') };
    const all = (await searchPostgres(database.db, criteria, { offset: 0, limit: 100, withTotal: true }, 0)).seqs;
    const walked = [...all.slice(0, 7)];
    while (walked.length < all.length) walked.push(...(await searchPostgres(database.db, criteria, { offset: walked.length, limit: 7, withTotal: false, after: walked.at(-1) }, 0)).seqs);
    expect(walked).toEqual(all);
    // Position 27 is in the last tier (one word of three): only that tier is read, 7 rows a subset.
    const tierQueries: { sql: string; parameters: readonly unknown[] }[] = [];
    const logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }),
      log: (event) => {
        if (event.level === 'query' && /ORDER BY s\.seq( \+ 0)? DESC LIMIT/.test(event.query.sql)) tierQueries.push(event.query);
      },
    });
    try {
      const page = await searchPostgres(logged, criteria, { offset: 28, limit: 7, withTotal: false, after: all[27] }, 0);
      expect(page.seqs).toEqual(all.slice(28, 35));
      expect(tierQueries).toHaveLength(3);
      for (const query of tierQueries) {
        expect(query.sql.match(/NOT/g)).toHaveLength(2);
        expect(query.parameters.at(-1)).toBe(7);
      }
    } finally {
      await logged.destroy();
    }
    // A new document in the top tier moves every position on by one: the marker keeps the place.
    const store = catalogStorageOf(database);
    await store.addMany([{ fields: { title: 'alpha beta gamma newcomer', type: 'journal', year: 2001 } }], true);
    const added = (await searchPostgres(database.db, criteria, { offset: 0, limit: 1, withTotal: false }, 0)).seqs[0]!;
    expect(all).not.toContain(added);
    try {
      expect((await searchPostgres(database.db, criteria, { offset: 7, limit: 7, withTotal: false, after: all[6] }, 0)).seqs).toEqual(all.slice(7, 14));
      // A marker row that no longer matches leaves the offset to count.
      expect((await searchPostgres(database.db, criteria, { offset: 8, limit: 7, withTotal: false, after: added + 1000 }, 0)).seqs).toEqual(all.slice(7, 14));
    } finally {
      await unindexPostgres(database.db, added);
      await catalogChanged(database.db);
    }
  });
});
