// Browser mode's transport: a loopback HTTP server that serves the built renderer and
// carries the bridge over a WebSocket. It answers only on 127.0.0.1, only to pages of its
// own origin (the Origin and Host headers are checked, which also defeats DNS rebinding),
// and only to a client presenting this run's random secret (the page gets it from its URL
// fragment, which browsers never send to a server, and passes it as a WebSocket subprotocol).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { WS_PATH, WS_PROTOCOL, WS_SECRET_PROTOCOL_PREFIX, type WsServerMessage } from '../../../shared/bridge/contract.ts';
import { dispatch, type Handlers } from './dispatch.ts';
import { CONTENT_SECURITY_POLICY } from './contentSecurityPolicy.ts';
import type { EventHub } from '../commands/eventHub.ts';
import { FILE_ROUTE } from '../files/fileLinks.ts';
import type { StoredFileResponse } from '../files/storedFileResponse.ts';

export interface BrowserServerOptions {
  handlers: Handlers;
  events: EventHub;
  /** The built renderer (index.html and its assets); without it a placeholder page is served. */
  rendererDir?: string;
  port?: number;
  /** Fixed only by tests; a fresh random one otherwise. */
  secret?: string;
  /** Answers GETs under /files/ (stored file bytes for the reader; each URL carries its own token). */
  serveStoredFile?: (request: { url: string; method?: string; range?: string | null }) => Promise<StoredFileResponse>;
}

export interface BrowserServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  secret: string;
  /** The page to open: the origin with the secret in the fragment. */
  pageUrl: string;
  close(): Promise<void>;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.wasm': 'application/wasm', '.map': 'application/json',
  '.mjs.map': 'application/json', '.bcmap': 'application/octet-stream', '.pfb': 'application/octet-stream', '.ttf': 'font/ttf',
};

const PLACEHOLDER = `<!doctype html><html><head><meta charset="utf-8"><title>RefShelf</title></head>
<body><h1>RefShelf</h1><p>The core is running, but the renderer has not been built yet.</p></body></html>`;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function secretOf(request: IncomingMessage): string | undefined {
  const offered = String(request.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  if (!offered.includes(WS_PROTOCOL)) return undefined;
  return offered.find((p) => p.startsWith(WS_SECRET_PROTOCOL_PREFIX))?.slice(WS_SECRET_PROTOCOL_PREFIX.length);
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  // Loaded here, not at the top: the desktop shell bundles the core but never serves browsers.
  const { WebSocket, WebSocketServer } = await import('ws');
  const secret = options.secret ?? randomBytes(24).toString('hex');
  let allowedHosts = new Set<string>();
  let origin = '';

  const hostAllowed = (request: IncomingMessage) => allowedHosts.has(String(request.headers.host ?? '').toLowerCase());

  async function serveFile(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const headers = { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-cache' };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
      return;
    }
    const pathname = decodeURIComponent(new URL(request.url ?? '/', origin).pathname);
    if (!options.rendererDir) {
      response.writeHead(200, { ...headers, 'Content-Type': MIME['.html']! }).end(request.method === 'HEAD' ? undefined : PLACEHOLDER);
      return;
    }
    const root = path.resolve(options.rendererDir);
    let file = path.resolve(root, `.${pathname}`);
    if (file !== root && !file.startsWith(root + path.sep)) {
      response.writeHead(404, headers).end();
      return;
    }
    let info = await stat(file).catch(() => undefined);
    if (info?.isDirectory()) {
      file = path.join(file, 'index.html');
      info = await stat(file).catch(() => undefined);
    }
    // The renderer routes on the client: an unknown path without an extension is a page of it.
    if (!info && path.extname(pathname) === '') {
      file = path.join(root, 'index.html');
      info = await stat(file).catch(() => undefined);
    }
    if (!info?.isFile()) {
      response.writeHead(404, headers).end();
      return;
    }
    const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    response.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': String(info.size) });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  }

  async function serveStored(answer: NonNullable<BrowserServerOptions['serveStoredFile']>, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const stored = await answer({ url: request.url ?? '/', method: request.method, range: request.headers.range });
    response.writeHead(stored.status, stored.headers);
    if (stored.body) stored.body.pipe(response);
    else response.end();
  }

  const server = createServer((request, response) => {
    if (!hostAllowed(request)) {
      response.writeHead(421).end();
      return;
    }
    const serving = options.serveStoredFile && (request.url ?? '').startsWith(FILE_ROUTE)
      ? serveStored(options.serveStoredFile, request, response)
      : serveFile(request, response);
    serving.catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 32 * 1024 * 1024,
    handleProtocols: (protocols) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });

  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname !== WS_PATH) return refuse(socket, 404, 'Not Found');
    if (!hostAllowed(request)) return refuse(socket, 421, 'Misdirected Request');
    const requestOrigin = String(request.headers.origin ?? '');
    if (!allowedHosts.has(requestOrigin.replace(/^http:\/\//, '').toLowerCase()) || !requestOrigin.startsWith('http://')) {
      return refuse(socket, 403, 'Forbidden');
    }
    const given = secretOf(request);
    if (!given || !sameSecret(given, secret)) return refuse(socket, 401, 'Unauthorized');
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  const send = (ws: WebSocket, message: WsServerMessage) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };

  wss.on('connection', (ws: WebSocket) => {
    ws.on('message', (data, isBinary) => {
      let message: { id?: unknown; command?: unknown; request?: unknown };
      try {
        if (isBinary) throw new Error('binary');
        message = JSON.parse(String(data));
      } catch {
        ws.close(1003, 'Messages must be JSON text');
        return;
      }
      if (typeof message !== 'object' || message === null || typeof message.id !== 'number') {
        ws.close(1008, 'A message needs a numeric id');
        return;
      }
      const id = message.id;
      void dispatch(options.handlers, message.command, message.request).then((result) => send(ws, { id, result }));
    });
  });

  const unsubscribe = options.events.subscribe((event, payload) => {
    for (const client of wss.clients) send(client, { event, payload });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

  return {
    origin,
    secret,
    pageUrl: `${origin}/#secret=${secret}`,
    async close() {
      unsubscribe();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
