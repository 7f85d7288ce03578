// Every route of the service, from its own route table, under hostile input: odd path
// segments, broken and contradictory query parameters, malformed, mistyped, deep and huge
// bodies in its own and foreign media types, signed in (token and browser session), and
// anonymous on the routes open to anyone.
// Nothing may answer 5xx, and a JSON error always carries a {message}. A route added
// tomorrow is fuzzed the day it is added.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from './testing/testService.ts';
import type { RegisteredRoute } from './app.ts';
import { TestBrowser } from './oauth/testBrowser.ts';

let service: TestService;
let owner: TestUser;
let browser: TestBrowser;
/** Real ids of the owner's things, so the hostile part is the only thing wrong. */
const real: Record<string, string> = {};

beforeAll(async () => {
  service = await startTestService();
  owner = await service.createUser();
  browser = new TestBrowser(service.url);
  await browser.signIn(owner.email, owner.password);
  const mt = service.ctx.mediaTypes;
  const post = async (path: string, body: unknown, type: string) => {
    const res = await service.fetch(path, { method: 'POST', headers: { ...owner.auth, 'Content-Type': type, Accept: '*/*' }, body: JSON.stringify(body) });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
    return (await res.json()) as Record<string, unknown>;
  };
  real.document = String((await post('/documents', { title: 'Fuzzed document' }, mt.document)).id);
  real.folder = String((await post('/folders', { name: 'Fuzzed folder' }, mt.folder)).id);
  real.annotation = String((await post('/annotations', { document_id: real.document, text: 'Fuzzed note' }, mt.annotation)).id);
  real.group = String((await post('/groups/v2', { name: 'Fuzzed group', access_level: 'private' }, mt.groupV2)).id);
  real.draft = String((await post('/datasets/drafts', { name: 'Fuzzed draft' }, mt.datasetCreationRequest)).id);
}, 120_000);

afterAll(async () => service.stop());

const HOSTILE_SEGMENTS = [
  '%00', 'x'.repeat(400), '..%2F..%2Fetc%2Fpasswd', "'%20OR%201=1--", '%F0%9F%92%A9', '%ED%A0%80', '-1', '1e999', '%25', 'null',
  '00000000-0000-4000-8000-000000000000',
];

const HOSTILE_QUERIES = [
  'limit=-1', 'limit=abc&limit=2', 'limit=1e400', 'sort=%00&order=sideways', 'modified_since=yesterday&deleted_since=%FF',
  `marker=${'z'.repeat(3000)}`, `query=${'('.repeat(300)}%22%5C`, 'view=all&fields=%00,,,', 'group_id=not-a-uuid&folder_id=..&document_id=%00',
  'hint=o%20x&catalog_id=1&doi=%00&pmid=-1&arxiv=..&isbn=x&issn=&scopus=%FF&filehash=zz', 'token=a&token=b&return_to=https://evil.example',
  'include_trashed=maybe&tag=&type=%00&authored=2&starred=-&title=%FF',
];

const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const everyTypeWrong = {
  id: {}, title: [1], name: 7, type: { a: 1 }, email: ['x'], password: 1, text: null, document_id: 3, group_id: [], folder_id: true,
  recipients: 'all', message: {}, access_level: 9, role: {}, membership: [], status: 0, filehash: {}, positions: 'x', color: 'red',
  identifiers: 'doi', authors: 'me', tags: 'a', year: 'MMXX', owner: 'x', submission_data: [], licence: 5, files: 'f',
};
const HOSTILE_BODIES: string[] = [
  '{', '[]', '"s"', '123', 'null', '{"title":{"$gt":""}}', deep(3000), JSON.stringify({ title: 'é'.repeat(200_000), name: 'n'.repeat(200_000) }),
  JSON.stringify(everyTypeWrong), '{"__proto__":{"admin":true},"constructor":{"prototype":{"polluted":1}}}', '\u0000\u0001\u00ff%PDF',
  // Text PostgreSQL cannot hold: a NUL and a lone surrogate, as JSON escapes.
  '{"title":"a\\u0000b","name":"a\\u0000b","email":"a\\u0000@b.org","text":"\\ud800","id":"\\u0000"}',
];
/** Form fields (the web pages) holding a NUL. */
const NUL_FORM = 'email=a%00b%40example.org&password=%00&token=%00&name=%00&csrf_token=%00&answer=%00&return_to=%2Foauth%2F%00';
const FOREIGN_TYPES = ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/pdf'];

