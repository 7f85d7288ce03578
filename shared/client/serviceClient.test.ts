// The client against a real loopback HTTP server: headers, paging, typed errors, token
// refresh, network failure and abort.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceClient } from './serviceClient.ts';
import { NetworkError, NotFoundError, PreconditionFailedError, ServiceError, TokenExpiredError } from './serviceErrors.ts';
import { libraryApi } from './libraryApi.ts';

interface Recorded { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }
type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

let server: Server;
let base: string;
let recorded: Recorded[] = [];
let handler: Handler = (_req, res) => res.writeHead(500).end();

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      recorded.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  recorded = [];
});

const client = (options: Partial<ConstructorParameters<typeof ServiceClient>[0]> = {}) =>
  new ServiceClient({ baseUrl: base, vendor: 'mendeley', getAccessToken: async () => 'tok-1', ...options });

describe('ServiceClient headers', () => {
  it('sends the bearer token and the vendor media types', async () => {
    handler = (_req, res) => json(res, 200, { id: 'd1', title: 'T', type: 'journal' });
    const api = libraryApi(client());
    const doc = await api.documents.get('d1', { view: 'all' });
    expect(doc.title).toBe('T');
    const [req] = recorded;
    expect(req?.url).toBe('/documents/d1?view=all');
    expect(req?.headers.authorization).toBe('Bearer tok-1');
    expect(req?.headers.accept).toBe('application/vnd.mendeley-document.1+json');
  });

  it('sends Content-Type and If-Unmodified-Since (ISO with milliseconds) on a patch', async () => {
    handler = (_req, res, body) => json(res, 200, { id: 'd1', type: 'journal', ...JSON.parse(body.toString()) });
    const api = libraryApi(new ServiceClient({ baseUrl: `${base}/`, getAccessToken: async () => 'tok-1' }));
    const updated = await api.documents.patch('d1', { title: 'New', abstract: null }, { ifUnmodifiedSince: new Date(Date.UTC(2024, 4, 1, 10, 0, 0, 5)) });
    expect(updated.title).toBe('New');
    await api.documents.patch('d1', { title: 'Newer' }, { ifUnmodifiedSince: '2024-05-01T12:00:00+02:00' });
    const [first, second] = recorded;
    expect(first?.method).toBe('PATCH');
    expect(first?.headers['content-type']).toBe('application/vnd.service-document.1+json');
    expect(first?.headers['if-unmodified-since']).toBe('2024-05-01T10:00:00.005Z');
    expect(JSON.parse(first?.body.toString() ?? '')).toEqual({ title: 'New', abstract: null });
    expect(second?.headers['if-unmodified-since']).toBe('2024-05-01T10:00:00.000Z');
  });

  it('refuses an invalid If-Unmodified-Since before sending anything', async () => {
    await expect(libraryApi(client()).documents.patch('d1', {}, { ifUnmodifiedSince: 'yesterday' })).rejects.toThrow(TypeError);
    expect(recorded).toHaveLength(0);
  });

  it('sends no Authorization when there is no token', async () => {
    handler = (_req, res) => json(res, 200, []);
    await client({ getAccessToken: async () => undefined }).json('/disciplines');
    expect(recorded[0]?.headers.authorization).toBeUndefined();
  });
});

