import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { parseLinkHeader } from '../../shared/paging.ts';
import { documentClient, joinGroup, walkPages, type DocumentClient } from './documentsTesting.ts';

let service: TestService;
let alice: TestUser;
let a: DocumentClient;
let b: DocumentClient;
/** Alice's documents in creation order (so also in last_modified order). */
let docs: { id: string; title: string; created: string; last_modified: string }[];

const TITLES = ['Kiwi', 'apple', 'Banana', 'cherry', 'Date', 'elderberry', 'Fig'];

beforeAll(async () => {
  service = await startTestService();
  alice = await service.createUser();
  a = documentClient(service, alice);
  b = documentClient(service, await service.createUser());
  docs = [];
  for (const [i, title] of TITLES.entries()) {
    docs.push((await a.create({ title, year: 2000 + i, authors: [{ last_name: 'Same' }] })) as (typeof docs)[number]);
  }
  await b.create({ title: 'Not alice' });
});
afterAll(async () => service.stop());

const ids = (list: { id: string }[]) => list.map((d) => d.id);
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

describe('GET /documents paging', () => {
  it('lists the caller\'s own documents by last_modified ascending by default, unpaged when they fit', async () => {
    const res = await a.get('/documents');
    expect(res.status).toBe(200);
    expect(ids((await res.json()) as { id: string }[])).toEqual(ids(docs));
    expect(res.headers.get(a.countHeader)).toBe(String(docs.length));
    expect(res.headers.get('link')).toBeNull();
  });

  it('walks 3+ pages forward with next links; count only on the first page; first/previous later', async () => {
    const pages = await walkPages(a, '/documents?limit=2', 'next');
    expect(pages.map((p) => p.ids.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flatMap((p) => p.ids)).toEqual(ids(docs));
    expect(pages[0]!.count).toBe('7');
    expect(Object.keys(pages[0]!.links).sort()).toEqual(['last', 'next']);
    for (const later of pages.slice(1)) {
      expect(later.count).toBeNull();
      expect(later.links.first).toBeDefined();
      expect(later.links.previous).toBeDefined();
    }
    expect(pages[1]!.links.next).toBeDefined();
    expect(pages[3]!.links.next).toBeUndefined();
    for (const url of Object.values(pages[1]!.links)) {
      expect(url.startsWith(`${service.url}/documents?`)).toBe(true);
      expect(new URL(url).searchParams.get('limit')).toBe('2');
    }
  });

  it('walks backwards from the last page with previous links', async () => {
    const first = await a.get('/documents?limit=3');
    const last = parseLinkHeader(first.headers.get('link')).last!;
    const pages = await walkPages(a, pathOf(last), 'previous');
    expect(pages.map((p) => p.ids.length)).toEqual([3, 3, 1]);
    expect(pages.reverse().flatMap((p) => p.ids)).toEqual(ids(docs));
  });

  it('keeps filters, sort and order in the links', async () => {
    const pages = await walkPages(a, '/documents?limit=3&sort=title&order=desc&view=bib', 'next');
    expect(pages).toHaveLength(3);
    const next = new URL(pages[0]!.links.next!);
    expect(next.searchParams.get('sort')).toBe('title');
    expect(next.searchParams.get('order')).toBe('desc');
    expect(next.searchParams.get('view')).toBe('bib');
  });

  it.each(['0', '501', 'abc', '-1', '2.5'])('answers 400 for limit=%s', async (limit) => {
    const res = await a.get(`/documents?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: expect.stringContaining('limit') });
  });

  it('accepts limit=500 and answers 400 for a forged marker', async () => {
    expect((await a.get('/documents?limit=500')).status).toBe(200);
    expect((await a.get('/documents?marker=garbage')).status).toBe(400);
  });
});

describe('GET /documents sorting and filters', () => {
  it('sorts by title, created and last_modified in both orders', async () => {
    const byTitle = [...docs].sort((x, y) => (x.title < y.title ? -1 : 1));
    expect(ids(await a.json('/documents?sort=title'))).toEqual(ids(byTitle));
    expect(ids(await a.json('/documents?sort=title&order=desc'))).toEqual(ids(byTitle).reverse());
    expect(ids(await a.json('/documents?sort=created&order=desc'))).toEqual(ids(docs).reverse());
    expect(ids(await a.json('/documents?sort=last_modified&order=asc'))).toEqual(ids(docs));
  });

  it('answers 400 for an unknown sort or order', async () => {
    const sort = await a.get('/documents?sort=year');
    expect(sort.status).toBe(400);
    expect(((await sort.json()) as { message: string }).message).toMatch(/sort must be one of: title, created, last_modified/);
    expect((await a.get('/documents?order=sideways')).status).toBe(400);
  });

  it('filters by modified_since and moves a changed document to the end', async () => {
    const since = docs[4]!.last_modified;
    expect(ids(await a.json(`/documents?modified_since=${encodeURIComponent(since)}`))).toEqual(ids(docs.slice(4)));
    const patched = await a.send('PATCH', `/documents/${docs[0]!.id}`, { pages: '1' });
    const changed = (await patched.json()) as { last_modified: string };
    const after = await a.json<{ id: string }[]>(`/documents?modified_since=${encodeURIComponent(changed.last_modified)}`);
    expect(ids(after)).toEqual([docs[0]!.id]);
    // Date-only and offset forms are ISO 8601 too.
    expect((await a.get('/documents?modified_since=2000-01-01')).status).toBe(200);
    expect((await a.get(`/documents?modified_since=${encodeURIComponent('2000-01-01T00:00:00+02:00')}`)).status).toBe(200);
  });

  it('reads an offset whose + was left unescaped in the URL (it arrives as a space) as +', async () => {
    const since = docs[4]!.last_modified; // e.g. 2026-01-01T10:00:00.123Z
    const inOffset = new Date(Date.parse(since) + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    const expected = ids(await a.json(`/documents?modified_since=${encodeURIComponent(since)}`));
    expect(expected).toContain(docs[4]!.id);
    expect(ids(await a.json(`/documents?modified_since=${inOffset}`))).toEqual(expected);
    expect(ids(await a.json(`/documents?modified_since=${inOffset.replace('+', '%20')}`))).toEqual(expected);
    // Without milliseconds and without Z: a whole second, taken as UTC.
    const wholeSecond = since.slice(0, 19);
    expect((await a.get(`/documents?modified_since=${wholeSecond}`)).status).toBe(200);
  });

  it.each(['yesterday', '2024-13-01', '2024-02-30T00:00:00Z', '1700000000'])('answers 400 for modified_since=%s', async (value) => {
    const res = await a.get(`/documents?modified_since=${value}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/modified_since must be an ISO 8601 timestamp/);
    expect((await a.get(`/documents?deleted_since=${value}`)).status).toBe(400);
  });

  it('lists ids deleted or trashed since a time with deleted_since', async () => {
    const before = new Date().toISOString();
    const gone = await a.create({ title: 'to delete' });
    const trashed = await a.create({ title: 'to trash' });
    const kept = await a.create({ title: 'kept' });
    expect((await a.send('DELETE', `/documents/${gone.id}`)).status).toBe(204);
    expect((await a.send('POST', `/documents/${trashed.id}/trash`)).status).toBe(204);
    const res = await a.get(`/documents?deleted_since=${encodeURIComponent(before)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: gone.id }, { id: trashed.id }]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await a.json(`/documents?deleted_since=${encodeURIComponent(future)}`)).toEqual([]);
    expect(await b.json(`/documents?deleted_since=${encodeURIComponent(before)}`)).toEqual([]);
    // Restoring takes it off the deleted list again.
    expect((await a.send('POST', `/trash/${trashed.id}/restore`)).status).toBe(204);
    expect(await a.json(`/documents?deleted_since=${encodeURIComponent(before)}`)).toEqual([{ id: gone.id }]);
    await a.send('DELETE', `/documents/${kept.id}`);
    await a.send('DELETE', `/documents/${trashed.id}`);
  });

  it('answers 400 Conflicting filters specified for profile_id with group_id', async () => {
    const res = await a.get(`/documents?profile_id=${alice.id}&group_id=${alice.id}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Conflicting filters specified' });
  });

  it('takes profile_id: the caller\'s own personal documents; nobody else\'s', async () => {
    expect(ids(await a.json(`/documents?profile_id=${alice.id}&limit=500`))).toEqual(ids(await a.json('/documents?limit=500')));
    expect(await b.json(`/documents?profile_id=${alice.id}`)).toEqual([]);
  });

  it('lists a group library for members only', async () => {
    const groupId = await joinGroup(service, alice.id, 'normal');
    const inGroup = await a.create({ title: 'group doc', group_id: groupId });
    expect(ids(await a.json(`/documents?group_id=${groupId}`))).toEqual([inGroup.id]);
    const outsider = await b.get(`/documents?group_id=${groupId}`);
    expect(outsider.status).toBe(404);
  });

  it('answers 406 for a wrong Accept and 401 without a token', async () => {
    expect((await a.get('/documents', { Accept: 'text/csv' })).status).toBe(406);
    expect((await service.fetch('/documents')).status).toBe(401);
  });
});

describe('GET /documents as BibTeX', () => {
  it('answers a page of entries with unique citation keys and the same Link headers', async () => {
    const res = await a.get('/documents?view=bib&limit=3', { Accept: 'application/x-bibtex' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-bibtex/);
    const text = await res.text();
    const keys = [...text.matchAll(/^@article\{([^,]+),$/gm)].map((m) => m[1]);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    const links = parseLinkHeader(res.headers.get('link'));
    expect(links.next).toBeDefined();
    expect(links.last).toBeDefined();
    expect(res.headers.get(a.countHeader)).not.toBeNull();
    const next = await a.get(pathOf(links.next!), { Accept: 'application/x-bibtex' });
    expect(next.status).toBe(200);
    expect(await next.text()).toMatch(/^@article\{/);
    expect(parseLinkHeader(next.headers.get('link')).previous).toBeDefined();
  });
});

describe('GET /deleted_documents', () => {
  it('lists deleted ids with the deletion time, per library', async () => {
    const mt = service.ctx.mediaTypes.deletedDocument;
    const since = new Date().toISOString();
    const doc = await a.create({ title: 'short-lived' });
    await a.send('DELETE', `/documents/${doc.id}`);
    const res = await a.get(`/deleted_documents?since=${encodeURIComponent(since)}`, { Accept: mt });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(mt);
    const items = (await res.json()) as { id: string; deleted: string }[];
    expect(items).toEqual([{ id: doc.id, deleted: expect.stringMatching(/^\d{4}-.*Z$/) }]);
    expect(items[0]!.deleted >= since).toBe(true);
    expect(await (await b.get(`/deleted_documents?since=${encodeURIComponent(since)}`, { Accept: mt })).json()).toEqual([]);
    expect((await a.get('/deleted_documents?since=never', { Accept: mt })).status).toBe(400);
    expect((await a.get('/deleted_documents', { Accept: 'image/png' })).status).toBe(406);
  });
});
