// The library search reads bounded work from its index, whatever the library's size: the
// query plan starts from the index (SQLite's FTS5 table, PostgreSQL's GIN indexes; no scan
// of documents, no sort of the library), a query ranks at most MAX_RANKED_MATCHES rows, and
// the index follows every kind of write. Runs on both engines (npm run test:pg).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestService, type TestService } from '../testing/testService.ts';
import { documentClient, joinGroup, type DocumentClient } from './documentsTesting.ts';
import { MAX_RANKED_MATCHES, matchQueryOf, searchCandidatesOf } from './documentSearchIndex.ts';
import { readSearchCriteria } from './documentSearch.ts';
import type { LibraryScope } from './documentQueries.ts';
import type { DocumentsTable } from '../storage/tables.ts';
import { catchUpDocumentSearch, matchingDocumentsQuery, searchRowOf, tsqueriesOf } from './postgresDocumentSearch.ts';
import * as sqliteIndexMigration from '../storage/migrations/202611241105-document-search-index.ts';
import * as postgresIndexMigration from '../storage/migrations/202611242000-document-search-postgres.ts';

let service: TestService;
let onPostgres: boolean;
let client: DocumentClient;
let scope: LibraryScope;
let profileId: string;
/** Oceans everywhere: more matching documents than a query may rank. */
const OCEANS = MAX_RANKED_MATCHES + 200;

beforeAll(async () => {
  service = await startTestService();
  onPostgres = service.ctx.database.engine === 'postgres';
  const user = await service.createUser();
  profileId = user.id;
  client = documentClient(service, user);
  scope = { kind: 'personal', profileId };
  // Rows written straight into the table, as a bulk seed would: SQLite's triggers index
  // them; PostgreSQL's trigger marks them, and the first search indexes them.
  const rows: DocumentsTable[] = [];
  for (let i = 0; i < OCEANS + 3000; i++) {
    const time = new Date(1_700_000_000_000 + i).toISOString();
    const title = i < OCEANS ? `Ocean currents ${i}` : `Forest soils ${i}`;
    const data = JSON.stringify({ authors: [{ first_name: 'Jo', last_name: `Writer${i}` }] });
    rows.push({ id: `bulk-${i}`, profile_id: profileId, group_id: null, created: time, last_modified: time, title, type: 'journal', year: 1990 + (i % 30), trashed_at: null, data });
  }
  await service.ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows.slice(i, i + 500);
      await trx.insertInto('documents').values(batch).execute();
    }
  });
  if (onPostgres) await catchUpDocumentSearch(service.ctx.db);
  await sql`ANALYZE`.execute(service.ctx.db);
});
afterAll(async () => service.stop());

const search = async (qs: string) => {
  const res = await client.get(`/search/documents?${qs}`);
  expect(res.status).toBe(200);
  return { ids: ((await res.json()) as { id: string }[]).map((d) => d.id), count: res.headers.get(client.countHeader) };
};

