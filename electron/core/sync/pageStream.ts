// Paged collections for the pull: follows rel="next" like the shared client, but also hands
// back the response's Date header (the SERVER's clock, for watermarks) and fetches the next
// page while the caller applies the current one (pipelining: the network and the service
// work while the replica writes).
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

async function fetchPage<T>(client: ServiceClient, url: string, accept: string, retry: RetryOptions): Promise<FetchedPage<T>> {
  const signal = retry.signal;
  return withRetry(async () => {
    const response = await client.request(url, { accept, signal });
    const text = await client.read(response, (r) => r.text(), signal);
    const page: FetchedPage<T> = { items: itemsOfBody<T>(text ? JSON.parse(text) : []) };
    const next = parseLinkHeader(response.headers.get('link')).next;
    if (next) page.next = next;
    const total = countOf(response, client.headerNames.count);
    if (total !== undefined) page.total = total;
    const date = Date.parse(response.headers.get('date') ?? '');
    if (!Number.isNaN(date)) page.serverTime = date;
    return page;
  }, retry);
}

export async function* pipelinedPages<T>(
  client: ServiceClient, path: string, query: Query, options: { accept: string; retry: RetryOptions },
): AsyncGenerator<FetchedPage<T>, void, undefined> {
  const seen = new Set<string>();
  const start = (url: string) => {
    if (seen.has(url)) throw new Error(`Paging loop: ${url} was already fetched`);
    seen.add(url);
    const promise = fetchPage<T>(client, url, options.accept, options.retry);
    // Awaited below; this keeps an abandoned prefetch from being an unhandled rejection.
    promise.catch(() => undefined);
    return promise;
  };
  let pending: Promise<FetchedPage<T>> | undefined = start(client.url(path, query));
  while (pending) {
    const page: FetchedPage<T> = await pending;
    pending = page.next ? start(page.next) : undefined;
    // fetch() sends its request a few promise turns later: let it go out before the caller
    // applies this page synchronously, or the service would wait for the apply.
    if (pending) await new Promise<void>((resolve) => setImmediate(resolve));
    yield page;
  }
}
