// Paged collections: the client follows rel="next" links and never builds paging URLs itself.
import { parseLinkHeader } from '../paging.ts';

export interface Page<T> {
  items: T[];
  /** The collection's total, from the <Vendor>-Count header; only the first page carries it. */
  total?: number;
  /** Absolute URL of the next page, if any. */
  next?: string;
}

export interface PageFetch {
  /** Fetches one page (a path with query on the first call, then absolute next URLs). */
  (url: string): Promise<Response>;
}

/** Most collections answer an array; dataset lists answer {results: [...]}. */
export function itemsOfBody<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const results = (body as { results?: unknown } | null)?.results;
  if (Array.isArray(results)) return results as T[];
  throw new TypeError('Expected a JSON array (or an object with a results array) in a paged response');
}

export function countOf(response: Response, countHeader: string): number | undefined {
  const value = response.headers.get(countHeader);
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value);
}

export async function* iteratePages<T>(
  firstUrl: string,
  fetchPage: PageFetch,
  options: { countHeader: string; select?: (body: unknown) => T[]; read?: (response: Response) => Promise<string> },
): AsyncGenerator<Page<T>, void, undefined> {
  const select = options.select ?? itemsOfBody<T>;
  const seen = new Set<string>();
  let url: string | undefined = firstUrl;
  let first = true;
  while (url !== undefined) {
    // A server that links a page to itself would otherwise loop for ever.
    if (seen.has(url)) throw new Error(`Paging loop: ${url} was already fetched`);
    seen.add(url);
    const response = await fetchPage(url);
    const text = await (options.read ? options.read(response) : response.text());
    const items = select(text ? JSON.parse(text) : []);
    const next: string | undefined = parseLinkHeader(response.headers.get('link')).next;
    const page: Page<T> = { items };
    if (first) {
      const total = countOf(response, options.countHeader);
      if (total !== undefined) page.total = total;
    }
    if (next) page.next = next;
    yield page;
    url = next;
    first = false;
  }
}