describe('the library search index', () => {
  it('plans a search from the FTS index, reading documents by key only', async () => {
    if (onPostgres) return postgresPlan();
    const match = matchQueryOf(scope, readSearchCriteria({ query: 'ocean currents' }), false)!;
    const plan = (service.ctx.database.sqlite!.prepare(`EXPLAIN QUERY PLAN
      SELECT d.* FROM documents_search s JOIN documents_search_keys k ON k.key = s.rowid JOIN documents d ON d.id = k.id
      WHERE documents_search MATCH ? AND d.trashed_at IS NULL ORDER BY s.rowid DESC LIMIT 1000`).all(match) as { detail: string }[]).map((r) => r.detail);
    expect(plan[0]).toMatch(/^SCAN s VIRTUAL TABLE INDEX/);
    expect(plan.slice(1).every((step) => /^SEARCH (k|d) USING/.test(step))).toBe(true);
    expect(plan.join(' ')).not.toContain('TEMP B-TREE');
  });

  it('ranks at most MAX_RANKED_MATCHES documents however many match', async () => {
    const rows = await searchCandidatesOf(service.ctx).candidates(scope, readSearchCriteria({ query: 'ocean' }));
    expect(rows).toHaveLength(MAX_RANKED_MATCHES);
    expect((await searchCandidatesOf(service.ctx).candidates(scope, readSearchCriteria({ query: 'ocean' }), 25))).toHaveLength(25);
    const { ids, count } = await search('query=ocean&limit=5');
    expect(count).toBe(String(MAX_RANKED_MATCHES));
    expect(ids).toHaveLength(5);
    // Year bounds alone take the newest in range, bounded the same way.
    expect(await searchCandidatesOf(service.ctx).candidates(scope, readSearchCriteria({ min_year: '1990' }))).toHaveLength(MAX_RANKED_MATCHES);
  });

  it('finds documents matching every term first, even among more matches than it ranks', async () => {
    // The oldest ocean document also has a rare word: it must not fall behind the newest 1,000.
    await service.ctx.db.updateTable('documents').set({ title: 'Ocean currents and kelp' }).where('id', '=', 'bulk-0').execute();
    const { ids } = await search('query=ocean%20kelp&limit=3');
    expect(ids[0]).toBe('bulk-0');
    expect((await search('query=kelp')).ids).toEqual(['bulk-0']);
    expect((await search('author=writer4199%20jo')).ids).toEqual(['bulk-4199']); // all words, in that field
  });

  it('follows creates, edits, the trash, restores and deletes', async () => {
    const doc = await client.create({ title: 'Glacier mass balance', tags: ['cryosphere'], identifiers: { doi: '10.1234/ice.7' } });
    expect((await search('query=glacier')).ids).toEqual([doc.id]);
    expect((await search('query=10.1234%2Fice.7')).ids).toEqual([doc.id]);
    expect((await search('query=cryosph')).ids).toEqual([doc.id]); // the last word is a prefix
    expect((await client.send('PATCH', `/documents/${doc.id}`, { title: 'Permafrost thaw' })).status).toBe(200);
    expect((await search('query=glacier')).ids).toEqual([]);
    expect((await search('title=permafrost')).ids).toEqual([doc.id]);
    expect((await client.send('POST', `/documents/${doc.id}/trash`)).status).toBe(204);
    expect((await search('query=permafrost')).ids).toEqual([]);
    expect((await client.send('POST', `/trash/${doc.id}/restore`)).status).toBe(204);
    expect((await search('query=permafrost')).ids).toEqual([doc.id]);
    expect((await client.send('DELETE', `/documents/${doc.id}`)).status).toBe(204);
    expect((await search('query=permafrost')).ids).toEqual([]);
    const left = await service.ctx.db.selectFrom((onPostgres ? 'documents_search' : 'documents_search_keys') as never).select(sql<number>`count(*)`.as('n')).where(sql<boolean>`id = ${doc.id}`).executeTakeFirstOrThrow();
    expect(left).toEqual({ n: 0 });
  });

  it('stores and finds a document with more distinct words than a tsvector holds', async () => {
    // Longer than the routes accept, as an older service or a direct write may have stored it.
    const abstract = Array.from({ length: 200_000 }, (_, i) => `q${i.toString(36)}`).join(' '); // 1.3 MB of distinct words
    const time = new Date().toISOString();
    const doc = { id: 'enormous', profile_id: profileId, group_id: null, created: time, last_modified: time, title: 'Enormous abstract', type: 'journal', year: null, trashed_at: null, data: JSON.stringify({ abstract }) };
    await service.ctx.db.insertInto('documents').values(doc).execute();
    expect((await search('title=enormous')).ids).toEqual([doc.id]);
    expect((await search('abstract=q2bi')).ids).toEqual([doc.id]); // an early word (3,006th)
  });

  it('keeps each library to itself in the index', async () => {
    const other = documentClient(service, await service.createUser());
    const groupId = await joinGroup(service, profileId, 'owner');
    const mine = await client.create({ title: 'Tidal lagoon', group_id: groupId });
    await other.create({ title: 'Tidal flats' });
    expect((await search('query=tidal')).ids).toEqual([]);
    expect((await search(`query=tidal&group_id=${groupId}`)).ids).toEqual([mine.id]);
    expect(await other.json<unknown[]>('/search/documents?query=tidal')).toHaveLength(1);
  });

  it('indexes the documents already stored when the migration runs', async () => {
    const db = service.ctx.db as never;
    const migration = onPostgres ? postgresIndexMigration : sqliteIndexMigration;
    await migration.down(db);
    const time = new Date().toISOString();
    const doc = { id: 'stored-before', profile_id: profileId, group_id: null, created: time, last_modified: time, title: 'Stored before the index', type: 'journal', year: null, trashed_at: null, data: '{"source":"Old Journal"}' };
    await service.ctx.db.insertInto('documents').values(doc).execute();
    await migration.up(db);
    expect((await search('source=old%20journal')).ids).toEqual([doc.id]);
    // PostgreSQL's is harmless to run again (SQLite's runs once, as Kysely runs every migration).
    if (onPostgres) {
      await migration.up(db);
      expect((await search('source=old%20journal')).ids).toEqual([doc.id]);
      expect((await search('query=ocean&limit=1')).count).toBe(String(MAX_RANKED_MATCHES));
    }
  });

  it('answers nothing for terms without a word to look for, and never an FTS syntax error', async () => {
    expect((await search('query=%2D%2D%2D')).ids).toEqual([]);
    // (A count header that is a number: a missing header, null, would not pass.)
    expect((await search('query=%22ocean%20AND%20NOT%22%20*%20NEAR(')).count).toMatch(/^\d+$/);
  });
});

