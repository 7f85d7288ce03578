import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { documentClient, joinGroup, walkPages, type DocumentClient } from './documentsTesting.ts';

let service: TestService;
let alice: TestUser;
let a: DocumentClient;
let b: DocumentClient;

beforeAll(async () => {
  service = await startTestService();
  alice = await service.createUser();
  a = documentClient(service, alice);
  b = documentClient(service, await service.createUser());
});
afterAll(async () => service.stop());

const ids = (list: { id: string }[]) => list.map((d) => d.id);

describe('trash, restore and permanent deletion', () => {
  it('moves a document to the trash and back', async () => {
    const doc = await a.create({ title: 'Round trip', tags: ['t'] });

    const trash = await a.send('POST', `/documents/${doc.id}/trash`);
    expect(trash.status).toBe(204);
    expect(trash.headers.get('location')).toBe(`${service.url}/trash/${doc.id}`);
    const gone = await a.get(`/documents/${doc.id}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: 'Document not found' });
    expect(ids(await a.json('/documents'))).not.toContain(doc.id);
    expect((await a.send('PATCH', `/documents/${doc.id}`, { title: 'x' })).status).toBe(404);
    expect((await a.send('POST', `/documents/${doc.id}/trash`)).status).toBe(404);

    const inTrash = await a.json<Record<string, unknown>>(`/trash/${doc.id}?view=tags`);
    expect(inTrash).toMatchObject({ id: doc.id, title: 'Round trip', tags: ['t'] });
    expect(ids(await a.json('/trash'))).toEqual([doc.id]);
    const tombstone = await service.ctx.db.selectFrom('tombstones').selectAll().where('id', '=', doc.id).executeTakeFirst();
    expect(tombstone).toMatchObject({ kind: 'document', profile_id: alice.id });

    const restore = await a.send('POST', `/trash/${doc.id}/restore`);
    expect(restore.status).toBe(204);
    expect(restore.headers.get('location')).toBe(`${service.url}/documents/${doc.id}`);
    const back = await a.json<{ last_modified: string }>(`/documents/${doc.id}`);
    expect(back.last_modified > doc.last_modified).toBe(true);
    expect((await a.get(`/trash/${doc.id}`)).status).toBe(404);
    expect(await service.ctx.db.selectFrom('tombstones').selectAll().where('id', '=', doc.id).executeTakeFirst()).toBeUndefined();
    // A sync client asking for changes since before the restore sees the document again.
    expect(ids(await a.json(`/documents?modified_since=${encodeURIComponent(back.last_modified)}`))).toEqual([doc.id]);
    expect((await a.send('POST', `/trash/${doc.id}/restore`)).status).toBe(404);
  });

  it('deletes from the trash permanently', async () => {
    const doc = await a.create({ title: 'Bin it' });
    await a.send('POST', `/documents/${doc.id}/trash`);
    expect((await b.send('DELETE', `/trash/${doc.id}`)).status).toBe(404);
    const res = await a.send('DELETE', `/trash/${doc.id}`);
    expect(res.status).toBe(204);
    expect((await a.get(`/trash/${doc.id}`)).status).toBe(404);
    expect((await a.get(`/documents/${doc.id}`)).status).toBe(404);
    expect((await a.send('POST', `/trash/${doc.id}/restore`)).status).toBe(404);
    expect(await service.ctx.db.selectFrom('documents').select('id').where('id', '=', doc.id).execute()).toEqual([]);
    // Not in the trash: DELETE /trash/{id} does not reach library documents.
    const live = await a.create({ title: 'Alive' });
    expect((await a.send('DELETE', `/trash/${live.id}`)).status).toBe(404);
    expect((await a.get(`/documents/${live.id}`)).status).toBe(200);
  });

  it('hides everything from other users', async () => {
    const doc = await a.create({ title: 'Mine' });
    expect((await b.send('POST', `/documents/${doc.id}/trash`)).status).toBe(404);
    await a.send('POST', `/documents/${doc.id}/trash`);
    for (const [method, path] of [['GET', `/trash/${doc.id}`], ['POST', `/trash/${doc.id}/restore`], ['DELETE', `/trash/${doc.id}`]] as const) {
      const res = method === 'GET' ? await b.get(path) : await b.send(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ message: 'Document not found' });
    }
    expect(ids(await b.json('/trash'))).not.toContain(doc.id);
    expect((await a.get(`/trash/${randomUUID()}`)).status).toBe(404);
  });

  it('checks the view and answers 406 for a wrong Accept', async () => {
    expect(await (await a.get('/trash?view=nope')).json()).toEqual({ message: 'Invalid view' });
    expect((await a.get('/trash', { Accept: 'text/plain' })).status).toBe(406);
  });
});

describe('GET /trash listing', () => {
  let trashed: { id: string }[];
  let groupId: string;

  beforeAll(async () => {
    await service.ctx.db.deleteFrom('documents').where('profile_id', '=', alice.id).execute();
    trashed = [];
    for (let i = 0; i < 5; i++) {
      const doc = await a.create({ title: `Trashed ${i}` });
      await a.send('POST', `/documents/${doc.id}/trash`);
      trashed.push(doc);
    }
    groupId = await joinGroup(service, alice.id, 'owner');
    const groupDoc = await a.create({ title: 'Group trash', group_id: groupId });
    await a.send('POST', `/documents/${groupDoc.id}/trash`);
  });

  it('pages by deleted_at with Link headers and the count on the first page only', async () => {
    const pages = await walkPages(a, '/trash?limit=2', 'next');
    expect(pages.map((p) => p.ids.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((p) => p.ids)).toEqual(ids(trashed));
    expect(pages[0]!.count).toBe('5');
    expect(pages[1]!.count).toBeNull();
    expect(pages[1]!.links.previous).toBeDefined();
    expect(pages[1]!.links.first).toBeDefined();
  });

  it('sorts by document_id or deleted_at, both orders; other sorts are 400', async () => {
    const byId = ids(trashed).sort();
    expect(ids(await a.json('/trash?sort=document_id'))).toEqual(byId);
    expect(ids(await a.json('/trash?sort=document_id&order=desc'))).toEqual([...byId].reverse());
    expect(ids(await a.json('/trash?sort=deleted_at&order=desc'))).toEqual(ids(trashed).reverse());
    const bad = await a.get('/trash?sort=title');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/document_id, deleted_at/);
    expect((await a.get('/trash?limit=0')).status).toBe(400);
  });

  it('takes group_id for the group\'s trash', async () => {
    const list = await a.json<{ title: string; group_id: string }[]>(`/trash?group_id=${groupId}`);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ title: 'Group trash', group_id: groupId });
    expect((await b.get(`/trash?group_id=${groupId}`)).status).toBe(404);
  });
});
