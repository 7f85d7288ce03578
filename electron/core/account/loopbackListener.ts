// The one-shot redirect listener of a native app's sign-in (RFC 8252 section 7.3): an HTTP
// server on 127.0.0.1 and a random port that waits for GET /callback, answers the browser
// with a short page, and hands the query parameters back.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BridgeFailure } from '../commands/failure.ts';
import { systemClock, type Clock } from '../clock.ts';

export interface LoopbackListener {
  redirectUri: string;
  /** The callback's query parameters; rejects on timeout or cancel. */
  callback: Promise<URLSearchParams>;
  cancel(reason?: string): void;
  close(): Promise<void>;
}

const page = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:system-ui;margin:3rem"><h1>${title}</h1><p>${text}</p></body></html>`;

export async function startLoopbackListener(options: { timeoutMs?: number; clock?: Clock } = {}): Promise<LoopbackListener> {
  let resolveCallback!: (params: URLSearchParams) => void;
  let rejectCallback!: (error: Error) => void;
  const callback = new Promise<URLSearchParams>((resolve, reject) => {
    resolveCallback = resolve;
    rejectCallback = reject;
  });
  callback.catch(() => {}); // handled by whoever awaits it; never an unhandled rejection
  let done = false;

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/callback' || done) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    done = true;
    const failed = url.searchParams.has('error');
    const html = failed
      ? page('Sign-in was not completed', 'You can close this tab and try again in RefShelf.')
      : page('Signed in', 'You can close this tab and go back to RefShelf.');
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" });
    response.end(html);
    resolveCallback(url.searchParams);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const stopTimeLimit = (options.clock ?? systemClock).after(options.timeoutMs ?? 10 * 60_000, () => cancel('The sign-in timed out; try again'));

  function cancel(reason = 'The sign-in was cancelled'): void {
    if (done) return;
    done = true;
    rejectCallback(new BridgeFailure('cancelled', reason));
  }

  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    callback,
    cancel,
    async close() {
      stopTimeLimit();
      cancel();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
