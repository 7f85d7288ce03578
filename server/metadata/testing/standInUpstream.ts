// A local stand-in for doi.org, the arXiv API, NCBI E-utilities and Open Library on
// 127.0.0.1, serving the documented response formats (upstreamFixtures.ts) under one
// prefix per service. A test registers records by identifier and may make an identifier
// misbehave: never answer (until the stand-in stops), answer an unreadable body, 429 with
// Retry-After, or 500. Every request is recorded, so tests can count what reached it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UpstreamName } from '../resolverSettings.ts';

export type Misbehaviour = 'hang' | 'malformed' | 'rate_limit' | 'server_error';

export interface SeenRequest {
  upstream: UpstreamName;
  id: string;
  accept: string;
  userAgent: string;
  url: string;
}

export interface StandInUpstream {
  baseUrls: Record<UpstreamName, string>;
  /** The body served for an identifier (JSON values are serialised). */
  serve(upstream: UpstreamName, id: string, body: unknown): void;
  misbehave(upstream: UpstreamName, id: string, how: Misbehaviour): void;
  /** The identifier is answered normally again. */
  recover(upstream: UpstreamName, id: string): void;
  requests: SeenRequest[];
  /** Resolves when a request for this identifier has arrived. */
  arrival(upstream: UpstreamName, id: string): Promise<void>;
  stop(): Promise<void>;
}

const PREFIX: Record<UpstreamName, string> = { doi: '/doi', arxiv: '/arxiv/api/query', ncbi: '/ncbi/entrez/eutils', openLibrary: '/openlibrary' };

/** Which upstream and identifier a request is for, as each service's URL carries it. */
function route(url: URL): { upstream: UpstreamName; id: string; contentType: string } | undefined {
  const path = url.pathname;
  if (path.startsWith(`${PREFIX.doi}/`)) {
    return { upstream: 'doi', id: decodeURIComponent(path.slice(PREFIX.doi.length + 1)).toLowerCase(), contentType: 'application/vnd.citationstyles.csl+json' };
  }
  if (path === PREFIX.arxiv) return { upstream: 'arxiv', id: url.searchParams.get('id_list') ?? '', contentType: 'application/atom+xml; charset=utf-8' };
  if (path === `${PREFIX.ncbi}/esummary.fcgi`) return { upstream: 'ncbi', id: url.searchParams.get('id') ?? '', contentType: 'application/json; charset=UTF-8' };
  if (path === `${PREFIX.openLibrary}/api/books`) {
    return { upstream: 'openLibrary', id: (url.searchParams.get('bibkeys') ?? '').replace(/^ISBN:/, ''), contentType: 'application/json' };
  }
  return undefined;
}

/** What each service answers for an identifier it does not know. */
function unknownAnswer(upstream: UpstreamName, id: string): { status: number; body: string } {
  if (upstream === 'doi') return { status: 404, body: 'DOI Not Found' };
  if (upstream === 'arxiv') return { status: 200, body: '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>ArXiv Query</title></feed>' };
  if (upstream === 'ncbi') return { status: 200, body: JSON.stringify({ result: { uids: [id], [id]: { uid: id, error: 'cannot get document summary' } } }) };
  return { status: 200, body: '{}' };
}

export async function startStandInUpstream(): Promise<StandInUpstream> {
  const records = new Map<string, string>();
  const misbehaviours = new Map<string, Misbehaviour>();
  const waiters = new Map<string, (() => void)[]>();
  const requests: SeenRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const key = (upstream: UpstreamName, id: string) => `${upstream} ${id.toLowerCase()}`;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const target = route(url);
    if (!target) {
      res.writeHead(400).end('unknown path');
      return;
    }
    const k = key(target.upstream, target.id);
    requests.push({ upstream: target.upstream, id: target.id, accept: req.headers.accept ?? '', userAgent: req.headers['user-agent'] ?? '', url: url.pathname + url.search });
    for (const wake of waiters.get(k) ?? []) wake();
    waiters.delete(k);
    const how = misbehaviours.get(k);
    if (how === 'hang') {
      hanging.add(res);
      return;
    }
    if (how === 'rate_limit') return void res.writeHead(429, { 'Retry-After': '120', 'Content-Type': 'text/plain' }).end('Too Many Requests');
    if (how === 'server_error') return void res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
    if (how === 'malformed') return void res.writeHead(200, { 'Content-Type': target.contentType }).end('{"title": "Cut off in the mid');
    const body = records.get(k);
    if (body === undefined) {
      const unknown = unknownAnswer(target.upstream, target.id);
      return void res.writeHead(unknown.status, { 'Content-Type': target.contentType }).end(unknown.body);
    }
    res.writeHead(200, { 'Content-Type': target.contentType }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrls: {
      doi: `${base}${PREFIX.doi}`,
      arxiv: `${base}${PREFIX.arxiv}`,
      ncbi: `${base}${PREFIX.ncbi}`,
      openLibrary: `${base}${PREFIX.openLibrary}`,
    },
    serve(upstream, id, body) {
      records.set(key(upstream, id), typeof body === 'string' ? body : JSON.stringify(body));
    },
    misbehave(upstream, id, how) {
      misbehaviours.set(key(upstream, id), how);
    },
    recover(upstream, id) {
      misbehaviours.delete(key(upstream, id));
    },
    requests,
    arrival(upstream, id) {
      const k = key(upstream, id);
      if (requests.some((r) => key(r.upstream, r.id) === k)) return Promise.resolve();
      return new Promise((resolve) => waiters.set(k, [...(waiters.get(k) ?? []), resolve]));
    },
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
