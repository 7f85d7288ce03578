// The listings' cost must not grow with the library on PostgreSQL either: a page of
// /documents sorted on a column that holds no NULLs walks one index in order, with no Sort
// node that would read every row of the library (ORDER BY ... NULLS FIRST on an ascending
// index made PostgreSQL sort the whole library for every page of a pull).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestService, type TestService } from '../testing/testService.ts';
import { testPgUrl } from '../testing/pgDatabases.ts';
import { pageQuery, readPageParams, encodeMarker } from '../http/paging.ts';
import { scopedDocuments, type LibraryScope } from './documentQueries.ts';
import { joinGroup } from './documentsTesting.ts';

const cluster = testPgUrl();
let service: TestService;
let personal: LibraryScope;
let group: LibraryScope;

describe.runIf(cluster)('/documents query plans on PostgreSQL', () => {
  beforeAll(async () => {
    service = await startTestService();
    const user = await service.createUser();
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
    await sql`ANALYZE documents`.execute(service.ctx.database.db);
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
    const compiled = pageQuery(scopedDocuments(service.ctx, scope, 'library'), sort, 'id', params, { sortNotNull: true }).compile();
    const explained = await sql.raw<{ 'QUERY PLAN': string }>(`EXPLAIN ${compiled.sql.replace(/\$(\d+)/g, (_, n: string) => literal(compiled.parameters[Number(n) - 1]))}`).execute(service.ctx.database.db);
    const plan = explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    // An index walked in the page's order; behind a marker the planner may take the
    // last_modified index and sort only runs of equal times as it goes (Incremental Sort,
    // bounded by the page), never the whole library.
    expect(plan).toMatch(/Index Scan/);
    expect(plan).not.toMatch(/(?:^|->\s+)Sort\s+\(|Seq Scan|Bitmap Heap Scan/m);
  });
});

function literal(value: unknown): string {
  return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
}
