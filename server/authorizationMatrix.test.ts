// Every endpoint, four callers: no token, a bad token, an expired token, and another
// user holding the ids of someone else's resources. Routes come from the service's own
// route table, so a new endpoint is covered the day it is added.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from './testing/testService.ts';
import type { RegisteredRoute } from './app.ts';
import { librarySyncOf } from './catalog/librarySync.ts';

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
    librarySyncOf(service.ctx.database.sqlite).run();
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
