// The pull's read-ahead: pages asked for from their predecessor's headers, at most
// `readAhead` under way, handed over in order and once, and nothing kept from a try that failed.
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../shared/client/index.ts';
import { pipelinedPages, type FetchedPage } from './pageStream.ts';

const BASE = 'http://service.test/';
const urlOf = (name: string) => `${BASE}items?page=${name}`;

type Answer = (init: RequestInit) => Promise<Response>;

/** A fake service: each page name answers with the next of its answers (the last one again after that). */
function fakeService(answers: Record<string, Answer[]>) {
  const asked: string[] = [];
  const signals = new Map<string, AbortSignal>();
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const name = new URL(input).searchParams.get('page') ?? '';
    const tries = asked.filter((n) => n === name).length;
    asked.push(name);
    if (init.signal) signals.set(name, init.signal);
    const list = answers[name];
    if (!list) return new Response('[]', { status: 404 });
    return list[Math.min(tries, list.length - 1)]!(init);
  };
  const client = new ServiceClient({ baseUrl: BASE, getAccessToken: async () => 'token', fetch });
  return { client, asked, signals };
}

const headers = (next?: string): HeadersInit => (next ? { link: `<${urlOf(next)}>; rel="next"` } : {});

/** A whole page at once. */
const page = (items: string[], next?: string): Answer => async () => new Response(JSON.stringify(items.map((id) => ({ id }))), { headers: headers(next) });

/** A page whose headers come at once and whose body waits for `body()` (or breaks on `fail()`). */
function heldPage(items: string[], next?: string) {
  let control!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (control = c) });
  const answer: Answer = async () => new Response(stream, { headers: headers(next) });
  return {
    answer,
    body: () => {
      control.enqueue(new TextEncoder().encode(JSON.stringify(items.map((id) => ({ id })))));
      control.close();
    },
    fail: () => control.error(new TypeError('terminated')),
  };
}

/** An answer that never comes, unless the request is aborted. */
const never: Answer = (init) => new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

const status = (code: number): Answer => async () => new Response('{}', { status: code });

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

function stream(client: ServiceClient, readAhead?: number) {
  return pipelinedPages<{ id: string }>(client, '/items', { page: '0' }, { accept: 'application/json', retry: { baseDelayMs: 0, maxDelayMs: 0 }, readAhead });
}

const ids = (pages: FetchedPage<{ id: string }>[]) => pages.flatMap((p) => p.items.map((i) => i.id));

describe('pipelinedPages', () => {
  it('asks for the next page as soon as a page\'s headers are in, before its body is read', async () => {
    const first = heldPage(['a'], '1');
    const { client, asked } = fakeService({ 0: [first.answer], 1: [page(['b'])] });
    const pages = stream(client);
    const taking = pages.next();
    await turns(20);
    expect(asked).toEqual(['0', '1']);
    first.body();
    expect(ids([(await taking).value as FetchedPage<{ id: string }>])).toEqual(['a']);
    const rest: FetchedPage<{ id: string }>[] = [];
    for await (const p of pages) rest.push(p);
    expect(ids(rest)).toEqual(['b']);
  });

  it('keeps at most readAhead pages under way beyond the one the caller holds', async () => {
    const { client, asked } = fakeService({
      0: [page(['a'], '1')], 1: [page(['b'], '2')], 2: [page(['c'], '3')], 3: [page(['d'], '4')], 4: [page(['e'])],
    });
    const pages = stream(client, 2);
    const first = await pages.next();
    expect(ids([first.value as FetchedPage<{ id: string }>])).toEqual(['a']);
    await turns(20);
    // The caller holds page 0 and does not ask for more: pages 1 and 2 only.
    expect(asked).toEqual(['0', '1', '2']);
    const rest: FetchedPage<{ id: string }>[] = [];
    for await (const p of pages) {
      rest.push(p);
      expect(asked.length).toBeLessThanOrEqual(1 + rest.length + 2);
    }
    expect(ids(rest)).toEqual(['b', 'c', 'd', 'e']);
    expect(asked).toEqual(['0', '1', '2', '3', '4']);
  });

  it('drops what was fetched ahead from a try that failed when the retry links elsewhere', async () => {
    const broken = heldPage(['a'], 'stale');
    const { client, asked, signals } = fakeService({
      0: [broken.answer, page(['a'], '1')],
      // Asked for from the failed try's headers; its body never comes. The failure of the
      // page it came from is noticed only once it was asked for.
      stale: [async (init) => {
        broken.fail();
        return never(init);
      }],
      1: [page(['b'])],
    });
    const pages: FetchedPage<{ id: string }>[] = [];
    for await (const p of stream(client)) pages.push(p);
    expect(ids(pages)).toEqual(['a', 'b']);
    expect(asked).toEqual(['0', 'stale', '0', '1']);
    expect(signals.get('stale')?.aborted).toBe(true);
  });

  it('keeps what was fetched ahead when the retry of its page links to the same page', async () => {
    const broken = heldPage(['a'], '1');
    let asksForOne = 0;
    const { client, asked } = fakeService({
      0: [broken.answer, page(['a'], '1')],
      1: [async () => {
        asksForOne++;
        broken.fail();
        return new Response(JSON.stringify([{ id: 'b' }]));
      }],
    });
    const pages: FetchedPage<{ id: string }>[] = [];
    for await (const p of stream(client)) pages.push(p);
    expect(ids(pages)).toEqual(['a', 'b']);
    expect(asked).toEqual(['0', '1', '0']);
    expect(asksForOne).toBe(1);
  });

  it('retries a page fetched ahead, and hands over every page before one that fails for good before failing', async () => {
    const { client, asked } = fakeService({
      0: [page(['a'], '1')],
      1: [status(503), page(['b'], '2')],
      2: [status(400)],
    });
    const pages: FetchedPage<{ id: string }>[] = [];
    await expect((async () => {
      for await (const p of stream(client)) pages.push(p);
    })()).rejects.toMatchObject({ status: 400 });
    expect(ids(pages)).toEqual(['a', 'b']);
    expect(asked).toEqual(['0', '1', '1', '2']);
  });

  it('stops the pages on their way when the caller stops early', async () => {
    const { client, signals } = fakeService({ 0: [page(['a'], '1')], 1: [page(['b'], '2')], 2: [never] });
    for await (const p of stream(client)) {
      expect(ids([p])).toEqual(['a']);
      await turns(20);
      break;
    }
    expect(signals.get('2')?.aborted).toBe(true);
  });
});
