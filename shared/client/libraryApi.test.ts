// The library methods against real loopback HTTP servers: the paths, methods, media types
// and bodies each one sends, and what it makes of the answers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLibraryApi, type LibraryApi } from './libraryApi.ts';
import { NotFoundError } from './serviceErrors.ts';

interface Recorded { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer; server: 'service' | 'storage' }
type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

let recorded: Recorded[] = [];
let handler: Handler = (_req, res) => res.writeHead(500).end();
let storageHandler: Handler = (_req, res) => res.writeHead(500).end();
const servers: Server[] = [];
let base = '';
let storageBase = '';
let api: LibraryApi;

async function start(name: Recorded['server'], handle: () => Handler): Promise<string> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      recorded.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, server: name });
      handle()(req, res, body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
}

beforeAll(async () => {
  base = await start('service', () => handler);
  storageBase = await start('storage', () => storageHandler);
  api = createLibraryApi({ baseUrl: base, getAccessToken: async () => 'tok' });
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(() => {
  recorded = [];
});

const calls = () => recorded.map((r) => `${r.server === 'storage' ? 'storage ' : ''}${r.method} ${r.url}`);
const noContent: Handler = (_req, res) => res.writeHead(204).end();

describe('documents', () => {
  it('trashes, deletes and lists deleted ids', async () => {
    handler = (req, res) => (req.method === 'GET' ? json(res, 200, [{ id: 'gone' }]) : noContent(req, res, Buffer.alloc(0)));
    await api.documents.trash('d 1');
    await api.documents.delete('d2');
    const deleted = [];
    for await (const page of api.documents.listDeleted(new Date(Date.UTC(2024, 0, 1)), { group_id: 'g1' })) deleted.push(...page.items);
    expect(deleted).toEqual([{ id: 'gone' }]);
    expect(calls()).toEqual([
      'POST /documents/d%201/trash',
      'DELETE /documents/d2',
      'GET /documents?group_id=g1&deleted_since=2024-01-01T00%3A00%3A00.000Z',
    ]);
  });

  it('creates a document from file bytes with the file name', async () => {
    handler = (_req, res) => json(res, 201, { id: 'd9', title: 'paper', type: 'journal', file_attached: true });
    const bytes = new TextEncoder().encode('%PDF-1.4 fake');
    const doc = await api.documents.createFromFile(bytes, 'Über paper.pdf', 'application/pdf');
    expect(doc.file_attached).toBe(true);
    const [req] = recorded;
    expect(req?.headers['content-type']).toBe('application/pdf');
    expect(req?.headers['content-disposition']).toBe("attachment; filename*=UTF-8''%C3%9Cber%20paper.pdf");
    expect(req?.body.toString()).toBe('%PDF-1.4 fake');
  });
});

describe('trash', () => {
  it('lists with its sort keys, restores and deletes', async () => {
    handler = (req, res) => (req.method === 'GET' ? json(res, 200, [{ id: 't1', title: 'T', type: 'journal' }]) : noContent(req, res, Buffer.alloc(0)));
    const pages = [];
    for await (const page of api.trash.list({ sort: 'deleted_at', order: 'desc' })) pages.push(page);
    await api.trash.restore('t1');
    await api.trash.delete('t1');
    expect(pages[0]?.items[0]?.id).toBe('t1');
    expect(calls()).toEqual(['GET /trash?sort=deleted_at&order=desc', 'POST /trash/t1/restore', 'DELETE /trash/t1']);
    expect(recorded[0]?.headers.accept).toBe('application/vnd.service-document.1+json');
  });
});

describe('files', () => {
  const sha1 = 'a'.repeat(40);

  it('uploads bytes to a document with its file name and the document link', async () => {
    handler = (_req, res, body) => json(res, 201, { id: 'f1', document_id: 'd1', file_name: 'x.pdf', mime_type: 'application/pdf', filehash: sha1, size: body.length });
    const file = await api.files.upload('d1', new Uint8Array([1, 2, 3, 250]), { fileName: 'x.pdf', mimeType: 'application/pdf' });
    expect(file.size).toBe(4);
    const [req] = recorded;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/files');
    expect([...(req?.body ?? [])]).toEqual([1, 2, 3, 250]);
    expect(req?.headers['content-disposition']).toBe('attachment; filename="x.pdf"');
    expect(req?.headers.link).toBe(`<${base}/documents/d1>; rel="document"`);
    expect(req?.headers.accept).toBe('application/vnd.service-file.1+json');
  });

  it('finds the uploaded file in the listing when the 201 carries only a Location', async () => {
    handler = (req, res) => {
      if (req.method === 'POST') return res.writeHead(201, { Location: `${base}/files/f2` }).end();
      json(res, 200, [{ id: 'f1', document_id: 'd1' }, { id: 'f2', document_id: 'd1', file_name: 'y.txt', mime_type: 'text/plain', filehash: sha1, size: 1 }]);
    };
    const file = await api.files.upload('d1', new TextEncoder().encode('y'), { fileName: 'y.txt' });
    expect(file.file_name).toBe('y.txt');
    expect(recorded[0]?.headers['content-type']).toBe('application/octet-stream');
    expect(calls()[1]).toBe('GET /files?document_id=d1');
  });

  it('downloads through the 303 without sending the token to another origin', async () => {
    handler = (_req, res) => res.writeHead(303, { Location: `${storageBase}/blob/abc?sig=s1` }).end();
    storageHandler = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(Buffer.from([9, 8, 7]));
    const bytes = await api.files.download('f1');
    expect([...new Uint8Array(bytes)]).toEqual([9, 8, 7]);
    expect(calls()).toEqual(['GET /files/f1', 'storage GET /blob/abc?sig=s1']);
    expect(recorded[0]?.headers.authorization).toBe('Bearer tok');
    expect(recorded[1]?.headers.authorization).toBeUndefined();
  });

  it('downloads through a relative 303 on the service itself', async () => {
    handler = (req, res) => {
      if (req.url === '/files/f3') return res.writeHead(303, { Location: '/content/f3?sig=x' }).end();
      res.writeHead(200).end('hello');
    };
    const bytes = await api.files.download('f3');
    expect(new TextDecoder().decode(bytes)).toBe('hello');
    expect(calls()).toEqual(['GET /files/f3', 'GET /content/f3?sig=x']);
  });

  it('reports a missing file as NotFoundError, and deletes', async () => {
    handler = (req, res) => (req.method === 'DELETE' ? noContent(req, res, Buffer.alloc(0)) : json(res, 404, { message: 'File not found' }));
    await expect(api.files.download('nope')).rejects.toBeInstanceOf(NotFoundError);
    await api.files.delete('f1');
    expect(calls()).toEqual(['GET /files/nope', 'DELETE /files/f1']);
  });

  it('lists files with the sync filters', async () => {
    handler = (_req, res) => json(res, 200, []);
    for await (const page of api.files.list({ added_since: '2024-01-01T00:00:00.000Z', group_id: 'g' })) expect(page.items).toEqual([]);
    expect(calls()).toEqual(['GET /files?added_since=2024-01-01T00%3A00%3A00.000Z&group_id=g']);
  });
});

describe('folders', () => {
  it('creates, renames (204), deletes and links documents', async () => {
    handler = (req, res, body) => {
      if (req.method === 'POST' && req.url === '/folders') return json(res, 201, { id: 'f1', ...JSON.parse(body.toString()), created: 'c', modified: 'm' });
      if (req.method === 'GET') return json(res, 200, [{ id: 'd1' }, { id: 'd2' }]);
      if (req.method === 'POST') return res.writeHead(201).end();
      noContent(req, res, body);
    };
    const folder = await api.folders.create({ name: 'Reading' });
    expect(folder).toMatchObject({ id: 'f1', name: 'Reading' });
    await api.folders.patch('f1', { name: 'Read', parent_id: null });
    await api.folders.addDocument('f1', 'd3');
    const linked = [];
    for await (const page of api.folders.listDocuments('f1')) linked.push(...page.items);
    await api.folders.removeDocument('f1', 'd3');
    await api.folders.delete('f1');
    expect(linked).toEqual([{ id: 'd1' }, { id: 'd2' }]);
    expect(calls()).toEqual([
      'POST /folders', 'PATCH /folders/f1', 'POST /folders/f1/documents', 'GET /folders/f1/documents',
      'DELETE /folders/f1/documents/d3', 'DELETE /folders/f1',
    ]);
    expect(recorded[0]?.headers['content-type']).toBe('application/vnd.service-folder.1+json');
    expect(JSON.parse(recorded[1]?.body.toString() ?? '')).toEqual({ name: 'Read', parent_id: null });
    expect(recorded[2]?.headers['content-type']).toBe('application/vnd.service-document.1+json');
    expect(JSON.parse(recorded[2]?.body.toString() ?? '')).toEqual({ id: 'd3' });
  });
});

describe('annotations', () => {
  it('lists, creates, patches and deletes with the annotation media type', async () => {
    handler = (req, res, body) => {
      if (req.method === 'GET') return json(res, 200, [{ id: 'a1', type: 'note' }]);
      if (req.method === 'DELETE') return noContent(req, res, body);
      json(res, req.method === 'POST' ? 201 : 200, { id: 'a1', type: 'note', privacy_level: 'private', ...JSON.parse(body.toString()) });
    };
    const listed = [];
    for await (const page of api.annotations.list({ document_id: 'd1', modified_since: new Date(0) })) listed.push(...page.items);
    const created = await api.annotations.create({ document_id: 'd1', text: 'note' });
    const patched = await api.annotations.patch('a1', { text: 'edited' });
    await api.annotations.delete('a1');
    expect(listed).toHaveLength(1);
    expect(created.text).toBe('note');
    expect(patched.text).toBe('edited');
    expect(calls()).toEqual([
      'GET /annotations?document_id=d1&modified_since=1970-01-01T00%3A00%3A00.000Z', 'POST /annotations', 'PATCH /annotations/a1', 'DELETE /annotations/a1',
    ]);
    for (const r of recorded.slice(1, 3)) expect(r.headers['content-type']).toBe('application/vnd.service-annotation.1+json');
  });
});

describe('profiles', () => {
  it('reads me and others, and amends me with the amendment media type', async () => {
    handler = (req, res, body) => json(res, 200, { id: req.url?.endsWith('/me') ? 'me' : 'other', ...(body.length ? JSON.parse(body.toString()) : {}) });
    expect((await api.profiles.me()).id).toBe('me');
    expect((await api.profiles.get('p2')).id).toBe('other');
    const amended = await api.profiles.patchMe({ biography: 'Bees.', research_interests: null });
    expect(amended.biography).toBe('Bees.');
    expect(calls()).toEqual(['GET /profiles/me', 'GET /profiles/p2', 'PATCH /profiles/me']);
    expect(recorded[0]?.headers.accept).toBe('application/vnd.service-profiles.1+json');
    expect(recorded[2]?.headers['content-type']).toBe('application/vnd.service-profile-amendment.1+json');
  });
});

describe('groups', () => {
  it('lists v1 groups and members, and creates and invites through v2 media types', async () => {
    handler = (req, res, body) => {
      if (req.url === '/groups') return json(res, 200, [{ id: 'g1', name: 'G' }], { 'Service-Count': '1' });
      if (req.url === '/groups/g1/members') return json(res, 200, [{ profile_id: 'p1', role: 'owner' }]);
      if (req.url === '/groups/v2') return json(res, 201, { id: 'g2', ...JSON.parse(body.toString()), invite_only: true, public: false });
      json(res, 200, [{ email: 'a@b.org', invitation_uuid: 'i1' }]);
    };
    const groups = [];
    for await (const page of api.groups.list()) groups.push(page);
    expect(groups[0]).toEqual({ items: [{ id: 'g1', name: 'G' }], total: 1 });
    const members = [];
    for await (const page of api.groups.members('g1')) members.push(...page.items);
    expect(members[0]?.role).toBe('owner');
    const created = await api.groups.create({ name: 'Club', access_level: 'invite_only' });
    expect(created.invite_only).toBe(true);
    const results = await api.groups.invite('g2', { recipients: [{ email: 'a@b.org' }], message: 'hi' });
    expect(results[0]?.invitation_uuid).toBe('i1');
    expect(recorded.map((r) => [r.headers.accept, r.headers['content-type']])).toEqual([
      ['application/vnd.service-group.1+json', undefined],
      ['application/vnd.service-membership.1+json', undefined],
      ['application/vnd.service-group+json', 'application/vnd.service-group+json'],
      ['application/vnd.service-group-invitation-response-list+json', 'application/vnd.service-group-invitation+json'],
    ]);
  });
});

describe('catalog and vocabularies', () => {
  it('looks up by identifier, treats a 404 metadata lookup as no match, and reads vocabularies', async () => {
    handler = (req, res) => {
      const url = new URL(req.url ?? '/', base);
      if (url.pathname === '/catalog') return json(res, 200, [{ id: 'c1', title: 'T' }]);
      if (url.pathname === '/metadata') {
        return url.searchParams.get('doi') === '10.1/known' ? json(res, 200, { catalog_id: 'c1', score: 97 }) : json(res, 404, { message: 'no match' });
      }
      if (url.pathname === '/academic_statuses') return json(res, 200, [{ description: 'Professor' }]);
      json(res, 200, [{ id: 'l1', name: 'Rome', latitude: 41.9, longitude: 12.5 }]);
    };
    expect(await api.catalog.lookup({ doi: '10.1/a b' }, { view: 'stats' })).toEqual([{ id: 'c1', title: 'T' }]);
    expect(await api.catalog.metadata({ doi: '10.1/known' })).toEqual({ catalog_id: 'c1', score: 97 });
    expect(await api.catalog.metadata({ doi: '10.1/unknown' })).toBeUndefined();
    expect(await api.vocabulary.academicStatuses()).toEqual([{ description: 'Professor' }]);
    expect((await api.vocabulary.locations('Ro', { limit: 5 }))[0]?.name).toBe('Rome');
    expect(calls()).toEqual([
      'GET /catalog?doi=10.1%2Fa+b&view=stats', 'GET /metadata?doi=10.1%2Fknown', 'GET /metadata?doi=10.1%2Funknown',
      'GET /academic_statuses', 'GET /locations?prefix=Ro&limit=5',
    ]);
    expect(recorded[1]?.headers.accept).toBe('application/vnd.service-document-lookup.1+json');
    expect(recorded[3]?.headers.accept).toBe('application/vnd.academic_status.1+json');
    expect(recorded[4]?.headers.accept).toBe('application/vnd.service-location.1+json');
  });
});
