// The typed HTTP client of the service. Runs anywhere fetch exists (Node 20, Electron,
// browsers): no Node-only imports. It adds the bearer token, names media types from the
// one vendor word, turns failures into typed errors, refreshes an expired token once and
// retries, and follows rel="next" links for paged collections.
import { DEFAULT_VENDOR, headerNames, isValidVendor, mediaTypes, type MediaTypes } from '../vendor.ts';
import { iteratePages, type Page } from './pagedIterator.ts';
import { errorFromResponse, NetworkError, ServiceError, TokenExpiredError } from './serviceErrors.ts';
import { singleFlightRefresh, type RefreshAccessToken } from './tokenRefresh.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ServiceClientOptions {
  /** Base URL of the service, e.g. https://api.example.org (a path prefix is allowed). */
  baseUrl: string;
  /** The vendor word of media types and header names; `service` by default. */
  vendor?: string;
  getAccessToken: () => Promise<string | undefined>;
  /** Gets a new access token (refresh grant); called once when a call fails with an expired token. */
  refreshAccessToken?: RefreshAccessToken;
  fetch?: FetchLike;
}

export type QueryValue = string | number | boolean | Date | readonly (string | number)[] | null | undefined;
export type Query = Record<string, QueryValue>;

export interface CallOptions {
  signal?: AbortSignal;
}

export interface CreateOptions extends CallOptions {
  /**
   * Sent as the Idempotency-Key header: a repeat with the same key is answered with what the
   * first request created, never a second object. Reuse it only to resend the same create.
   */
  idempotencyKey?: string;
}

/** The Idempotency-Key header of a create (a structured-field string), or none. */
export function idempotencyHeader(options: CreateOptions): Record<string, string> {
  return options.idempotencyKey ? { 'Idempotency-Key': `"${options.idempotencyKey}"` } : {};
}

export type RequestBody = string | Uint8Array | ArrayBuffer | Blob;

export interface RequestOptions extends CallOptions {
  method?: string;
  query?: Query;
  /** A media type from client.mediaTypes; left out, fetch sends its generic Accept. */
  accept?: string;
  /** Serialised as JSON; needs contentType. */
  json?: unknown;
  /** Raw bytes or text; needs contentType. */
  body?: RequestBody;
  contentType?: string;
  headers?: Record<string, string>;
  /** 'manual' hands 3xx answers back instead of following them. */
  redirect?: 'follow' | 'manual';
}

export interface PagesOptions<T> extends CallOptions {
  accept?: string;
  /** Picks the items out of a page body (default: the array, or its results array). */
  select?: (body: unknown) => T[];
}

/** Formats a time as the service reads it in queries and headers: ISO 8601 with milliseconds. */
export function toIsoTimestamp(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new TypeError(`Not a valid time: ${String(value)}`);
  return date.toISOString();
}

function queryValue(value: Exclude<QueryValue, null | undefined>): string {
  if (value instanceof Date) return toIsoTimestamp(value);
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'));
}

export class ServiceClient {
  readonly vendor: string;
  readonly mediaTypes: MediaTypes;
  readonly headerNames: ReturnType<typeof headerNames>;
  private readonly base: URL;
  private readonly getAccessToken: () => Promise<string | undefined>;
  private readonly refresh?: RefreshAccessToken;
  private readonly fetchImpl: FetchLike;

  constructor(options: ServiceClientOptions) {
    this.vendor = options.vendor ?? DEFAULT_VENDOR;
    if (!isValidVendor(this.vendor)) throw new TypeError(`Invalid vendor word: ${this.vendor}`);
    this.mediaTypes = mediaTypes(this.vendor);
    this.headerNames = headerNames(this.vendor);
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.getAccessToken = options.getAccessToken;
    this.refresh = options.refreshAccessToken ? singleFlightRefresh(options.refreshAccessToken) : undefined;
    // Looked up at call time and called unbound-safe: browsers refuse fetch called on another object.
    const custom = options.fetch;
    this.fetchImpl = custom ? (input, init) => custom(input, init) : (input, init) => globalThis.fetch(input, init);
  }

