// Typed errors of service calls, so callers branch on the class (412: merge and retry,
// 404: gone, expired token: sign in again, network: try later) instead of parsing text.

export interface ServiceErrorDetails {
  status: number;
  message: string;
  /** The X-<Vendor>-Trace-Id header of the response, for support requests. */
  traceId?: string;
  /** Parsed JSON body, or the text of a non-JSON body. */
  body?: unknown;
  method?: string;
  url?: string;
  /** The Retry-After header of a 429 or 503, in milliseconds. */
  retryAfterMs?: number;
}

/** The service answered with a status other than 2xx (or 3xx where one is expected). */
export class ServiceError extends Error {
  readonly status: number;
  readonly traceId?: string;
  readonly body?: unknown;
  readonly method?: string;
  readonly url?: string;
  readonly retryAfterMs?: number;

  constructor(details: ServiceErrorDetails) {
    super(details.message);
    this.name = 'ServiceError';
    this.retryAfterMs = details.retryAfterMs;
    this.status = details.status;
    this.traceId = details.traceId;
    this.body = details.body;
    this.method = details.method;
    this.url = details.url;
  }

  /** `field_errors` of a publish validation failure, when the body carries them. */
  get fieldErrors(): { field: string; message: string }[] {
    const errors = (this.body as { field_errors?: unknown } | undefined)?.field_errors;
    return Array.isArray(errors) ? (errors as { field: string; message: string }[]) : [];
  }
}

/** 401 because the access token expired: refresh it and retry. */
export class TokenExpiredError extends ServiceError {
  constructor(details: ServiceErrorDetails) {
    super(details);
    this.name = 'TokenExpiredError';
  }
}

export class NotFoundError extends ServiceError {
  constructor(details: ServiceErrorDetails) {
    super(details);
    this.name = 'NotFoundError';
  }
}

/** 412: the resource changed since the If-Unmodified-Since time (or a hash did not match). */
export class PreconditionFailedError extends ServiceError {
  constructor(details: ServiceErrorDetails) {
    super(details);
    this.name = 'PreconditionFailedError';
  }
}

/** No HTTP answer at all: the connection failed or the call was aborted. */
export class NetworkError extends Error {
  /** True when the caller's AbortSignal ended the call. */
  readonly aborted: boolean;
  readonly method?: string;
  readonly url?: string;

  constructor(message: string, options: { cause: unknown; aborted: boolean; method?: string; url?: string }) {
    super(message, { cause: options.cause });
    this.name = 'NetworkError';
    this.aborted = options.aborted;
    this.method = options.method;
    this.url = options.url;
  }
}

const EXPIRED_MESSAGE = 'token has expired';

/** An expired token shows as error="invalid_token" mentioning expiry, or as the body message. */
export function isTokenExpiry(status: number, wwwAuthenticate: string | null, message: string | undefined): boolean {
  if (status !== 401) return false;
  if (message && message.toLowerCase().includes(EXPIRED_MESSAGE)) return true;
  if (!wwwAuthenticate) return false;
  return /error\s*=\s*"?invalid_token"?/i.test(wwwAuthenticate) && /expired/i.test(wwwAuthenticate);
}

/** Reads a failed response into the matching error class. */
export async function errorFromResponse(
  response: Response,
  request: { method: string; url: string; traceIdHeader: string },
): Promise<ServiceError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text || undefined;
  let message: string | undefined;
  if (text) {
    try {
      body = JSON.parse(text);
      const candidate = (body as { message?: unknown; error_description?: unknown } | null);
      if (typeof candidate?.message === 'string') message = candidate.message;
      else if (typeof candidate?.error_description === 'string') message = candidate.error_description;
    } catch {
      // a non-JSON body (proxy page, plain text) is kept as text
    }
  }
  const details: ServiceErrorDetails = {
    status: response.status,
    message: message ?? `${request.method} ${request.url} failed: ${response.status} ${response.statusText}`.trim(),
    traceId: response.headers.get(request.traceIdHeader) ?? undefined,
    body,
    method: request.method,
    url: request.url,
  };
  const retryAfter = retryAfterMs(response.headers.get('retry-after'));
  if (retryAfter !== undefined) details.retryAfterMs = retryAfter;
  if (isTokenExpiry(response.status, response.headers.get('www-authenticate'), message)) return new TokenExpiredError(details);
  if (response.status === 404) return new NotFoundError(details);
  if (response.status === 412) return new PreconditionFailedError(details);
  return new ServiceError(details);
}

/** Retry-After is either delay-seconds or an HTTP date. */
export function retryAfterMs(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
