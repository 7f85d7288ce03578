// Browser sign-in for the OAuth pages: a random session id in an HttpOnly, SameSite=Lax
// cookie, stored only as its hash in web_sessions. Every form carries a CSRF token: an
// HMAC of the session id, or, before sign-in, of a random per-browser cookie.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { newSecret, sha256Hex } from '../auth/secrets.ts';

const SESSION_COOKIE = 'oauth_session';
const BROWSER_COOKIE = 'oauth_browser';
const COOKIE_PATH = '/oauth';
const SESSION_LIFETIME_SECONDS = 7 * 86400;
const BROWSER_COOKIE_LIFETIME_SECONDS = 86400;
const COOKIE_VALUE = /^[A-Za-z0-9_-]{20,100}$/;

export interface WebSession {
  profileId: string;
  /** The raw session id (from the cookie); only its hash is stored. */
  id: string;
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (!cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const value = parseCookies(request.headers.cookie).get(name);
  return value && COOKIE_VALUE.test(value) ? value : undefined;
}

function cookieHeader(ctx: ServiceContext, name: string, value: string, maxAgeSeconds: number): string {
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${name}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function appendCookie(reply: FastifyReply, cookie: string): void {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...list, cookie]);
}

export async function currentSession(ctx: ServiceContext, request: FastifyRequest): Promise<WebSession | undefined> {
  const id = readCookie(request, SESSION_COOKIE);
  if (!id) return undefined;
  const row = await ctx.db.selectFrom('web_sessions').select(['profile_id', 'expires_at']).where('id_hash', '=', sha256Hex(id)).executeTakeFirst();
  if (!row || Number(row.expires_at) <= Date.now()) return undefined;
  return { profileId: row.profile_id, id };
}

export async function startSession(ctx: ServiceContext, reply: FastifyReply, profileId: string): Promise<WebSession> {
  const id = newSecret(32);
  const now = Date.now();
  await ctx.db.deleteFrom('web_sessions').where('expires_at', '<', now).execute();
  await ctx.db
    .insertInto('web_sessions')
    .values({ id_hash: sha256Hex(id), profile_id: profileId, expires_at: now + SESSION_LIFETIME_SECONDS * 1000 })
    .execute();
  appendCookie(reply, cookieHeader(ctx, SESSION_COOKIE, id, SESSION_LIFETIME_SECONDS));
  return { profileId, id };
}

export async function endSession(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const id = readCookie(request, SESSION_COOKIE);
  if (id) await ctx.db.deleteFrom('web_sessions').where('id_hash', '=', sha256Hex(id)).execute();
  appendCookie(reply, cookieHeader(ctx, SESSION_COOKIE, '', 0));
}

function sign(ctx: ServiceContext, subject: string): string {
  return createHmac('sha256', ctx.signingKey).update(`csrf:${subject}`).digest('base64url');
}

/**
 * The CSRF token for forms on the page being rendered. Before sign-in it is bound to a
 * per-browser cookie, set here when the browser has none yet.
 */
export function csrfTokenFor(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply, session: WebSession | undefined): string {
  if (session) return sign(ctx, `session:${session.id}`);
  let browserId = readCookie(request, BROWSER_COOKIE);
  if (!browserId) {
    browserId = newSecret(24);
    appendCookie(reply, cookieHeader(ctx, BROWSER_COOKIE, browserId, BROWSER_COOKIE_LIFETIME_SECONDS));
  }
  return sign(ctx, `browser:${browserId}`);
}

/** Whether a posted form's CSRF token belongs to this browser (or its session). */
export function csrfTokenValid(ctx: ServiceContext, request: FastifyRequest, session: WebSession | undefined, token: string | undefined): boolean {
  if (!token) return false;
  let subject: string | undefined;
  if (session) subject = `session:${session.id}`;
  else {
    const browserId = readCookie(request, BROWSER_COOKIE);
    subject = browserId ? `browser:${browserId}` : undefined;
  }
  if (!subject) return false;
  const expected = Buffer.from(sign(ctx, subject));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
