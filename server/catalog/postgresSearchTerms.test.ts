// Counts of words' matches (anywhere, or in one field; with or without a year range and
// open access; beside fields of several words) read from catalog_search_terms (PostgreSQL only): exact through indexing,
// re-indexing and removal, equal to counting every match, and read without visiting
// catalog_search for one word.
import { CompiledQuery, Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../storage/database.ts';
import type { Database } from '../storage/tables.ts';
import { createPgDatabase, testPgUrl } from '../testing/pgDatabases.ts';
import { indexPostgres, searchPostgres, unindexPostgres } from './postgresCatalogSearch.ts';
import { catalogChanged } from './postgresSearchMemory.ts';
import { recountTerms } from './postgresSearchTerms.ts';
import type { SearchCriteria } from './catalogSearch.ts';

const cluster = testPgUrl();
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'omega'];

describe.runIf(cluster)('PostgreSQL catalog search term counts', () => {
  let url: string;
  let database: OpenedDatabase;
  beforeAll(async () => {
    url = await createPgDatabase(cluster!);
    database = await openDatabase('/nonexistent-data-dir', url);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Every match visited: what the term counts must equal. */
  const visitedWhere = async (units: RawBuilder<unknown>[], filter: SearchCriteria) => {
    const conditions = [sql`(${sql.join(units, sql` OR `)})`];
    if (filter.minYear !== undefined) conditions.push(sql`s.year >= ${filter.minYear}`);
    if (filter.maxYear !== undefined) conditions.push(sql`s.year <= ${filter.maxYear}`);
    if (filter.openAccess) conditions.push(sql`s.open_access = 1`);
    return (await sql<{ n: number }>`SELECT count(*)::integer AS n FROM catalog_search s WHERE ${sql.join(conditions, sql` AND `)}`.execute(database.db)).rows[0]!.n;
  };
  const visited = (words: string[], filter: SearchCriteria = {}) =>
    visitedWhere(words.map((w) => sql`(s.fields @@ to_tsquery('simple', ${`'${w}'`}) OR s.other @@ to_tsquery('simple', ${`'${w}'`}))`), filter);
  const visitedInFields = (fields: Record<string, string>, filter: SearchCriteria = {}) =>
    visitedWhere(Object.entries(fields).map(([weight, w]) => sql`s.fields @@ to_tsquery('simple', ${`'${w}':${weight}`})`), filter);
  const terms = async () =>
    (await sql<{ term: string; year: number; open_access: number; documents: number }>`SELECT term, year, open_access, documents FROM catalog_search_terms
      WHERE documents > 0 ORDER BY term, year, open_access`.execute(database.db)).rows;

  it('stay exact through indexing, re-indexing and removal, and equal a recount', async () => {
    // Document i holds the words of i's bits, in fields chosen by i, and a word of its own.
    // Years 1990-1999 or none, open access or not, changed by a re-index as the words are.
    const text = (i: number, shift: number) => {
      const words = WORDS.filter((_, w) => ((i + shift) >> w) & 1);
      const year = (i + shift) % 7 === 0 ? undefined : 1990 + ((i + shift) % 10);
      return { title: `${words.slice(0, 2).join(' ')} own${i}`, abstract: words.slice(2).join(' '), other: i % 3 ? [words[0] ?? 'none'] : [], year, openAccess: (i + shift) % 3 === 0 };
    };
    for (let i = 1; i <= 40; i++) await indexPostgres(database.db, i, text(i, 0));
    for (let i = 1; i <= 40; i += 3) await indexPostgres(database.db, i, text(i, 7));
    for (let i = 2; i <= 40; i += 5) await unindexPostgres(database.db, i);
    await catalogChanged(database.db);
    for (const words of [['alpha'], ['alpha', 'beta'], ['beta', 'gamma', 'omega'], ['alpha', 'beta', 'gamma', 'delta'], ['own7', 'own8']]) {
      const { total } = await searchPostgres(database.db, { terms: words }, { offset: 0, limit: 5, withTotal: true }, 0);
      expect(total, words.join(' ')).toBe(await visited(words));
    }
    // Advanced search: a word in one field (title A, abstract D).
    const advanced: [SearchCriteria['fields'], Record<string, string>][] = [
      [{ title: ['alpha'] }, { A: 'alpha' }],
      [{ title: ['beta'], abstract: ['gamma'] }, { A: 'beta', D: 'gamma' }],
      [{ title: ['gamma'], abstract: ['delta'] }, { A: 'gamma', D: 'delta' }],
    ];
    for (const [fields, weights] of advanced) {
      const { total } = await searchPostgres(database.db, { fields }, { offset: 0, limit: 5, withTotal: true }, 0);
      expect(total, JSON.stringify(fields)).toBe(await visitedInFields(weights));
    }
    // Filtered: a year range (documents without a year never in it) and open access.
    const filters: SearchCriteria[] = [{ minYear: 1993 }, { maxYear: 1995 }, { minYear: 1992, maxYear: 1996, openAccess: true }, { openAccess: true }, { minYear: 1999, maxYear: 1999 }, { minYear: -9999 }];
    for (const filter of filters) {
      for (const words of [['alpha'], ['alpha', 'beta'], ['beta', 'gamma', 'omega']]) {
        const { total } = await searchPostgres(database.db, { terms: words, ...filter }, { offset: 0, limit: 5, withTotal: true }, 0);
        expect(total, `${words.join(' ')} ${JSON.stringify(filter)}`).toBe(await visited(words, filter));
      }
      const { total } = await searchPostgres(database.db, { fields: { title: ['beta'], abstract: ['gamma'] }, ...filter }, { offset: 0, limit: 5, withTotal: true }, 0);
      expect(total, JSON.stringify(filter)).toBe(await visitedInFields({ A: 'beta', D: 'gamma' }, filter));
      // A field of several words beside a field of one.
      const several = await searchPostgres(database.db, { fields: { title: ['alpha', 'beta'], abstract: ['gamma'] }, ...filter }, { offset: 0, limit: 5, withTotal: true }, 0);
      const inTitle = sql`s.fields @@ to_tsquery('simple', ${"'alpha':A & 'beta':A"})`;
      expect(several.total, JSON.stringify(filter)).toBe(await visitedWhere([inTitle, sql`s.fields @@ to_tsquery('simple', ${"'gamma':D"})`], filter));
    }
    const kept = await terms();
    await recountTerms(database.db);
    expect(await terms()).toEqual(kept);
  });

  it('count one word, anywhere or in one field, without visiting catalog_search', async () => {
    const executed: CompiledQuery[] = [];
    const logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }),
      log: (event) => {
        if (event.level === 'query') executed.push(event.query);
      },
    });
    try {
      const { total } = await searchPostgres(logged, { terms: ['alpha'] }, { offset: 0, limit: 5, withTotal: true }, 0);
      expect(total).toBe(await visited(['alpha']));
      // The count statement (the tiers also read the terms' documents, to choose their plans).
      const counting = (query: CompiledQuery) => query.sql.includes('coalesce(sum(documents), 0) FROM catalog_search_terms');
      const counted = executed.filter(counting);
      expect(counted).toHaveLength(1);
      const explained = await database.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${counted[0]!.sql}`, [...counted[0]!.parameters]));
      const plan = explained.rows.map((r) => r['QUERY PLAN']);
      expect(plan.join('\n')).toMatch(/on catalog_search_terms/);
      expect(plan.join('\n')).not.toMatch(/on catalog_search(?!_terms)/);
      // A word in one field is counted from its term too.
      executed.length = 0;
      await searchPostgres(logged, { fields: { title: ['alpha'] } }, { offset: 0, limit: 5, withTotal: true }, 0);
      expect(executed.filter(counting)).toHaveLength(1);
      // So is a word under a year range and open access: no count reads every match.
      executed.length = 0;
      const filter = { minYear: 1992, maxYear: 1997, openAccess: true };
      const filtered = await searchPostgres(logged, { fields: { title: ['alpha'] }, ...filter }, { offset: 0, limit: 5, withTotal: true }, 0);
      expect(filtered.total).toBe(await visitedInFields({ A: 'alpha' }, filter));
      expect(executed.filter((query) => query.sql.includes('count(*)') && !query.sql.includes('LIMIT'))).toEqual([]);
      expect(executed.filter(counting)).toHaveLength(1);
      // A field of several words is visited alone (all its words), the others counted from their terms.
      executed.length = 0;
      await searchPostgres(logged, { fields: { title: ['alpha', 'beta'], abstract: ['gamma'] }, ...filter }, { offset: 0, limit: 5, withTotal: true }, 0);
      expect(executed.filter(counting)).toHaveLength(1);
      expect(executed.filter((query) => query.sql.includes('count(*)') && !query.sql.includes('LIMIT') && !query.sql.includes('catalog_search_terms'))).toEqual([]);
    } finally {
      await logged.destroy();
    }
  });
});