function pathWith(route: RegisteredRoute, segment: string | null): string {
  return route.url.replace(/:(\w+)/g, (_m, name: string) => {
    if (segment !== null) return segment;
    const area = route.url.split('/')[1];
    if (name === 'document_id' || area === 'documents' || area === 'trash') return real.document!;
    if (area === 'folders') return real.folder!;
    if (area === 'annotations') return real.annotation!;
    if (area === 'groups') return name === 'id' ? real.group! : owner.id;
    if (area === 'datasets' && route.url.startsWith('/datasets/drafts')) return real.draft!;
    if (name === 'system') return 'fuzz-journal';
    if (area === 'profiles') return owner.id;
    return '00000000-0000-4000-8000-000000000000';
  });
}

interface Attempt {
  path: string;
  method: string;
  type?: string;
  body?: string;
  signedIn: boolean;
}

function attemptsFor(route: RegisteredRoute): Attempt[] {
  const attempts: Attempt[] = [];
  const own = route.consumes.find((c) => c !== '*') ?? 'application/json';
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const base = pathWith(route, null);
  const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;
  // Anonymous callers meet the authentication hook first on protected routes, which the
  // authorisation matrix covers: here they try the routes open to them.
  for (const signedIn of route.auth === 'none' ? [true, false] : [true]) {
    if (route.url.includes(':')) for (const segment of HOSTILE_SEGMENTS) attempts.push({ path: pathWith(route, segment), method: route.method, signedIn, ...(hasBody ? { type: own, body: '{}' } : {}) });
    for (const query of HOSTILE_QUERIES) attempts.push({ path: withQuery(base, query), method: route.method, signedIn, ...(hasBody ? { type: own, body: '{}' } : {}) });
    if (hasBody) {
      for (const body of HOSTILE_BODIES) attempts.push({ path: base, method: route.method, type: own, body, signedIn });
      for (const type of FOREIGN_TYPES) attempts.push({ path: base, method: route.method, type, body: JSON.stringify(everyTypeWrong), signedIn });
      attempts.push({ path: base, method: route.method, type: 'application/x-www-form-urlencoded', body: NUL_FORM, signedIn });
    }
    // A body where none belongs.
    if (!hasBody) attempts.push({ path: base, method: route.method, type: 'application/json', body: route.method === 'GET' ? undefined : '{"x":', signedIn });
  }
  return attempts;
}

async function attempt(a: Attempt): Promise<string | undefined> {
  const headers: Record<string, string> = { Accept: '*/*' };
  if (a.type) headers['Content-Type'] = a.type;
  if (a.signedIn) Object.assign(headers, owner.auth);
  const res = a.signedIn
    ? await browser.request(a.path, { method: a.method, headers, body: a.body })
    : await fetch(`${service.url}${a.path}`, { method: a.method, headers, body: a.body, redirect: 'manual' });
  const label = `${a.method} ${a.path.slice(0, 120)} [${a.type ?? '-'}] ${a.body?.slice(0, 40) ?? ''} ${a.signedIn ? 'signed in' : 'anonymous'}`;
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    await res.body?.cancel();
    return res.status < 500 ? undefined : `${label}: ${res.status}`;
  }
  const text = await res.text();
  if (res.status >= 500) return `${label}: ${res.status} ${text.slice(0, 200)}`;
  if (res.status >= 400 && (res.headers.get('content-type') ?? '').includes('application/json') && !a.path.startsWith('/oauth/')) {
    const message = (() => {
      try {
        return (JSON.parse(text) as { message?: unknown }).message;
      } catch {
        return undefined;
      }
    })();
    if (typeof message !== 'string' || !message) return `${label}: ${res.status} without a message: ${text.slice(0, 200)}`;
  }
  return undefined;
}

// Routes that end the session or remove the fixtures go last, so the others meet live things.
const destructive = (r: RegisteredRoute) => r.method === 'DELETE' || /signout|trash|password|leave|revoke/.test(r.url) ? 1 : 0;

describe('every route under hostile input', () => {
  it('never answers 5xx, and JSON errors carry a message', async () => {
    const routes = [...service.routes].sort((a, b) => destructive(a) - destructive(b));
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const a of attemptsFor(route)) {
        sent += 1;
        const failure = await attempt(a);
        if (failure) failures.push(failure);
      }
    }
    expect(sent).toBeGreaterThan(3000);
    expect(failures).toEqual([]);
    // The service is still there and still itself.
    expect((await service.fetch('/profiles/me', { headers: { ...owner.auth, Accept: '*/*' } })).status).toBe(200);
  }, 600_000);
});
