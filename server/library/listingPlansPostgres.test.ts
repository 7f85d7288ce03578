// The listings' cost must not grow with the library on PostgreSQL either: a page of
// /documents (any sort) or of /annotations, sorted on a column that holds no NULLs, walks
// an index in order, with no Sort node that would read every row of the library (ORDER BY
// ... NULLS FIRST on an ascending index made PostgreSQL sort the whole library for every
// page of a pull).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestService, type TestService } from '../testing/testService.ts';
import { testPgUrl } from '../testing/pgDatabases.ts';
import { pageQuery, readPageParams, encodeMarker } from '../http/paging.ts';
import { annotationListQuery } from './annotationQuery.ts';
import { scopedDocuments, type LibraryScope } from './documentQueries.ts';
import { joinGroup } from './documentsTesting.ts';

const cluster = testPgUrl();
let service: TestService;
let personal: LibraryScope;
let group: LibraryScope;
let userId: string;

describe.runIf(cluster)('/documents query plans on PostgreSQL', () => {
  beforeAll(async () => {
    service = await startTestService();
    const user = await service.createUser();
    userId = user.id;
    personal = { kind: 'personal', profileId: user.id };
    group = { kind: 'group', groupId: await joinGroup(service, user.id, 'owner') };
    const rows = Array.from({ length: 5000 }, (_, i) => {
      const time = new Date(1_700_000_000_000 + i).toISOString();
      return {
        id: `doc-${i}`, profile_id: user.id, group_id: i % 3 === 0 && group.kind === 'group' ? group.groupId : null, created: time, last_modified: time,
        title: `Title ${(i * 7919) % 5000}`, type: 'journal', year: 2000, trashed_at: i % 10 === 0 ? time : null, data: '{}',
      };
    });
    for (let at = 0; at < rows.length; at += 1000) await service.ctx.database.db.insertInto('documents').values(rows.slice(at, at + 1000)).execute();
    const annotations = rows.map((row, i) => ({
      id: `ann-${i}`, type: 'note', document_id: row.id, profile_id: user.id, group_id: row.group_id, filehash: null, text: 'note', color: null,
      positions: null, style: null, privacy_level: 'private', created: row.created, last_modified: row.last_modified,
    }));
    for (let at = 0; at < annotations.length; at += 1000) await service.ctx.database.db.insertInto('annotations').values(annotations.slice(at, at + 1000)).execute();
    await sql`ANALYZE documents`.execute(service.ctx.database.db);
    await sql`ANALYZE annotations`.execute(service.ctx.database.db);
  });
  afterAll(async () => service?.stop());

  const SORTS = ['last_modified', 'created', 'title'] as const;
  const cases = SORTS.flatMap((sort) => (['asc', 'desc'] as const).flatMap((order) => (['personal', 'group'] as const).flatMap((library) =>
    ([false, true] as const).map((behindMarker) => ({ sort, order, library, behindMarker })))));

  it.each(cases)('$library library by $sort $order (behind a marker: $behindMarker) walks an index in order', async ({ sort, order, library, behindMarker }) => {
    const query: Record<string, unknown> = { limit: '500', order };
    // The marker near the start of the walk, so that most of the library lies behind it (with a
    // page's worth left, sorting that little would be the planner's cheaper choice).
    const at = order === 'asc' ? 250 : 4750;
    if (behindMarker) query.marker = encodeMarker(sort === 'title' ? (order === 'asc' ? 'Title 1' : 'Title 999') : new Date(1_700_000_000_000 + at).toISOString(), `doc-${at}`);
    const params = readPageParams(query);
    const scope = library === 'personal' ? personal : group;
    const plan = await planOf(pageQuery(scopedDocuments(service.ctx, scope, 'library'), sort, 'id', params, { sortNotNull: true }).compile());
    // An index walked in the page's order; behind a marker the planner may take the
    // last_modified index and sort only runs of equal times as it goes (Incremental Sort,
    // bounded by the page), never the whole library.
    expect(plan).toMatch(/Index Scan/);
    expect(plan).not.toMatch(/(?:^|->\s+)Sort\s+\(|Seq Scan|Bitmap Heap Scan/m);
  });

  it.each([false, true])('a page of annotations (behind a marker: %s) walks an index in order', async (behindMarker) => {
    const params = readPageParams(behindMarker ? { limit: '500', marker: encodeMarker(new Date(1_700_000_000_250).toISOString(), 'ann-250') } : { limit: '500' });
    const plan = await planOf(pageQuery(await annotationListQuery(service.ctx.database.db, userId, {}), 'last_modified', 'id', params, { sortNotNull: true }).compile());
    expect(plan).toMatch(/Index Scan/);
    expect(plan).not.toMatch(/(?:^|->\s+)Sort\s+\(|Seq Scan|Bitmap Heap Scan/m);
  });
});

/** PostgreSQL's plan for a compiled query, its parameters written in as literals. */
async function planOf(compiled: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  const explained = await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN ${compiled.sql.replace(/\$(\d+)/g, (_, n: string) => literal(compiled.parameters[Number(n) - 1]))}`).execute(service.ctx.database.db);
  return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
}

function literal(value: unknown): string {
  return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
}
