// The client side of the service's change hints (GET /events, Server-Sent Events): each
// "library changed" hint asks for a pull soon. When the stream closes or cannot open, the
// engine is told at once (so a service that went away shows as offline within seconds) and
// the channel opens again with backoff. The periodic pull stays as the fallback.
import { ServiceError, type LibraryApi } from '../../../shared/client/index.ts';
import { systemClock, type Clock } from '../clock.ts';

/** A service without the extension: the channel stays closed and the periodic pull does the work. */
const UNSUPPORTED = new Set([404, 405, 406, 501]);

export interface ChangeChannelOptions {
  api: LibraryApi;
  /** A library changed on the service ('personal' or a group id). */
  onHint(library: string): void;
  /** The stream closed or could not open (error: why); it reopens by itself. */
  onClosed(error: unknown): void;
  /** Called when the stream is open. */
  onOpen?(): void;
  retryDelayMs?: (attempt: number) => number;
  /** The clock the reopening waits on (the core's). */
  clock?: Clock;
}

export interface ChangeChannel {
  close(): void;
  /** The service answered again: a closed channel opens now, not after its backoff. */
  reopenNow(): void;
}

/** Reads `event:`/`data:` blocks from an SSE body and answers each `changed` hint. */
async function readHints(body: ReadableStream<Uint8Array>, onHint: (library: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event:'))?.slice(6).trim();
      const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n');
      if (event !== 'changed' || !data) continue;
      try {
        const library = (JSON.parse(data) as { library?: unknown }).library;
        if (typeof library === 'string') onHint(library);
      } catch {
        // a hint we cannot read is no reason to drop the channel
      }
    }
  }
}

export function openChangeChannel(options: ChangeChannelOptions): ChangeChannel {
  const controller = new AbortController();
  const delay = options.retryDelayMs ?? ((attempt: number) => Math.min(30_000, 1_000 * 2 ** attempt));
  const clock = options.clock ?? systemClock;
  let cancelReopen = (): void => undefined;
  let attempt = 0;
  let connecting = false;
  // A service without the extension stays without it: nothing reopens the channel.
  let unsupported = false;

  async function connect(): Promise<void> {
    connecting = true;
    try {
      const response = await options.api.client.request('/events', { accept: 'text/event-stream', signal: controller.signal });
      if (!response.body) throw new Error('The change channel answered without a stream');
      attempt = 0;
      options.onOpen?.();
      await readHints(response.body, options.onHint);
      if (!controller.signal.aborted) options.onClosed(new Error('The change channel closed'));
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof ServiceError && UNSUPPORTED.has(error.status)) unsupported = true;
      else options.onClosed(error);
    }
    connecting = false;
    if (unsupported) return;
    if (controller.signal.aborted) return;
    cancelReopen = clock.after(delay(attempt++), () => void connect());
  }

  void connect();
  return {
    close() {
      controller.abort();
      cancelReopen();
    },
    reopenNow() {
      if (connecting || unsupported || controller.signal.aborted) return;
      cancelReopen();
      attempt = 0;
      void connect();
    },
  };
}