/**
 * PostgreSQL's plan: the matches come from the GIN index (a bitmap scan of it, never a scan
 * of the library), and documents are read by their key for the rows kept.
 */
async function postgresPlan(): Promise<void> {
  // A service of many libraries: 50,000 more documents in 40 others (below about 30,000 rows
  // in all, reading the whole index beats its GIN index). Their index rows are written in
  // SQL, as searchRowOf writes them for these titles and authors: the service's own
  // indexing is tested below; here it would only take longer.
  await sql`INSERT INTO documents (id, profile_id, group_id, created, last_modified, title, type, year, trashed_at, data)
    SELECT 'other-' || i, 'reader-' || (i % 40), NULL, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z',
      'Ocean soils ' || i, 'journal', 2000 + i % 20, NULL, '{"authors":[{"first_name":"Al","last_name":"Writer' || i || '"}]}'
    FROM generate_series(1, 50000) AS i`.execute(service.ctx.db);
  await sql`UPDATE documents_search SET stale = NULL,
      words = format('''#preader-%s'' ''ocean'':1 ''soils'':2 ''%s'':3 ''al'':5 ''writer%s'':6', n % 40, n, n)::tsvector,
      fields = format('''#preader-%s'' ''ocean'':1A ''soils'':2A ''%s'':3A ''al'':5B ''writer%s'':6B', n % 40, n, n)::tsvector
    FROM (SELECT 'other-' || i AS id, i AS n FROM generate_series(1, 50000) AS i) o WHERE documents_search.id = o.id`.execute(service.ctx.db);
  const sample = await sql<{ words: string; fields: string }>`SELECT words::text AS words, fields::text AS fields FROM documents_search WHERE id = 'other-7'`.execute(service.ctx.db);
  const built = searchRowOf((await service.ctx.db.selectFrom('documents').selectAll().where('id', '=', 'other-7').executeTakeFirstOrThrow()));
  expect(sample.rows[0]).toEqual({ words: await asVector(built.words), fields: await asVector(built.fields) });
  await sql`ANALYZE`.execute(service.ctx.db);
  for (const qs of [{ query: 'writer4199' }, { title: 'ocean', author: 'writer17' }, { query: 'ocean writer17 kelp' }]) {
    const criteria = readSearchCriteria(qs);
    for (const every of [true, false]) {
      const queries = tsqueriesOf(scope, criteria, every)!;
      const statement = matchingDocumentsQuery(queries, every, {}, MAX_RANKED_MATCHES);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${statement}`.execute(service.ctx.db);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan, plan).toMatch(/Bitmap Index Scan on documents_search_(words|fields)/);
      expect(plan, plan).not.toMatch(/Seq Scan/);
      expect(plan, plan).toMatch(/Index Scan using documents_pkey on documents d/);
    }
  }
  // The other libraries go (the tests below rebuild the index).
  await sql`DELETE FROM documents WHERE id LIKE 'other-%'`.execute(service.ctx.db);
}

const asVector = async (literal: string) => (await sql<{ v: string }>`SELECT ${literal}::tsvector::text AS v`.execute(service.ctx.db)).rows[0]!.v;
