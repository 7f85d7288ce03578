// A load balancer for tests: forwards each request to the next of several service
// instances in turn, and to the next one again when an instance refuses the connection
// (as nginx's proxy_next_upstream does). Hooks let a test lose a reply or stop an instance
// at a chosen request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  url: string;
  /** Which upstream answered (index into the upstreams). */
  upstream: number;
  status: number;
}

export interface RoundRobinProxy {
  url: string;
  /** The instances' base URLs; set (or changed) once they listen. */
  upstreams: string[];
  /** Every request forwarded, in order. */
  log: ProxiedRequest[];
  /** Sends a request to one chosen upstream instead of the next in turn (a client pinned to an instance). */
  pin?: (headers: http.IncomingHttpHeaders) => number | undefined;
  /** Called before a request is forwarded; return 'drop-reply' to forward it but cut the client off instead of answering. */
  onRequest?: (method: string, url: string, count: number) => 'forward' | 'drop-reply';
  close(): Promise<void>;
}

export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let next = 0;
  const proxy: RoundRobinProxy = { url: '', upstreams: [], log: [], close: async () => undefined };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const decision = proxy.onRequest?.(req.method ?? 'GET', req.url ?? '/', proxy.log.length) ?? 'forward';
    const pinned = proxy.pin?.(req.headers);
    for (let tries = 0; tries < proxy.upstreams.length; tries++) {
      const upstream = pinned ?? next++ % proxy.upstreams.length;
      try {
        const answer = await forward(proxy.upstreams[upstream]!, req, body);
        proxy.log.push({ method: req.method ?? 'GET', url: req.url ?? '/', upstream, status: answer.statusCode ?? 0 });
        if (decision === 'drop-reply') {
          answer.resume();
          res.socket?.destroy();
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      } catch {
        // Refused or reset before answering: the next instance gets the request.
      }
    }
    res.writeHead(502, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'No instance answered' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

function forward(base: string, req: http.IncomingMessage, body: Buffer): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const target = new URL(req.url ?? '/', base);
    const upstream = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host, connection: 'close' }, agent: false }, resolve);
    upstream.on('error', reject);
    upstream.end(body);
  });
}
