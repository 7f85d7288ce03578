// Every endpoint, four callers: no token, a bad token, an expired token, and another
// user holding the ids of someone else's resources. Routes come from the service's own
// route table, so a new endpoint is covered the day it is added.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from './testing/testService.ts';
import type { RegisteredRoute } from './app.ts';
import { catalogStorageOf } from './catalog/catalogStorage.ts';

let service: TestService;
let owner: TestUser;
let stranger: TestUser;
let expiredToken: string;
const ids: Record<string, string> = {};

async function json(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

beforeAll(async () => {
  service = await startTestService();
  owner = await service.createUser();
  stranger = await service.createUser();
  const mt = service.ctx.mediaTypes;
  const post = async (path: string, body: unknown, type: string, user: TestUser = owner) => {
    const res = await service.fetch(path, { method: 'POST', headers: { ...user.auth, 'Content-Type': type, Accept: '*/*' }, body: JSON.stringify(body) });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
    return json(res);
  };
  ids.document = String((await post('/documents', { title: 'Owner document' }, mt.document)).id);
  ids.trashed = String((await post('/documents', { title: 'Owner trashed document' }, mt.document)).id);
  await service.fetch(`/documents/${ids.trashed}/trash`, { method: 'POST', headers: owner.auth });
  ids.folder = String((await post('/folders', { name: 'Owner folder' }, mt.folder)).id);
  ids.annotation = String((await post('/annotations', { document_id: ids.document, text: 'Owner note' }, mt.annotation)).id);
  const upload = await service.fetch('/files', {
    method: 'POST',
    headers: { ...owner.auth, 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="a.pdf"', Link: `<${service.url}/documents/${ids.document}>; rel="document"` },
    body: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  expect(upload.status).toBe(201);
  ids.file = String((await json(upload)).id);
  ids.strangerDocument = String((await post('/documents', { title: 'Stranger document' }, mt.document, stranger)).id);

  // An expired token: issued with a lifetime that has already run out.
  const past = await service.ctx.tokens.issue('matrix', owner.id, 'all', false);
  await service.ctx.db.updateTable('oauth_tokens').set({ access_expires_at: Date.now() - 1000 }).where('client_id', '=', 'matrix').execute();
  expiredToken = past.accessToken;
});

afterAll(async () => service.stop());

const protectedRoutes = () => service.routes.filter((r) => r.auth === 'user' || r.auth === 'client');

function concretePath(route: RegisteredRoute): string {
  const area = route.url.split('/')[1];
  return route.url.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'document_id') return ids.document!;
    if (area === 'documents') return ids.document!;
    if (area === 'trash') return ids.trashed!;
    if (area === 'folders') return ids.folder!;
    if (area === 'annotations') return ids.annotation!;
    if (area === 'files') return ids.file!;
    if (area === 'profiles') return owner.id;
    return '00000000-0000-4000-8000-000000000000';
  });
}

/** A body the route would accept from its owner, so only authorisation can fail. */
function plausibleBody(route: RegisteredRoute): { body?: string; type?: string } {
  if (route.method === 'GET' || route.method === 'DELETE') return {};
  const type = route.consumes.find((c) => c !== '*') ?? 'application/json';
  const byPath: Record<string, unknown> = {
    '/documents/:id': { title: 'Changed' },
    '/folders/:id': { name: 'Changed' },
    '/annotations/:id': { text: 'Changed' },
    '/folders/:id/documents': { id: ids.strangerDocument },
  };
  return { body: JSON.stringify(byPath[route.url] ?? {}), type };
}

async function call(route: RegisteredRoute, headers: Record<string, string>) {
  const { body, type } = plausibleBody(route);
  return service.fetch(concretePath(route), {
    method: route.method,
    headers: { Accept: '*/*', ...(type ? { 'Content-Type': type } : {}), ...headers },
    body,
    redirect: 'manual',
  });
}

describe('authorisation matrix over every protected endpoint', () => {
  it('covers the library endpoints', () => {
    const urls = new Set(protectedRoutes().map((r) => `${r.method} ${r.url}`));
    for (const expected of ['GET /documents', 'GET /documents/:id', 'GET /files', 'GET /folders', 'GET /annotations', 'GET /profiles/me', 'GET /trash']) {
      expect(urls.has(expected), expected).toBe(true);
    }
  });

  it('answers 401 with a message to a request without a token', async () => {
    for (const route of protectedRoutes()) {
      const res = await call(route, {});
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
      expect((await json(res)).message, `${route.method} ${route.url}`).toBeTruthy();
    }
  });

  it('answers 401 to a token the service never issued', async () => {
    for (const route of protectedRoutes()) {
      const res = await call(route, { Authorization: 'Bearer not-a-real-token' });
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
      expect((await json(res)).message).toBe('Invalid access token');
    }
  });

  it('answers 401 "Token has expired" to an expired token', async () => {
    for (const route of protectedRoutes()) {
      const res = await call(route, { Authorization: `Bearer ${expiredToken}` });
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
      expect((await json(res)).message).toBe('Token has expired');
      expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    }
  });

  it("answers 404 to another user's ids, and changes nothing", async () => {
    const routesWithIds = protectedRoutes().filter((r) => r.url.includes(':') && r.auth === 'user');
    expect(routesWithIds.length).toBeGreaterThan(10);
    for (const route of routesWithIds) {
      const res = await call(route, stranger.auth);
      expect(res.status, `${route.method} ${route.url}: ${await res.clone().text()}`).toBe(404);
      expect((await json(res)).message).toBeTruthy();
    }
    // The owner's things are untouched.
    const doc = await service.fetch(`/documents/${ids.document}`, { headers: owner.auth });
    expect(doc.status).toBe(200);
    expect((await json(doc)).title).toBe('Owner document');
    for (const path of [`/folders/${ids.folder}`, `/annotations/${ids.annotation}`, `/trash/${ids.trashed}`]) {
      expect((await service.fetch(path, { headers: owner.auth })).status, path).toBe(200);
    }
    expect((await service.fetch(`/files/${ids.file}`, { headers: owner.auth, redirect: 'manual' })).status).toBe(303);
  });

  it("exposes none of the files of a closed catalog document built from the owner's library", async () => {
    await catalogStorageOf(service.ctx.database).catchUp();
    const record = await service.ctx.db
      .selectFrom('catalog_sources as s')
      .innerJoin('catalog_documents as c', 'c.seq', 's.catalog_seq')
      .select(['c.id', 'c.open_access'])
      .where('s.document_id', '=', ids.document!)
      .executeTakeFirstOrThrow();
    expect(record.open_access).toBe(0);
    const listed = await service.fetch(`/files?catalog_id=${record.id}`, { headers: { ...stranger.auth, Accept: '*/*' } });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([]);
    expect((await service.fetch(`/files/${ids.file}`, { headers: stranger.auth, redirect: 'manual' })).status).toBe(404);
    expect((await service.fetch(`/files/${ids.file}`, { headers: owner.auth, redirect: 'manual' })).status).toBe(303);
  });

  it("never lists another user's resources", async () => {
    for (const path of ['/documents', '/trash', '/folders', '/annotations', '/files']) {
      const res = await service.fetch(`${path}?limit=500`, { headers: { ...stranger.auth, Accept: '*/*' } });
      expect(res.status, path).toBe(200);
      const items = (await res.json()) as { id: string }[];
      const foreign = items.filter((i) => Object.values(ids).includes(i.id) && i.id !== ids.strangerDocument);
      expect(foreign, path).toEqual([]);
    }
  });
});

// Every write to a group's library, by every role: owners, admins and normal members write;
// followers only read (403) and outsiders do not see the library (404, or 403 where a write
// names the public group itself). Each cell acts on
// fresh things of a public group, and a refused write must leave them as they were.
describe('group library writes by every role', () => {
  const ROLES = ['owner', 'admin', 'normal', 'follower', 'outsider'] as const;
  type Role = (typeof ROLES)[number];
  const users = {} as Record<Role, TestUser>;
  let groupId: string;

  beforeAll(async () => {
    for (const role of ROLES) users[role] = role === 'owner' ? owner : await service.createUser();
    const mt = service.ctx.mediaTypes;
    const created = await service.fetch('/groups/v2', {
      method: 'POST',
      headers: { ...owner.auth, 'Content-Type': mt.groupV2, Accept: mt.groupV2 },
      body: JSON.stringify({ name: 'Matrix group', access_level: 'public' }),
    });
    expect(created.status).toBe(201);
    groupId = String((await json(created)).id);
    await service.ctx.db
      .insertInto('group_members')
      .values((['admin', 'normal', 'follower'] as const).map((role) => ({ group_id: groupId, profile_id: users[role].id, role, joined: new Date().toISOString() })))
      .execute();
  });

  interface Things { document: string; loose: string; trashed: string; folder: string; file: string; annotation: string }

  /** Fresh group things; the annotation belongs to the actor (only its creator may change it). */
  async function freshThings(actor: TestUser): Promise<Things> {
    const mt = service.ctx.mediaTypes;
    const post = async (path: string, body: unknown, type: string) => {
      const res = await service.fetch(path, { method: 'POST', headers: { ...owner.auth, 'Content-Type': type, Accept: '*/*' }, body: JSON.stringify(body) });
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
      return String((await json(res)).id);
    };
    const document = await post('/documents', { title: 'Group document', group_id: groupId }, mt.document);
    const loose = await post('/documents', { title: 'Group document in no folder', group_id: groupId }, mt.document);
    const trashed = await post('/documents', { title: 'Group trashed', group_id: groupId }, mt.document);
    expect((await service.fetch(`/documents/${trashed}/trash`, { method: 'POST', headers: owner.auth })).status).toBe(204);
    const folder = await post('/folders', { name: 'Group folder', group_id: groupId }, mt.folder);
    await service.fetch(`/folders/${folder}/documents`, { method: 'POST', headers: { ...owner.auth, 'Content-Type': mt.document }, body: JSON.stringify({ id: document }) });
    const upload = await service.fetch('/files', {
      method: 'POST',
      headers: { ...owner.auth, 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="g.pdf"', Link: `<${service.url}/documents/${document}>; rel="document"` },
      body: Buffer.from(`%PDF-1.4\n% ${document}\n%%EOF\n`),
    });
    expect(upload.status).toBe(201);
    const file = String((await json(upload)).id);
    // Inserted directly: a follower cannot create one, but may hold one from when they were a member.
    const annotation = randomUUID();
    const now = new Date().toISOString();
    await service.ctx.db
      .insertInto('annotations')
      .values({ id: annotation, type: 'note', document_id: document, profile_id: actor.id, group_id: groupId, filehash: null, text: 'Mine', color: null, positions: null, privacy_level: 'group', created: now, last_modified: now })
      .execute();
    return { document, loose, trashed, folder, file, annotation };
  }

  type Write = { method: string; url: string; run: (t: Things, actor: TestUser) => Promise<Response> };
  const send = (actor: TestUser, method: string, path: string, body?: unknown, type?: string, extra: Record<string, string> = {}) =>
    service.fetch(path, {
      method,
      headers: { ...actor.auth, Accept: '*/*', ...(type ? { 'Content-Type': type } : {}), ...extra },
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    });
  const mtOf = () => service.ctx.mediaTypes;
  const writes: Write[] = [
    { method: 'POST', url: '/documents', run: (_t, a) => send(a, 'POST', '/documents', { title: 'New', group_id: groupId }, mtOf().document) },
    { method: 'PATCH', url: '/documents/:id', run: (t, a) => send(a, 'PATCH', `/documents/${t.document}`, { title: 'Changed' }, mtOf().document) },
    { method: 'POST', url: '/documents/:id/trash', run: (t, a) => send(a, 'POST', `/documents/${t.document}/trash`) },
    { method: 'DELETE', url: '/documents/:id', run: (t, a) => send(a, 'DELETE', `/documents/${t.document}`) },
    { method: 'POST', url: '/trash/:id/restore', run: (t, a) => send(a, 'POST', `/trash/${t.trashed}/restore`) },
    { method: 'DELETE', url: '/trash/:id', run: (t, a) => send(a, 'DELETE', `/trash/${t.trashed}`) },
    {
      method: 'POST', url: '/files',
      run: (t, a) => send(a, 'POST', '/files', Buffer.from(`%PDF-1.4\n% ${a.id}\n%%EOF\n`), 'application/pdf', {
        'Content-Disposition': 'attachment; filename="n.pdf"', Link: `<${service.url}/documents/${t.document}>; rel="document"`,
      }),
    },
    { method: 'DELETE', url: '/files/:id', run: (t, a) => send(a, 'DELETE', `/files/${t.file}`) },
    { method: 'POST', url: '/folders', run: (_t, a) => send(a, 'POST', '/folders', { name: 'New', group_id: groupId }, mtOf().folder) },
    { method: 'PATCH', url: '/folders/:id', run: (t, a) => send(a, 'PATCH', `/folders/${t.folder}`, { name: 'Changed' }, mtOf().folder) },
    { method: 'DELETE', url: '/folders/:id', run: (t, a) => send(a, 'DELETE', `/folders/${t.folder}`) },
    { method: 'POST', url: '/folders/:id/documents', run: (t, a) => send(a, 'POST', `/folders/${t.folder}/documents`, { id: t.loose }, mtOf().document) },
    { method: 'DELETE', url: '/folders/:id/documents/:document_id', run: (t, a) => send(a, 'DELETE', `/folders/${t.folder}/documents/${t.document}`) },
    { method: 'POST', url: '/annotations', run: (t, a) => send(a, 'POST', '/annotations', { document_id: t.loose, text: 'Hello', privacy_level: 'group' }, mtOf().annotation) },
    { method: 'PATCH', url: '/annotations/:id', run: (t, a) => send(a, 'PATCH', `/annotations/${t.annotation}`, { text: 'Changed' }, mtOf().annotation) },
    { method: 'DELETE', url: '/annotations/:id', run: (t, a) => send(a, 'DELETE', `/annotations/${t.annotation}`) },
  ];

  // Writes naming the public group itself, or the outsider's own annotation in it (left from
  // when they were a member), tell them to join it (the group's page is public); writes
  // naming one of the group's things answer 404, as for any foreign id.
  const OUTSIDER_SEES_GROUP = new Set(['POST /documents', 'POST /folders', 'PATCH /annotations/:id', 'DELETE /annotations/:id']);

  it('covers every write endpoint of the library areas', () => {
    const libraryAreas = ['documents', 'trash', 'files', 'folders', 'annotations'];
    const covered = new Set(writes.map((w) => `${w.method} ${w.url}`));
    const missing = service.routes
      .filter((r) => r.method !== 'GET' && libraryAreas.includes(r.url.split('/')[1] ?? ''))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !covered.has(key));
    expect(missing).toEqual([]);
  });

  /** What the group's library looks like to its owner: the things a refused write must not touch. */
  async function snapshot(t: Things): Promise<string> {
    const read = async (path: string) => {
      const res = await service.fetch(path, { headers: { ...owner.auth, Accept: '*/*' }, redirect: 'manual' });
      return `${path} ${res.status} ${res.status === 200 ? await res.text() : ''}`;
    };
    const parts = await Promise.all([
      read(`/documents/${t.document}`), read(`/trash/${t.trashed}`), read(`/folders/${t.folder}`), read(`/files/${t.file}`),
      read(`/folders/${t.folder}/documents`), read(`/annotations/${t.annotation}`),
      read(`/documents?group_id=${groupId}&limit=500`), read(`/folders?group_id=${groupId}`),
    ]);
    return parts.join('\n').replace(/[?&]AWSAccessKeyId=[^"&\s]+|[?&](expires|signature)=[^"&\s]+/g, '');
  }

  for (const role of ROLES) {
    it(`${role}: ${role === 'follower' ? '403 on every write, nothing changes' : role === 'outsider' ? '404 (403 naming the group) on every write, nothing changes' : 'every write succeeds'}`, async () => {
      const actor = users[role];
      for (const write of writes) {
        const things = await freshThings(actor);
        const before = role === 'follower' || role === 'outsider' ? await snapshot(things) : '';
        const res = await write.run(things, actor);
        const label = `${role} ${write.method} ${write.url}: ${await res.clone().text()}`;
        if (role === 'follower') expect(res.status, label).toBe(403);
        else if (role === 'outsider') expect(res.status, label).toBe(OUTSIDER_SEES_GROUP.has(`${write.method} ${write.url}`) ? 403 : 404);
        else expect(res.status, label).toBeLessThan(300);
        if (before) expect(await snapshot(things), label).toBe(before);
        expect((await json(res)).message === undefined || res.status >= 400, label).toBe(true);
      }
    }, 120_000);
  }
});
