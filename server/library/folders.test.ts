import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { parseLinkHeader } from '../../shared/paging.ts';
import { insertDocument, insertGroup } from './libraryTestData.ts';

let service: TestService;
let alice: TestUser;
let bob: TestUser;
let mt: TestService['ctx']['mediaTypes'];

beforeAll(async () => {
  service = await startTestService();
  mt = service.ctx.mediaTypes;
  alice = await service.createUser();
  bob = await service.createUser();
});
afterAll(async () => service.stop());

interface FolderJson {
  id: string;
  name: string;
  parent_id?: string;
  group_id?: string;
  created: string;
  modified: string;
}

function send(user: TestUser, method: string, path: string, body?: unknown, type = mt.folder): Promise<Response> {
  return service.fetch(path, {
    method,
    headers: { ...user.auth, Accept: mt.folder, ...(body === undefined ? {} : { 'Content-Type': type }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function createFolder(user: TestUser, body: Record<string, unknown>): Promise<FolderJson> {
  const res = await send(user, 'POST', '/folders', body);
  expect(res.status).toBe(201);
  return (await res.json()) as FolderJson;
}

async function getFolder(user: TestUser, id: string): Promise<FolderJson> {
  const res = await send(user, 'GET', `/folders/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as FolderJson;
}

describe('folders', () => {
  it('creates a folder with an absolute Location and omits null fields', async () => {
    const res = await send(alice, 'POST', '/folders', { name: 'Reading list' });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toContain(mt.folder);
    const folder = await res.json();
    expect(folder).toEqual({ id: expect.any(String), name: 'Reading list', created: expect.any(String), modified: folder.created });
    expect(res.headers.get('location')).toBe(`${service.url}/folders/${folder.id}`);
    expect(await getFolder(alice, folder.id)).toEqual(folder);
  });

  it('checks names and fields', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(256) }, { name: 5 }, { name: 'ok', colour: 'red' }]) {
      const res = await send(alice, 'POST', '/folders', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message).toEqual(expect.any(String));
    }
    expect((await createFolder(alice, { name: 'é'.repeat(255) })).name).toHaveLength(255);
    const malformed = await service.fetch('/folders', { method: 'POST', headers: { ...alice.auth, 'Content-Type': mt.folder }, body: '{"name":' });
    expect(malformed.status).toBe(400);
    const wrongType = await service.fetch('/folders', { method: 'POST', headers: { ...alice.auth, 'Content-Type': 'text/plain' }, body: 'name' });
    expect(wrongType.status).toBe(415);
  });

  it('builds a tree, moves folders and refuses cycles', async () => {
    const top = await createFolder(alice, { name: 'Top' });
    const middle = await createFolder(alice, { name: 'Middle', parent_id: top.id });
    const bottom = await createFolder(alice, { name: 'Bottom', parent_id: middle.id });
    expect(middle.parent_id).toBe(top.id);

    const self = await send(alice, 'PATCH', `/folders/${top.id}`, { parent_id: top.id });
    expect(self.status).toBe(400);
    expect((await self.json()).message).toMatch(/own parent/);
    const cycle = await send(alice, 'PATCH', `/folders/${top.id}`, { parent_id: bottom.id });
    expect(cycle.status).toBe(400);
    expect((await cycle.json()).message).toMatch(/cycle/);
    expect((await getFolder(alice, top.id)).parent_id).toBeUndefined();

    await new Promise((r) => setTimeout(r, 2));
    expect((await send(alice, 'PATCH', `/folders/${bottom.id}`, { parent_id: top.id, name: 'Moved' })).status).toBe(204);
    const moved = await getFolder(alice, bottom.id);
    expect(moved).toMatchObject({ name: 'Moved', parent_id: top.id });
    expect(moved.modified > bottom.modified).toBe(true);

    expect((await send(alice, 'PATCH', `/folders/${bottom.id}`, { parent_id: null })).status).toBe(204);
    const topLevel = await getFolder(alice, bottom.id);
    expect(topLevel.parent_id).toBeUndefined();
    expect(topLevel.modified > moved.modified).toBe(true);

    expect((await send(alice, 'PATCH', `/folders/${bottom.id}`, { name: '' })).status).toBe(400);
    expect((await send(alice, 'PATCH', `/folders/${bottom.id}`, { parent_id: 'no-such-folder' })).status).toBe(404);
  });

  it('keeps parents in the same library', async () => {
    const groupId = await insertGroup(service, alice.id);
    const personal = await createFolder(alice, { name: 'Personal' });
    const inGroup = await createFolder(alice, { name: 'Shared', group_id: groupId });
    expect(inGroup.group_id).toBe(groupId);
    // A sub-folder goes to its parent's library by default.
    const child = await createFolder(alice, { name: 'Child', parent_id: inGroup.id });
    expect(child.group_id).toBe(groupId);

    const across = await send(alice, 'POST', '/folders', { name: 'Across', parent_id: inGroup.id, group_id: null });
    expect(across.status).toBe(400);
    expect((await across.json()).message).toMatch(/another library/);
    expect((await send(alice, 'PATCH', `/folders/${personal.id}`, { parent_id: inGroup.id })).status).toBe(400);
    const bobsFolder = await createFolder(bob, { name: 'Bob' });
    expect((await send(alice, 'PATCH', `/folders/${personal.id}`, { parent_id: bobsFolder.id })).status).toBe(404);
    expect((await send(alice, 'POST', '/folders', { name: 'Under Bob', parent_id: bobsFolder.id })).status).toBe(404);
  });

  it('deletes a folder with its sub-folders but keeps documents', async () => {
    const parent = await createFolder(alice, { name: 'Doomed' });
    const child = await createFolder(alice, { name: 'Doomed child', parent_id: parent.id });
    const grandchild = await createFolder(alice, { name: 'Doomed grandchild', parent_id: child.id });
    const survivor = await createFolder(alice, { name: 'Survivor' });
    const documentId = await insertDocument(service, alice.id);
    expect((await send(alice, 'POST', `/folders/${grandchild.id}/documents`, { id: documentId }, mt.document)).status).toBe(201);

    expect((await send(alice, 'DELETE', `/folders/${parent.id}`)).status).toBe(204);
    for (const id of [parent.id, child.id, grandchild.id]) expect((await send(alice, 'GET', `/folders/${id}`)).status).toBe(404);
    expect((await send(alice, 'GET', `/folders/${survivor.id}`)).status).toBe(200);
    expect(await service.ctx.db.selectFrom('documents').select('id').where('id', '=', documentId).executeTakeFirst()).toEqual({ id: documentId });
    expect(await service.ctx.db.selectFrom('folder_documents').selectAll().where('folder_id', '=', grandchild.id).execute()).toEqual([]);
    expect((await send(alice, 'DELETE', `/folders/${parent.id}`)).status).toBe(404);
  });

  it('lists the caller\'s folders in pages and a group\'s on request', async () => {
    const carol = await service.createUser();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await createFolder(carol, { name: `F${i}` })).id);
    const groupId = await insertGroup(service, carol.id);
    const groupFolder = await createFolder(carol, { name: 'G', group_id: groupId });

    const first = await send(carol, 'GET', '/folders?limit=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('service-count')).toBe('5');
    const seen = (await first.json()).map((f: FolderJson) => f.id);
    let next = parseLinkHeader(first.headers.get('link')).next;
    while (next) {
      const page = await fetch(next, { headers: carol.auth });
      seen.push(...(await page.json()).map((f: FolderJson) => f.id));
      next = parseLinkHeader(page.headers.get('link')).next;
    }
    // Pages neither repeat nor skip (folders made in one millisecond may come in id order).
    expect(seen).toHaveLength(made.length);
    expect(new Set(seen)).toEqual(new Set(made));

    const group = await (await send(carol, 'GET', `/folders?group_id=${groupId}`)).json();
    expect(group.map((f: FolderJson) => f.id)).toEqual([groupFolder.id]);
    expect((await send(bob, 'GET', `/folders?group_id=${groupId}`)).status).toBe(404);
    const bobs = await (await send(bob, 'GET', '/folders')).json();
    expect(bobs.map((f: FolderJson) => f.id)).not.toContain(made[0]);
    expect((await send(carol, 'GET', '/folders?limit=9999')).status).toBe(400);
  });
});

describe('folder documents', () => {
  it('adds, lists and removes documents; only the link goes', async () => {
    const folder = await createFolder(alice, { name: 'Papers' });
    const documents = [await insertDocument(service, alice.id), await insertDocument(service, alice.id), await insertDocument(service, alice.id)];
    for (const id of documents) {
      const res = await send(alice, 'POST', `/folders/${folder.id}/documents`, { id }, mt.document);
      expect(res.status).toBe(201);
    }
    // Adding twice is harmless.
    expect((await send(alice, 'POST', `/folders/${folder.id}/documents`, { id: documents[0] }, mt.document)).status).toBe(201);

    const first = await service.fetch(`/folders/${folder.id}/documents?limit=2`, { headers: alice.auth });
    expect(first.status).toBe(200);
    expect(first.headers.get('service-count')).toBe('3');
    const page1 = await first.json();
    const page2 = await (await fetch(parseLinkHeader(first.headers.get('link')).next!, { headers: alice.auth })).json();
    expect(page1).toHaveLength(2);
    expect(new Set([...page1, ...page2].map((d: { id: string }) => d.id))).toEqual(new Set(documents));

    expect((await send(alice, 'DELETE', `/folders/${folder.id}/documents/${documents[1]}`)).status).toBe(204);
    expect((await send(alice, 'DELETE', `/folders/${folder.id}/documents/${documents[1]}`)).status).toBe(404);
    const after = await (await service.fetch(`/folders/${folder.id}/documents`, { headers: alice.auth })).json();
    expect(new Set(after.map((d: { id: string }) => d.id))).toEqual(new Set([documents[0], documents[2]]));
    expect(after).toHaveLength(2);
    expect(await service.ctx.db.selectFrom('documents').select('id').where('id', '=', documents[1]!).executeTakeFirst()).toBeDefined();
    expect((await getFolder(alice, folder.id)).modified > folder.modified).toBe(true);
  });

  it('refuses documents that are unknown, foreign, trashed or in another library', async () => {
    const folder = await createFolder(alice, { name: 'Strict' });
    const groupId = await insertGroup(service, alice.id);
    const add = (id: string) => send(alice, 'POST', `/folders/${folder.id}/documents`, { id }, mt.document);
    expect((await add('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await add(await insertDocument(service, bob.id))).status).toBe(404);
    expect((await add(await insertDocument(service, alice.id, { trashed: true }))).status).toBe(404);
    const other = await add(await insertDocument(service, alice.id, { groupId }));
    expect(other.status).toBe(400);
    expect((await other.json()).message).toMatch(/another library/);
    expect((await send(alice, 'POST', `/folders/${folder.id}/documents`, {}, mt.document)).status).toBe(400);
  });
});

describe('other users and group roles', () => {
  it('answers 404 for another user\'s folder everywhere', async () => {
    const folder = await createFolder(alice, { name: 'Private' });
    const documentId = await insertDocument(service, alice.id);
    await send(alice, 'POST', `/folders/${folder.id}/documents`, { id: documentId }, mt.document);
    const attempts = [
      send(bob, 'GET', `/folders/${folder.id}`),
      send(bob, 'PATCH', `/folders/${folder.id}`, { name: 'Mine' }),
      send(bob, 'DELETE', `/folders/${folder.id}`),
      send(bob, 'GET', `/folders/${folder.id}/documents`),
      send(bob, 'POST', `/folders/${folder.id}/documents`, { id: documentId }, mt.document),
      send(bob, 'DELETE', `/folders/${folder.id}/documents/${documentId}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Folder not found' });
    }
    expect((await getFolder(alice, folder.id)).name).toBe('Private');
  });

  it('lets followers read a group\'s folders but not change them', async () => {
    const groupId = await insertGroup(service, alice.id, { [bob.id]: 'follower' });
    const folder = await createFolder(alice, { name: 'Group folder', group_id: groupId });
    expect((await getFolder(bob, folder.id)).name).toBe('Group folder');
    const documentId = await insertDocument(service, alice.id, { groupId });
    const refusals = [
      send(bob, 'POST', '/folders', { name: 'Nope', group_id: groupId }),
      send(bob, 'POST', '/folders', { name: 'Nope', parent_id: folder.id }),
      send(bob, 'PATCH', `/folders/${folder.id}`, { name: 'Nope' }),
      send(bob, 'DELETE', `/folders/${folder.id}`),
      send(bob, 'POST', `/folders/${folder.id}/documents`, { id: documentId }, mt.document),
    ];
    for (const res of await Promise.all(refusals)) expect(res.status).toBe(403);
    expect((await send(alice, 'POST', `/folders/${folder.id}/documents`, { id: documentId }, mt.document)).status).toBe(201);
    expect(await (await service.fetch(`/folders/${folder.id}/documents`, { headers: bob.auth })).json()).toEqual([{ id: documentId }]);
  });
});