  /** Absolute URL of a service path (absolute URLs, such as Link and Location values, pass through). */
  url(path: string, query?: Query): string {
    const url = /^[a-z][a-z0-9+.-]*:/i.test(path) ? new URL(path) : new URL(path.replace(/^\/+/, ''), this.base);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      url.searchParams.set(name, queryValue(value));
    }
    return url.toString();
  }

  /** The bearer token goes only to the service's own origin, never to a signed download host. */
  private isServiceOrigin(url: string): boolean {
    return new URL(url).origin === this.base.origin;
  }

  private async send(url: string, options: RequestOptions, token: string | undefined): Promise<Response> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...options.headers };
    if (options.accept) headers['Accept'] = options.accept;
    if (token && this.isServiceOrigin(url)) headers['Authorization'] = `Bearer ${token}`;
    let body: RequestInit['body'];
    if (options.json !== undefined || options.body !== undefined) {
      if (!options.contentType) throw new TypeError(`${method} ${url}: a body needs a contentType`);
      headers['Content-Type'] = options.contentType;
      body = options.json !== undefined ? JSON.stringify(options.json) : (options.body as RequestInit['body']);
    } else if (options.contentType) {
      headers['Content-Type'] = options.contentType;
    }
    const init: RequestInit = { method, headers, body, redirect: options.redirect ?? 'follow' };
    if (options.signal) init.signal = options.signal;
    try {
      return await this.fetchImpl(url, init);
    } catch (error) {
      const aborted = isAbort(error, options.signal);
      const reason = aborted ? 'was aborted' : `failed: ${error instanceof Error ? error.message : String(error)}`;
      throw new NetworkError(`${method} ${url} ${reason}`, { cause: error, aborted, method, url });
    }
  }

  private accepted(response: Response, options: RequestOptions): boolean {
    if (response.ok) return true;
    // A manual redirect hands back the 3xx itself (browsers give an opaque one).
    return options.redirect === 'manual' && (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400));
  }

  private async fail(response: Response, url: string, options: RequestOptions): Promise<ServiceError> {
    return errorFromResponse(response, {
      method: (options.method ?? 'GET').toUpperCase(),
      url,
      traceIdHeader: this.headerNames.traceId,
    });
  }

  /**
   * Sends one call and answers its successful response; a failure throws a typed error.
   * An expired token is refreshed once and the call retried once.
   */
  async request(path: string, options: RequestOptions = {}): Promise<Response> {
    const url = this.url(path, options.query);
    const token = await this.getAccessToken();
    const response = await this.send(url, options, token);
    if (this.accepted(response, options)) return response;
    const error = await this.fail(response, url, options);
    if (!(error instanceof TokenExpiredError) || !this.refresh) throw error;
    // Another call may have refreshed the token meanwhile: use that one instead of refreshing again.
    const current = await this.getAccessToken();
    const fresh = current && current !== token ? current : await this.refresh();
    if (!fresh) throw error;
    const retry = await this.send(url, options, fresh);
    if (this.accepted(retry, options)) return retry;
    throw await this.fail(retry, url, options);
  }

  /** Reads a body, turning an abort or a broken connection while reading into a NetworkError. */
  async read<T>(response: Response, how: (response: Response) => Promise<T>, signal?: AbortSignal): Promise<T> {
    try {
      return await how(response);
    } catch (error) {
      if (error instanceof SyntaxError) throw new ServiceError({ status: response.status, message: `Invalid JSON from ${response.url}: ${error.message}` });
      const aborted = isAbort(error, signal);
      throw new NetworkError(`Reading ${response.url} ${aborted ? 'was aborted' : 'failed'}`, { cause: error, aborted, url: response.url });
    }
  }

  /** A call whose answer is a JSON body. */
  async json<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const response = await this.request(path, options);
    return this.read(response, (r) => r.json() as Promise<T>, options.signal);
  }

  /** A call whose answer carries no body worth reading (204, or a 201 with only a Location). */
  async call(path: string, options: RequestOptions = {}): Promise<Response> {
    const response = await this.request(path, options);
    await this.read(response, (r) => r.arrayBuffer(), options.signal);
    return response;
  }

  /**
   * A create call: answers the created resource from the body, or, when a 201 comes with a
   * Location and an empty body, GETs the Location.
   */
  async create<T>(path: string, options: RequestOptions): Promise<T> {
    const response = await this.request(path, { ...options, method: options.method ?? 'POST' });
    const text = await this.read(response, (r) => r.text(), options.signal);
    if (text.trim()) {
      try {
        return JSON.parse(text) as T;
      } catch (error) {
        throw new ServiceError({ status: response.status, message: `Invalid JSON from ${path}: ${(error as Error).message}`, body: text });
      }
    }
    const location = response.headers.get('location');
    if (!location) throw new ServiceError({ status: response.status, message: `${path} answered ${response.status} with neither a body nor a Location` });
    const accept = options.accept;
    return this.json<T>(new URL(location, response.url || this.url(path)).toString(), { accept, signal: options.signal });
  }

  /** Follows the rel="next" links of a paged collection, one page at a time. */
  async *pages<T>(path: string, query?: Query, options: PagesOptions<T> = {}): AsyncGenerator<Page<T>, void, undefined> {
    const { signal, accept, select } = options;
    const fetchPage = (url: string) => this.request(url, { accept, signal });
    yield* iteratePages<T>(this.url(path, query), fetchPage, {
      countHeader: this.headerNames.count,
      select,
      read: (response) => this.read(response, (r) => r.text(), signal),
    });
  }

  /** Every item of a paged collection (for small collections such as folders). */
  async all<T>(path: string, query?: Query, options: PagesOptions<T> = {}): Promise<T[]> {
    const items: T[] = [];
    for await (const page of this.pages<T>(path, query, options)) items.push(...page.items);
    return items;
  }

  /**
   * Downloads bytes behind a redirect (GET /files/{id} answers 303 to a signed URL). The
   * redirect is followed here so that the bearer token is not sent to another origin.
   */
  async download(path: string, options: CallOptions & { accept?: string } = {}): Promise<Response> {
    const first = await this.request(path, { accept: options.accept, signal: options.signal, redirect: 'manual' });
    if (first.type === 'opaqueredirect') {
      // Browsers hide the Location of a manual redirect; their fetch drops Authorization across origins.
      return this.request(path, { accept: options.accept, signal: options.signal });
    }
    if (first.status < 300 || first.status >= 400) return first;
    const location = first.headers.get('location');
    await this.read(first, (r) => r.arrayBuffer(), options.signal);
    if (!location) throw new ServiceError({ status: first.status, message: `${path} redirected without a Location` });
    return this.request(new URL(location, first.url || this.url(path)).toString(), { signal: options.signal });
  }
}