describe('ServiceClient paging', () => {
  it('follows rel="next" links and reads the count from the first page only', async () => {
    const all = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, title: id, type: 'journal' }));
    handler = (req, res) => {
      const url = new URL(req.url ?? '/', base);
      const marker = Number(url.searchParams.get('marker') ?? 0);
      const items = all.slice(marker, marker + 2);
      const headers: Record<string, string> = {};
      if (marker === 0) headers['Mendeley-Count'] = String(all.length);
      if (marker + 2 < all.length) {
        headers['Link'] = `<${base}/documents?limit=2&marker=${marker + 2}>; rel="next", <${base}/documents?limit=2&reverse=true>; rel="last"`;
      }
      json(res, 200, items, headers);
    };
    const pages = [];
    for await (const page of libraryApi(client()).documents.list({ limit: 2, modified_since: new Date(0), sort: 'last_modified', order: 'asc' })) {
      pages.push(page);
    }
    expect(pages.map((p) => p.items.map((d) => d.id))).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(pages.map((p) => p.total)).toEqual([5, undefined, undefined]);
    expect(pages[0]?.next).toBe(`${base}/documents?limit=2&marker=2`);
    expect(pages[2]?.next).toBeUndefined();
    const firstQuery = new URL(recorded[0]?.url ?? '', base).searchParams;
    expect(firstQuery.get('modified_since')).toBe('1970-01-01T00:00:00.000Z');
    expect(firstQuery.get('limit')).toBe('2');
    expect(firstQuery.get('sort')).toBe('last_modified');
    expect(recorded.map((r) => r.url)).toEqual([
      '/documents?limit=2&modified_since=1970-01-01T00%3A00%3A00.000Z&sort=last_modified&order=asc',
      '/documents?limit=2&marker=2',
      '/documents?limit=2&marker=4',
    ]);
    for (const r of recorded) expect(r.headers.authorization).toBe('Bearer tok-1');
  });

  it('reads dataset pages from their results array', async () => {
    handler = (_req, res) => json(res, 200, { results: [{ id: 'ds1' }] }, { 'Mendeley-Count': '1' });
    const items = await client().all<{ id: string }>('/datasets', { fields: ['results.id', 'results.name'] });
    expect(items).toEqual([{ id: 'ds1' }]);
    expect(new URL(recorded[0]?.url ?? '', base).searchParams.get('fields')).toBe('results.id,results.name');
  });

  it('stops on a page that links to itself instead of looping', async () => {
    handler = (req, res) => json(res, 200, [], { Link: `<${base}${req.url}>; rel="next"` });
    const iterate = async () => {
      for await (const page of client().pages('/folders')) void page;
    };
    await expect(iterate()).rejects.toThrow(/Paging loop/);
  });
});

describe('ServiceClient errors', () => {
  it('turns 404 {message} into NotFoundError with the trace id', async () => {
    handler = (_req, res) => json(res, 404, { message: 'Document not found' }, { 'X-Mendeley-Trace-Id': 'trace-42' });
    const error = await libraryApi(client()).documents.get('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as NotFoundError).status).toBe(404);
    expect((error as NotFoundError).message).toBe('Document not found');
    expect((error as NotFoundError).traceId).toBe('trace-42');
    expect((error as NotFoundError).body).toEqual({ message: 'Document not found' });
  });

  it('turns 412 into PreconditionFailedError', async () => {
    handler = (_req, res) => json(res, 412, { message: 'Document was modified' });
    const error = await libraryApi(client()).documents.patch('d1', { title: 'x' }, { ifUnmodifiedSince: new Date() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PreconditionFailedError);
    expect((error as ServiceError).message).toBe('Document was modified');
  });

  it('keeps a non-JSON error body as text and exposes publish field errors', async () => {
    handler = (_req, res) => res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>bad gateway</h1>');
    const error = (await client().json('/documents').catch((e: unknown) => e)) as ServiceError;
    expect(error.constructor).toBe(ServiceError);
    expect(error.status).toBe(502);
    expect(error.body).toBe('<h1>bad gateway</h1>');
    expect(error.message).toMatch(/502/);
    handler = (_req, res) => json(res, 400, { message: 'Cannot publish', field_errors: [{ field: 'files', message: 'required' }] });
    const invalid = (await client().call('/datasets/drafts/d1', { method: 'POST' }).catch((e: unknown) => e)) as ServiceError;
    expect(invalid.fieldErrors).toEqual([{ field: 'files', message: 'required' }]);
  });

  it('gives NetworkError with its cause when the port is closed', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const offline = new ServiceClient({ baseUrl: `http://127.0.0.1:${port}`, getAccessToken: async () => 't' });
    const error = await offline.json('/documents').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).aborted).toBe(false);
    expect((error as NetworkError).cause).toBeDefined();
  });

  it('gives an aborted NetworkError when the signal fires during a call', async () => {
    handler = () => undefined; // never answers
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const error = await libraryApi(client()).documents.get('slow', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('cancels a paged listing between pages', async () => {
    const controller = new AbortController();
    handler = (req, res) => {
      if (req.url?.includes('marker')) return; // the second page hangs
      json(res, 200, [{ id: 'a' }], { Link: `<${base}/folders?marker=1>; rel="next"` });
    };
    const seen: string[] = [];
    const iterate = async () => {
      for await (const page of libraryApi(client()).folders.list({ signal: controller.signal })) {
        seen.push(...page.items.map((f) => f.id));
        setTimeout(() => controller.abort(), 20);
      }
    };
    const error = await iterate().catch((e: unknown) => e);
    expect(seen).toEqual(['a']);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).aborted).toBe(true);
  });
});

