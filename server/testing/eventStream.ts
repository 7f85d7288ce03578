// Reads a service's live-sync stream (GET /events) in tests: each `changed` event in order,
// and when the service ends the stream.
export interface EventStreamReader {
  /** The next `changed` event's data (waits for it). */
  next(): Promise<{ library: string }>;
  /** Settles when the service ends the stream: 'ended' cleanly, 'failed' when it broke off. */
  ended: Promise<'ended' | 'failed'>;
  close(): void;
}

export async function openEventStream(baseUrl: string, token: string): Promise<EventStreamReader> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/events`, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal: abort.signal });
  if (res.status !== 200 || !res.body) throw new Error(`GET /events: ${res.status} ${await res.text()}`);
  const queued: { library: string }[] = [];
  const waiting: ((event: { library: string }) => void)[] = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const ended = (async (): Promise<'ended' | 'failed'> => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended';
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!/^event: changed$/m.test(block) || data === undefined) continue;
          const event = JSON.parse(data) as { library: string };
          const waiter = waiting.shift();
          if (waiter) waiter(event);
          else queued.push(event);
        }
      }
    } catch {
      return 'failed';
    }
  })();
  return {
    next: () => {
      const event = queued.shift();
      return event ? Promise.resolve(event) : new Promise((resolve) => waiting.push(resolve));
    },
    ended,
    close: () => abort.abort(),
  };
}
