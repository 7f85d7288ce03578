// A loopback HTTP proxy for fault tests: forwards every request to the service and, for the
// requests a rule picks, waits for the service's whole answer (so the change is committed)
// and then cuts the client's connection instead of answering. It can also go "offline"
// (refusing every request), like a network that went away.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DroppedReply {
  method: string;
  path: string;
  status: number;
}

/** A tap's view of one exchange: when the request arrives, and when the service has answered. */
export interface Exchange {
  phase: 'request' | 'answered';
  method: string;
  path: string;
  /** The service's status, once it answered. */
  status?: number;
}

/** What a tap wants done with an exchange: 'drop' cuts the client's connection at that point. */
export type TapVerdict = 'pass' | 'drop';

export interface ReplyDroppingProxy {
  url: string;
  /**
   * Sees every exchange at both phases (fault tests kill processes there); answering 'drop'
   * cuts the client's connection: before the service sees the request, or after it committed.
   */
  tap(listener: ((exchange: Exchange) => TapVerdict | void) | undefined): void;
  /**
   * Drop the reply of the next `count` requests that match; with `thenOffline`, go offline
   * at that moment (the service went away right after committing).
   */
  dropNext(match: (method: string, path: string) => boolean, count?: number, options?: { thenOffline?: boolean }): void;
  /** Every reply dropped so far. */
  dropped: DroppedReply[];
  /** Offline: every request is cut before it reaches the service. */
  setOffline(offline: boolean): void;
  close(): Promise<void>;
}

export async function startReplyDroppingProxy(targetUrl: string): Promise<ReplyDroppingProxy> {
  const target = new URL(targetUrl);
  const rules: { match: (method: string, path: string) => boolean; left: number; thenOffline: boolean }[] = [];
  const dropped: DroppedReply[] = [];
  let offline = false;
  let ownOrigin = '';
  let listener: ((exchange: Exchange) => TapVerdict | void) | undefined;

  const server = http.createServer((req, res) => {
    if (offline) {
      req.socket.destroy();
      return;
    }
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    if (listener?.({ phase: 'request', method, path }) === 'drop') {
      req.socket.destroy();
      return;
    }
    const rule = rules.find((r) => r.left > 0 && r.match(method, path));
    if (rule) rule.left--;
    const upstream = http.request(
      { host: target.hostname, port: target.port, method, path, headers: { ...req.headers, host: target.host } },
      (answer) => {
        const chunks: Buffer[] = [];
        // The service died while answering: the client loses its connection too.
        answer.on('aborted', () => req.socket.destroy());
        answer.on('error', () => req.socket.destroy());
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const status = answer.statusCode ?? 0;
          if (listener?.({ phase: 'answered', method, path, status }) === 'drop') {
            dropped.push({ method, path, status });
            req.socket.destroy();
            return;
          }
          if (rule) {
            dropped.push({ method, path, status: answer.statusCode ?? 0 });
            if (rule.thenOffline) offline = true;
            req.socket.destroy();
            return;
          }
          const headers = { ...answer.headers };
          // The service's absolute URLs (Location, paging links) name itself: point them here.
          for (const name of ['location', 'link'] as const) {
            const value = headers[name];
            if (typeof value === 'string') headers[name] = value.split(target.origin).join(ownOrigin);
          }
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(Buffer.concat(chunks));
        });
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  ownOrigin = `http://127.0.0.1:${port}`;
  return {
    url: ownOrigin,
    dropped,
    tap(next) {
      listener = next;
    },
    dropNext(match, count = 1, options = {}) {
      rules.push({ match, left: count, thenOffline: options.thenOffline ?? false });
    },
    setOffline(value) {
      offline = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
