// Paged collections for the pull: follows rel="next" like the shared client, but also hands
// back the response's Date header (the SERVER's clock, for watermarks) and reads ahead while
// the caller applies the current page, so that a pull takes about as long as the slower of
// the service and the replica rather than their sum.
//
// The next page is asked for as soon as a page's HEADERS give its link, before its body is
// read and parsed, and up to `readAhead` pages are under way at once (backpressure: no more
// while the caller has not taken them). A page is only ever followed by the page its own
// successful answer links to: when a page had to be fetched again and the retry links
// elsewhere, what was fetched ahead from the failed try is dropped and fetched anew. The
// caller sees the pages in order, each once; a failure of a page fetched ahead surfaces
// when the caller reaches it, after every page before it has been handed over.
import { parseLinkHeader } from '../../../shared/paging.ts';
import { countOf, itemsOfBody, type Query, type ServiceClient } from '../../../shared/client/index.ts';
import { withRetry, type RetryOptions } from './retry.ts';

export interface FetchedPage<T> {
  items: T[];
  next?: string;
  /** The collection's size (first page only). */
  total?: number;
  /** The service's clock when it answered (Date header), as epoch ms. */
  serverTime?: number;
}

/** Pages under way beyond the one the caller holds, unless told otherwise. */
export const DEFAULT_READ_AHEAD = 2;

async function fetchPage<T>(
  client: ServiceClient, url: string, accept: string, retry: RetryOptions, onLink: (next: string | undefined) => void,
): Promise<FetchedPage<T>> {
  const signal = retry.signal;
  return withRetry(async () => {
    const response = await client.request(url, { accept, signal });
    const next = parseLinkHeader(response.headers.get('link')).next;
    onLink(next);
    const text = await client.read(response, (r) => r.text(), signal);
    const page: FetchedPage<T> = { items: itemsOfBody<T>(text ? JSON.parse(text) : []) };
    if (next) page.next = next;
    const total = countOf(response, client.headerNames.count);
    if (total !== undefined) page.total = total;
    const date = Date.parse(response.headers.get('date') ?? '');
    if (!Number.isNaN(date)) page.serverTime = date;
    return page;
  }, retry);
}

/** One page on its way. */
interface Flight<T> {
  url: string;
  controller: AbortController;
  page: Promise<FetchedPage<T>>;
  /** rel="next" of its latest answer's headers (null: the last page), known before the body. */
  link?: string | null;
  /** The page fetched ahead from `link`. */
  successor?: Flight<T>;
}

export async function* pipelinedPages<T>(
  client: ServiceClient, path: string, query: Query, options: { accept: string; retry: RetryOptions; readAhead?: number },
): AsyncGenerator<FetchedPage<T>, void, undefined> {
  const readAhead = Math.max(1, options.readAhead ?? DEFAULT_READ_AHEAD);
  const seen = new Set<string>();
  // Started and not yet handed to the caller, in order: each one the successor of the one before.
  const queue: Flight<T>[] = [];
  let tail: Flight<T> | undefined;

  const launch = (url: string): Flight<T> => {
    if (seen.has(url)) throw new Error(`Paging loop: ${url} was already fetched`);
    seen.add(url);
    const controller = new AbortController();
    const signal = options.retry.signal ? AbortSignal.any([options.retry.signal, controller.signal]) : controller.signal;
    const flight = { url, controller } as Flight<T>;
    flight.page = fetchPage<T>(client, url, options.accept, { ...options.retry, signal }, (next) => {
      flight.link = next ?? null;
      topUp();
    });
    // Awaited when the caller reaches it; this keeps a dropped one from being an unhandled rejection.
    flight.page.catch(() => undefined);
    queue.push(flight);
    tail = flight;
    return flight;
  };

  // Follows the newest page's link while fewer than readAhead pages wait for the caller.
  const topUp = (): void => {
    while (tail && !tail.successor && typeof tail.link === 'string' && queue.length < readAhead) {
      tail.successor = launch(tail.link);
    }
  };

  /** Stops what was fetched ahead from `flight` and forgets it (its URLs may come again). */
  const dropSuccessors = (flight: Flight<T>): void => {
    for (let next = flight.successor; next; next = next.successor) {
      next.controller.abort();
      seen.delete(next.url);
      const at = queue.indexOf(next);
      if (at >= 0) queue.splice(at, 1);
    }
    flight.successor = undefined;
    tail = flight;
  };

  try {
    launch(client.url(path, query));
    while (queue.length) {
      const flight = queue[0]!;
      const page = await flight.page;
      queue.shift();
      if (flight.successor && flight.successor.url !== page.next) dropSuccessors(flight);
      flight.link = page.next ?? null;
      topUp();
      // fetch() sends its request a few promise turns later: let it go out before the caller
      // applies this page synchronously, or the service would wait for the apply.
      if (queue.length) await new Promise<void>((resolve) => setImmediate(resolve));
      yield page;
    }
  } finally {
    // The caller stopped early or a page failed: what is still on its way is not wanted.
    for (const flight of queue) flight.controller.abort();
  }
}
