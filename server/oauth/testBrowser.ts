// For tests: a minimal browser over real HTTP that keeps cookies, never follows redirects,
// and reads forms out of the pages; plus PKCE helpers.
import { createHash, randomBytes } from 'node:crypto';

export interface PageForm {
  action: string;
  method: string;
  fields: Record<string, string>;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeEntities(match[1]!) : undefined;
}

/** The forms of a page with their hidden fields (the values a browser would post). */
export function formsOf(html: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const fields: Record<string, string> = {};
    for (const input of match[2]!.matchAll(/<input\b[^>]*>/g)) {
      const tag = input[0];
      const name = attribute(tag, 'name');
      if (name && attribute(tag, 'type') === 'hidden') fields[name] = attribute(tag, 'value') ?? '';
    }
    forms.push({ action: attribute(match[1]!, 'action') ?? '', method: attribute(match[1]!, 'method') ?? 'get', fields });
  }
  return forms;
}

export function formWithAction(html: string, action: string): PageForm {
  const form = formsOf(html).find((f) => f.action === action);
  if (!form) throw new Error(`No form posting to ${action} in page:\n${html.slice(0, 2000)}`);
  return form;
}

export class TestBrowser {
  readonly cookies = new Map<string, string>();
  /** Set-Cookie headers of the last response, as sent. */
  lastSetCookies: string[] = [];

  constructor(private readonly baseUrl: string) {}

  async request(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.baseUrl}${pathOrUrl}`;
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.lastSetCookies = response.headers.getSetCookie();
    for (const cookie of this.lastSetCookies) {
      const [pair = '', ...attributes] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string): Promise<Response> {
    return this.request(path);
  }

  post(path: string, fields: Record<string, string>): Promise<Response> {
    return this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Signs in through the sign-in page; returns the redirect target. */
  async signIn(email: string, password: string, returnTo = '/oauth/applications'): Promise<string> {
    const page = await this.get(`/oauth/signin?return_to=${encodeURIComponent(returnTo)}`);
    const form = formWithAction(await page.text(), '/oauth/signin');
    const response = await this.post('/oauth/signin', { ...form.fields, email, password });
    if (response.status !== 303) throw new Error(`Sign-in failed with ${response.status}: ${await response.text()}`);
    return response.headers.get('location') ?? '';
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function tokenRequest(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  };
}

export function basicAuth(clientId: string, secret: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` };
}
