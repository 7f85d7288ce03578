// Content negotiation. Each route declares what it produces and consumes in its config;
// one hook answers 406 and 415 with a message before any body is read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { requestStepHook } from './requestStep.ts';

export interface NegotiationConfig {
  /** Media types the route can answer with, preferred first. */
  produces?: readonly string[];
  /** Media types accepted as the body; '*' accepts any (file bytes). */
  consumes?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig extends NegotiationConfig {
    /** Routes that serve browsers (sign-in pages) skip negotiation. */
    html?: boolean;
  }
  interface FastifyRequest {
    /** The media type chosen from the route's `produces` for this request's Accept. */
    responseType: string;
  }
}

interface MediaRange {
  type: string;
  q: number;
}

export function parseAccept(header: string | undefined): MediaRange[] {
  if (!header || !header.trim()) return [{ type: '*/*', q: 1 }];
  return header
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
      const qParam = params.find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { type, q: Number.isFinite(q) ? q : 0 };
    })
    .filter((range) => range.type && range.q > 0)
    .sort((a, b) => b.q - a.q);
}

function rangeMatches(range: string, mediaType: string): boolean {
  if (range === '*/*' || range === mediaType) return true;
  const [rangeMain, rangeSub] = range.split('/');
  const [main] = mediaType.split('/');
  if (rangeSub === '*' && rangeMain === main) return true;
  // A plain JSON Accept is satisfied by any +json vendor type.
  return range === 'application/json' && mediaType.endsWith('+json');
}

/** Picks the best of `produces` for an Accept header, or undefined when none is acceptable. */
export function negotiate(acceptHeader: string | undefined, produces: readonly string[]): string | undefined {
  const ranges = parseAccept(acceptHeader);
  for (const range of ranges) {
    const hit = produces.find((p) => rangeMatches(range.type, p.toLowerCase()));
    if (hit) return hit;
  }
  return undefined;
}

export function baseMediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function installNegotiation(app: FastifyInstance): void {
  app.decorateRequest('responseType', '');
  // No promise per request (requestStep.ts); its checks throw, and the hook passes them on.
  app.addHook('onRequest', requestStepHook(negotiateRequest));
}

/** Answers per route (its `produces` list) and Accept header: clients send the same few headers again and again. */
const negotiated = new WeakMap<readonly string[], Map<string, string | undefined>>();
const REMEMBERED_ACCEPTS = 64;

function negotiateRemembered(accept: string | undefined, produces: readonly string[]): string | undefined {
  let answers = negotiated.get(produces);
  if (!answers) negotiated.set(produces, (answers = new Map()));
  const key = accept ?? '';
  if (answers.has(key)) return answers.get(key);
  const chosen = negotiate(accept, produces);
  if (answers.size >= REMEMBERED_ACCEPTS) answers.clear();
  answers.set(key, chosen);
  return chosen;
}

function negotiateRequest(request: FastifyRequest): void {
  const config = request.routeOptions.config;
  if (!config || config.html) return;
  if (config.produces?.length) {
    const chosen = negotiateRemembered(request.headers.accept, config.produces);
    if (!chosen) {
      throw new HttpError(406, `Cannot produce ${request.headers.accept}; this endpoint produces ${config.produces.join(', ')}`);
    }
    request.responseType = chosen;
  }
  const hasBody = request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0'
    || request.headers['transfer-encoding'] !== undefined;
  if (config.consumes && hasBody && !config.consumes.includes('*')) {
    const type = baseMediaType(request.headers['content-type']);
    const ok = config.consumes.some((c) => c === type) || (type === 'application/json' && config.consumes.some((c) => c.endsWith('json')));
    if (!ok) {
      throw new HttpError(415, `Content-Type ${type || '(none)'} is not supported here; send ${config.consumes.join(' or ')}`);
    }
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A string in a parsed body that cannot be stored as it came: a NUL character (it ends
 * strings in SQL functions and in many clients) or a lone UTF-16 surrogate (it has no UTF-8
 * form, so it would be stored as U+FFFD). Both can only arrive as \u escapes. Iterative:
 * bodies may nest deeply.
 */
function unstorableString(value: unknown): string | undefined {
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return 'Request body must not contain NUL characters (\\u0000)';
      if (LONE_SURROGATE.test(item)) return 'Request body contains a lone UTF-16 surrogate (an unpaired \\uD800-\\uDFFF escape)';
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (item && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) stack.push(key, element);
    }
  }
  return undefined;
}

/**
 * Fastify body parser for JSON: an empty body is no body; malformed JSON, bytes that are
 * not UTF-8 (RFC 8259 section 8.1) and strings that could not be stored unchanged are a
 * 400, so that nothing is stored altered.
 */
export function parseJsonBody(_req: FastifyRequest, body: string | Buffer, done: (err: Error | null, value?: unknown) => void): void {
  let text: string;
  try {
    // A UTF-8 byte order mark is dropped by the decoder (some Windows clients send one).
    text = typeof body === 'string' ? body : utf8.decode(body);
  } catch {
    return done(new HttpError(400, 'Request body is not valid UTF-8'));
  }
  if (!text.trim()) return done(null, undefined);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return done(new HttpError(400, 'Request body is not valid JSON'));
  }
  const problem = text.includes('\\u') ? unstorableString(value) : undefined;
  if (problem) return done(new HttpError(400, problem));
  done(null, value);
}

/**
 * Every JSON media type: application/json and the +json vendor types, with or without
 * parameters (clients send `; charset=UTF-8`). Fastify tests a parser's RegExp against the
 * whole Content-Type, parameters included.
 */
export const JSON_CONTENT_TYPE = /^application\/(?:json|[\w.+-]*\+json)\s*(?:;.*)?$/i;

/** Registers body parsers: JSON for application/json and every +json vendor type; a stream for anything else. */
export function installBodyParsers(app: FastifyInstance, jsonBodyLimit: number): void {
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: jsonBodyLimit }, parseJsonBody);
  app.addContentTypeParser(JSON_CONTENT_TYPE, { parseAs: 'buffer', bodyLimit: jsonBodyLimit }, parseJsonBody);
  // File bytes arrive as a stream; routes that take them read it with their own limits.
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
}
