// The listings' cost must not grow with the library: every page of /documents (any sort,
// either order, personal or group library, first page or one behind a marker) is a walk of
// one index, and the count reads an index alone. SQLite's query plan shows it without
// timing anything: no SCAN of the table and no temporary B-tree to sort the whole library.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/testService.ts';
import { pageQuery, readPageParams, encodeMarker } from '../http/paging.ts';
import { scopedDocuments, type LibraryScope } from './documentQueries.ts';
import { joinGroup } from './documentsTesting.ts';

let service: TestService;
let personal: LibraryScope;
let group: LibraryScope;

beforeAll(async () => {
  service = await startTestService();
  const user = await service.createUser();
  personal = { kind: 'personal', profileId: user.id };
  group = { kind: 'group', groupId: await joinGroup(service, user.id, 'owner') };
  // Enough rows that a scan would be a real choice for the planner.
  const insert = service.ctx.database.sqlite!.prepare(`INSERT INTO documents (id, profile_id, group_id, created, last_modified, title, type, year, trashed_at, data)
    VALUES (?, ?, ?, ?, ?, ?, 'journal', 2000, ?, '{}')`);
  service.ctx.database.sqlite!.transaction(() => {
    for (let i = 0; i < 3000; i++) {
      const time = new Date(1_700_000_000_000 + i).toISOString();
      const groupId = i % 3 === 0 && group.kind === 'group' ? group.groupId : null;
      insert.run(`doc-${i}`, user.id, groupId, time, time, `Title ${(i * 7919) % 3000}`, i % 10 === 0 ? time : null);
    }
  })();
  service.ctx.database.sqlite!.exec('ANALYZE');
});
afterAll(async () => service.stop());

function planOf(compiled: { sql: string; parameters: readonly unknown[] }): string[] {
  const rows = service.ctx.database.sqlite!.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...compiled.parameters) as { detail: string }[];
  return rows.map((r) => r.detail);
}

const SORTS = ['last_modified', 'created', 'title'] as const;
const cases = SORTS.flatMap((sort) => (['asc', 'desc'] as const).flatMap((order) => (['personal', 'group'] as const).flatMap((library) =>
  ([false, true] as const).map((behindMarker) => ({ sort, order, library, behindMarker })))));

describe('/documents query plans', () => {
  it.each(cases)('$library library by $sort $order (behind a marker: $behindMarker) walks one index', ({ sort, order, library, behindMarker }) => {
    const query: Record<string, unknown> = { limit: '500', order };
    if (behindMarker) query.marker = encodeMarker(sort === 'title' ? 'Title 1500' : new Date(1_700_000_001_500).toISOString(), 'doc-1500');
    const params = readPageParams(query);
    const scope = library === 'personal' ? personal : group;
    const plan = planOf(pageQuery(scopedDocuments(service.ctx, scope, 'library'), sort, 'id', params, { sortNotNull: true }).compile());
    expect(plan).toHaveLength(1);
    expect(plan[0]).toContain(`USING INDEX documents_${library}_${sort}`);
    expect(plan[0]).not.toMatch(/^SCAN/);
    if (behindMarker) expect(plan[0]).toContain(`(${sort},id)${(order === 'asc') ? '>' : '<'}(?,?)`);
    expect(plan.join(' ')).not.toContain('TEMP B-TREE');
  });

  it.each(['personal', 'group'] as const)('counts the %s library from an index, never scanning the table', (library) => {
    const scope = library === 'personal' ? personal : group;
    const counting = scopedDocuments(service.ctx, scope, 'library').clearSelect().select((eb) => eb.fn.countAll().as('n'));
    const plan = planOf(counting.compile());
    expect(plan).toHaveLength(1);
    expect(plan[0]).toMatch(new RegExp(`^SEARCH documents USING (COVERING )?INDEX documents_${library}_`));
  });
});

describe('remembered counts', () => {
  it('answers the new count at once after a create, a trash and a restore', async () => {
    const user = await service.createUser();
    const mt = service.ctx.mediaTypes.document;
    const headers = { ...user.auth, Accept: mt, 'Content-Type': mt };
    const count = async () => (await service.fetch('/documents?limit=1', { headers })).headers.get(service.ctx.headers.count);
    const create = async (title: string) => ((await (await service.fetch('/documents', { method: 'POST', headers, body: JSON.stringify({ title }) })).json()) as { id: string }).id;
    await create('one');
    expect(await count()).toBe('1');
    expect(await count()).toBe('1');
    const second = await create('two');
    expect(await count()).toBe('2');
    expect((await service.fetch(`/documents/${second}/trash`, { method: 'POST', headers })).status).toBe(204);
    expect(await count()).toBe('1');
    expect((await service.fetch(`/trash/${second}/restore`, { method: 'POST', headers })).status).toBe(204);
    expect(await count()).toBe('2');
  });
});

describe('spliced pages', () => {
  it('shows a document as it is now after a change, in every view, and keeps the JSON media type with its charset', async () => {
    const user = await service.createUser();
    const mt = service.ctx.mediaTypes.document;
    const headers = { ...user.auth, Accept: mt, 'Content-Type': mt };
    const created = (await (await service.fetch('/documents', { method: 'POST', headers, body: JSON.stringify({ title: 'Before', tags: ['a'] }) })).json()) as { id: string };
    const list = async (view: string) => {
      const res = await service.fetch(`/documents?view=${view}`, { headers });
      expect(res.headers.get('content-type')).toBe(`${mt}; charset=utf-8`);
      return (await res.json()) as { title: string; tags?: string[] }[];
    };
    expect((await list('all'))[0]).toMatchObject({ title: 'Before', tags: ['a'] });
    expect((await list('all'))[0]).toMatchObject({ title: 'Before', tags: ['a'] });
    const patched = await service.fetch(`/documents/${created.id}`, { method: 'PATCH', headers, body: JSON.stringify({ title: 'Après ✓', tags: ['b'] }) });
    expect(patched.status).toBe(200);
    expect((await list('all'))[0]).toMatchObject({ title: 'Après ✓', tags: ['b'] });
    expect((await list('tags'))[0]).toMatchObject({ title: 'Après ✓', tags: ['b'] });
    const one = await service.fetch(`/documents/${created.id}?view=all`, { headers });
    expect(one.headers.get('content-type')).toBe(`${mt}; charset=utf-8`);
    expect(await one.json()).toMatchObject({ title: 'Après ✓', tags: ['b'] });
  });
});