describe('ServiceClient token refresh', () => {
  const expiredHeader = 'Bearer realm="service", error="invalid_token", error_description="The access token expired"';

  function serveOnly(validToken: string, expiry: 'header' | 'body' = 'header') {
    handler = (req, res) => {
      if (req.headers.authorization === `Bearer ${validToken}`) return json(res, 200, { id: 'me', first_name: 'A' });
      if (expiry === 'header') return json(res, 401, { message: 'Unauthorized' }, { 'WWW-Authenticate': expiredHeader });
      return json(res, 401, { message: 'Token has expired' });
    };
  }

  it('refreshes once on an expired token and retries the call', async () => {
    serveOnly('fresh');
    let token = 'stale';
    let refreshes = 0;
    const api = libraryApi(client({
      getAccessToken: async () => token,
      refreshAccessToken: async () => {
        refreshes += 1;
        token = 'fresh';
        return token;
      },
    }));
    const me = await api.profiles.me();
    expect(me.id).toBe('me');
    expect(refreshes).toBe(1);
    expect(recorded.map((r) => r.headers.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('recognises the expiry from the body message too, and retries a body-carrying call', async () => {
    handler = (req, res, body) => {
      if (req.headers.authorization !== 'Bearer fresh') return json(res, 401, { message: 'Token has expired' });
      json(res, 201, { id: 'f1', ...JSON.parse(body.toString()) });
    };
    const api = libraryApi(client({ getAccessToken: async () => 'stale', refreshAccessToken: async () => 'fresh' }));
    const folder = await api.folders.create({ name: 'Reading' });
    expect(folder).toMatchObject({ id: 'f1', name: 'Reading' });
    expect(recorded).toHaveLength(2);
    expect(recorded[1]?.body.toString()).toBe('{"name":"Reading"}');
  });

  it('retries only once: a second expiry surfaces as TokenExpiredError', async () => {
    serveOnly('never');
    let refreshes = 0;
    const error = await client({ getAccessToken: async () => 'stale', refreshAccessToken: async () => `r${++refreshes}` })
      .json('/profiles/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenExpiredError);
    expect(refreshes).toBe(1);
    expect(recorded).toHaveLength(2);
  });

  it('throws TokenExpiredError without a refresher, and does not refresh on other 401s', async () => {
    serveOnly('fresh', 'body');
    await expect(client({ getAccessToken: async () => 'stale' }).json('/profiles/me')).rejects.toBeInstanceOf(TokenExpiredError);
    handler = (_req, res) => json(res, 401, { message: 'Invalid token' }, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    let refreshes = 0;
    const error = await client({ refreshAccessToken: async () => `r${++refreshes}` }).json('/profiles/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).not.toBeInstanceOf(TokenExpiredError);
    expect(refreshes).toBe(0);
  });

  it('shares one refresh among concurrent calls that expire together', async () => {
    serveOnly('fresh');
    let token = 'stale';
    let refreshes = 0;
    const c = client({
      getAccessToken: async () => token,
      refreshAccessToken: async () => {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 30));
        token = 'fresh';
        return token;
      },
    });
    const results = await Promise.all([c.json('/profiles/me'), c.json('/profiles/me'), c.json('/profiles/me')]);
    expect(results).toHaveLength(3);
    expect(refreshes).toBe(1);
  });
});

describe('ServiceClient create', () => {
  it('follows the Location of a 201 with an empty body', async () => {
    handler = (req, res) => {
      if (req.method === 'POST') return res.writeHead(201, { Location: `${base}/documents/new-1` }).end();
      json(res, 200, { id: 'new-1', title: 'Made', type: 'journal' });
    };
    const doc = await libraryApi(client()).documents.create({ title: 'Made' });
    expect(doc.id).toBe('new-1');
    expect(recorded.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /documents', 'GET /documents/new-1']);
    expect(recorded[1]?.headers.accept).toBe('application/vnd.mendeley-document.1+json');
    expect(recorded[0]?.headers['content-type']).toBe('application/vnd.mendeley-document.1+json');
  });

  it('reads the created resource from the body when there is one', async () => {
    handler = (_req, res) => json(res, 201, { id: 'new-2', title: 'Made', type: 'book' }, { Location: `${base}/documents/new-2` });
    const doc = await libraryApi(client()).documents.create({ title: 'Made', type: 'book' });
    expect(doc).toMatchObject({ id: 'new-2', type: 'book' });
    expect(recorded).toHaveLength(1);
  });
});
