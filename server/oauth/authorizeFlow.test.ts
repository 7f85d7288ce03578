// The authorization endpoint and the code and implicit grants, over real HTTP as a browser
// and a client application would use them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { registerClient } from '../auth/accounts.ts';
import { enableImplicitGrant } from './oauthClients.ts';
import { sha256Hex } from '../auth/secrets.ts';
import { basicAuth, formWithAction, pkcePair, TestBrowser, tokenRequest } from './testBrowser.ts';

let service: TestService;
let user: TestUser;
let publicClient: { id: string };
let confidential: { id: string; secret: string };
const LOOPBACK = 'http://127.0.0.1/callback';
const WEB_CALLBACK = 'https://app.example.org/oauth/callback';

beforeAll(async () => {
  service = await startTestService();
  user = await service.createUser({ first_name: 'Ada', last_name: 'Lovelace' });
  publicClient = await registerClient(service.ctx.db, { name: 'Desktop <App>', redirectUris: [LOOPBACK], isPublic: true });
  const c = await registerClient(service.ctx.db, { name: 'Web App', redirectUris: [WEB_CALLBACK, 'https://app.example.org/other'] });
  confidential = { id: c.id, secret: c.secret! };
});
afterAll(async () => service.stop());

function authorizePath(params: Record<string, string>): string {
  return `/oauth/authorize?${new URLSearchParams(params).toString()}`;
}

async function signedInBrowser(): Promise<TestBrowser> {
  const browser = new TestBrowser(service.url);
  await browser.signIn(user.email, user.password);
  return browser;
}

/** Opens the consent page as a signed-in user and presses a button; returns the redirect. */
async function decide(browser: TestBrowser, params: Record<string, string>, decision: 'allow' | 'deny'): Promise<Response> {
  const consent = await browser.get(authorizePath(params));
  expect(consent.status).toBe(200);
  const form = formWithAction(await consent.text(), '/oauth/authorize');
  return browser.post('/oauth/authorize', { ...form.fields, decision });
}

async function codeFor(params: Record<string, string>): Promise<string> {
  const response = await decide(await signedInBrowser(), params, 'allow');
  expect(response.status).toBe(303);
  const code = new URL(response.headers.get('location')!).searchParams.get('code');
  expect(code).toBeTruthy();
  return code!;
}

describe('authorization code grant with PKCE, public client, loopback redirect on another port', () => {
  it('runs sign-in, consent, redirect with code and state, and the token exchange', async () => {
    const { verifier, challenge } = pkcePair();
    const redirectUri = 'http://127.0.0.1:53177/callback';
    const params = {
      response_type: 'code',
      client_id: publicClient.id,
      redirect_uri: redirectUri,
      scope: 'all',
      state: 'st-123',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    const browser = new TestBrowser(service.url);

    // Not signed in: the sign-in page, with a link to sign up.
    const first = await browser.get(authorizePath(params));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    const signInHtml = await first.text();
    expect(signInHtml).toContain('type="password"');
    expect(signInHtml).toMatch(/href="\/oauth\/signup\?return_to=/);
    expect(signInHtml).toContain('Desktop &#60;App&#62;');
    const signInForm = formWithAction(signInHtml, '/oauth/signin');
    const signedIn = await browser.post('/oauth/signin', { ...signInForm.fields, email: user.email, password: user.password });
    expect(signedIn.status).toBe(303);
    const session = browser.lastSetCookies.find((c) => c.startsWith('oauth_session='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(signedIn.headers.get('location')).toBe(authorizePath(params));

    // Signed in: the consent page names the application and the scope.
    const consent = await browser.get(signedIn.headers.get('location')!);
    expect(consent.status).toBe(200);
    const consentHtml = await consent.text();
    expect(consentHtml).toContain('Desktop &#60;App&#62;');
    expect(consentHtml).not.toContain('Desktop <App>');
    expect(consentHtml).toContain('<code>all</code>');
    expect(consentHtml).toContain('value="allow"');
    expect(consentHtml).toContain('value="deny"');
    const form = formWithAction(consentHtml, '/oauth/authorize');
    expect(form.fields.csrf_token).toBeTruthy();

    const allowed = await browser.post('/oauth/authorize', { ...form.fields, decision: 'allow' });
    expect(allowed.status).toBe(303);
    const location = new URL(allowed.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('st-123');
    const code = location.searchParams.get('code')!;
    expect(code).toBeTruthy();
    // Only the hash of the code is stored.
    const stored = await service.ctx.db.selectFrom('oauth_codes').selectAll().execute();
    expect(stored.some((row) => row.code_hash === sha256Hex(code))).toBe(true);
    expect(stored.some((row) => row.code_hash === code)).toBe(false);

    const tokenResponse = await service.fetch(
      '/oauth/token',
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: publicClient.id, code_verifier: verifier }),
    );
    expect(tokenResponse.status).toBe(200);
    expect(tokenResponse.headers.get('cache-control')).toBe('no-store');
    const body = await tokenResponse.json();
    expect(Object.keys(body)).toEqual(['access_token', 'token_type', 'expires_in', 'refresh_token', 'scope']);
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 3600, refresh_token: expect.any(String), scope: 'all' });

    const checked = await service.ctx.tokens.check(body.access_token);
    expect(checked).toEqual({ ok: true, token: expect.objectContaining({ clientId: publicClient.id, profileId: user.id, scope: 'all' }) });
    const row = await service.ctx.db.selectFrom('oauth_tokens').selectAll().where('access_hash', '=', sha256Hex(body.access_token)).executeTakeFirstOrThrow();
    expect(row.refresh_hash).toBe(sha256Hex(body.refresh_token));
    expect(Number(row.access_expires_at) - Number(row.created_at)).toBe(3600 * 1000);

    // The code is single-use.
    const replay = await service.fetch(
      '/oauth/token',
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: publicClient.id, code_verifier: verifier }),
    );
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid access code' });
    // ...and its replay revokes the tokens issued from it (RFC 6749 section 4.1.2).
    expect(await service.ctx.tokens.check(body.access_token)).toEqual({ ok: false, reason: 'invalid' });
    const refresh = await service.fetch('/oauth/token', tokenRequest({ grant_type: 'refresh_token', refresh_token: body.refresh_token, client_id: publicClient.id }));
    expect(refresh.status).toBe(400);
  });

  it('refuses a wrong code verifier, and the code is spent afterwards', async () => {
    const { verifier, challenge } = pkcePair();
    const redirectUri = 'http://127.0.0.1:40001/callback';
    const code = await codeFor({ response_type: 'code', client_id: publicClient.id, redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: 'S256' });
    const exchange = (codeVerifier: string) =>
      service.fetch('/oauth/token', tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: publicClient.id, code_verifier: codeVerifier }));
    const wrong = await exchange(pkcePair().verifier);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe('invalid_grant');
    const right = await exchange(verifier);
    expect(right.status).toBe(400);
    expect(await right.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid access code' });
  });

  it('refuses the plain PKCE method, or a challenge without a method, from a public client', async () => {
    const { verifier } = pkcePair();
    const browser = await signedInBrowser();
    for (const method of [{ code_challenge_method: 'plain' }, {}] as Record<string, string>[]) {
      const response = await browser.get(authorizePath({ response_type: 'code', client_id: publicClient.id, redirect_uri: LOOPBACK, code_challenge: verifier, state: 'p', ...method }));
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('error_description')).toBe('Public clients must use code_challenge_method=S256');
    }
  });

  it('accepts the plain PKCE method from a confidential client', async () => {
    const { verifier } = pkcePair();
    const code = await codeFor({ response_type: 'code', client_id: confidential.id, redirect_uri: WEB_CALLBACK, code_challenge: verifier, code_challenge_method: 'plain' });
    const response = await service.fetch(
      '/oauth/token',
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: WEB_CALLBACK, code_verifier: verifier }, basicAuth(confidential.id, confidential.secret)),
    );
    expect(response.status).toBe(200);
  });

  it('requires PKCE of a public client: the error goes back to the client', async () => {
    const browser = await signedInBrowser();
    const response = await browser.get(authorizePath({ response_type: 'code', client_id: publicClient.id, redirect_uri: LOOPBACK, state: 's1' }));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('s1');
  });

  it('refuses a code exchange without the verifier when the code has a challenge', async () => {
    const { challenge } = pkcePair();
    const code = await codeFor({ response_type: 'code', client_id: publicClient.id, redirect_uri: LOOPBACK, code_challenge: challenge, code_challenge_method: 'S256' });
    const response = await service.fetch('/oauth/token', tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: LOOPBACK, client_id: publicClient.id }));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('invalid_grant');
  });
});

describe('authorization code grant, confidential client', () => {
  const params = { response_type: 'code', client_id: '', redirect_uri: WEB_CALLBACK, scope: 'all', state: 'abc' };

  it('exchanges a code with the secret in HTTP Basic', async () => {
    const code = await codeFor({ ...params, client_id: confidential.id });
    const response = await service.fetch(
      '/oauth/token',
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: WEB_CALLBACK }, basicAuth(confidential.id, confidential.secret)),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 3600, refresh_token: expect.any(String), scope: 'all' });
    expect((await service.ctx.tokens.check(body.access_token)).ok).toBe(true);
  });

  it('exchanges a code with client_id and client_secret in the form body', async () => {
    const code = await codeFor({ ...params, client_id: confidential.id });
    const response = await service.fetch(
      '/oauth/token',
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: WEB_CALLBACK, client_id: confidential.id, client_secret: confidential.secret }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).token_type).toBe('bearer');
  });

  it('refuses the exchange without the secret, or with a wrong one', async () => {
    const code = await codeFor({ ...params, client_id: confidential.id });
    const without = await service.fetch('/oauth/token', tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: WEB_CALLBACK, client_id: confidential.id }));
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toBe('Basic realm="oauth"');
    const wrong = await service.fetch(
      '/oauth/token',
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: WEB_CALLBACK }, basicAuth(confidential.id, 'not-the-secret')),
    );
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe('invalid_client');
    // The code survived the failed client authentications.
    const right = await service.fetch(
      '/oauth/token',
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: WEB_CALLBACK }, basicAuth(confidential.id, confidential.secret)),
    );
    expect(right.status).toBe(200);
  });

  it('refuses a code issued to another client', async () => {
    const other = await registerClient(service.ctx.db, { name: 'Other', redirectUris: [WEB_CALLBACK] });
    const code = await codeFor({ ...params, client_id: confidential.id });
    const response = await service.fetch(
      '/oauth/token',
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: WEB_CALLBACK }, basicAuth(other.id, other.secret!)),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid access code' });
  });

  it('refuses a token request whose redirect_uri differs from the authorization request', async () => {
    const code = await codeFor({ ...params, client_id: confidential.id });
    const response = await service.fetch(
      '/oauth/token',
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: 'https://app.example.org/other' }, basicAuth(confidential.id, confidential.secret)),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('invalid_grant');
  });

  it('refuses an expired code (codes live 10 minutes)', async () => {
    const code = await codeFor({ ...params, client_id: confidential.id });
    const row = await service.ctx.db.selectFrom('oauth_codes').select('expires_at').where('code_hash', '=', sha256Hex(code)).executeTakeFirstOrThrow();
    const lifetime = Number(row.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(590_000);
    expect(lifetime).toBeLessThanOrEqual(600_000);
    await service.ctx.db.updateTable('oauth_codes').set({ expires_at: Date.now() - 1000 }).where('code_hash', '=', sha256Hex(code)).execute();
    const response = await service.fetch(
      '/oauth/token',
      tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: WEB_CALLBACK }, basicAuth(confidential.id, confidential.secret)),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid access code' });
  });

  it('refuses an unknown code', async () => {
    const response = await service.fetch(
      '/oauth/token',
      tokenRequest({ grant_type: 'authorization_code', code: 'no-such-code', redirect_uri: WEB_CALLBACK }, basicAuth(confidential.id, confidential.secret)),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid access code' });
  });
});

describe('untrusted redirect targets get an error page, never a redirect', () => {
  const cases: Array<[string, () => Record<string, string>]> = [
    ['a redirect URI that is not registered', () => ({ response_type: 'code', client_id: confidential.id, redirect_uri: 'https://evil.example/callback', state: 'x' })],
    ['a registered URI with another path', () => ({ response_type: 'code', client_id: confidential.id, redirect_uri: `${WEB_CALLBACK}/more` })],
    ['a non-loopback URI on another port', () => ({ response_type: 'code', client_id: confidential.id, redirect_uri: 'https://app.example.org:8443/oauth/callback' })],
    ['a loopback URI with another path', () => ({ response_type: 'code', client_id: publicClient.id, redirect_uri: 'http://127.0.0.1:5000/evil', code_challenge: pkcePair().challenge })],
    ['a loopback URI on another host name', () => ({ response_type: 'code', client_id: publicClient.id, redirect_uri: 'http://localhost:5000/callback', code_challenge: pkcePair().challenge })],
    ['an unknown client', () => ({ response_type: 'code', client_id: '00000000-0000-4000-8000-000000000000', redirect_uri: WEB_CALLBACK })],
    ['no client id', () => ({ response_type: 'code', redirect_uri: WEB_CALLBACK })],
    ['no redirect URI when several are registered', () => ({ response_type: 'code', client_id: confidential.id })],
  ];
  for (const [name, params] of cases) {
    it(`for ${name}, signed in or not`, async () => {
      for (const browser of [new TestBrowser(service.url), await signedInBrowser()]) {
        const response = await browser.get(authorizePath(params()));
        expect(response.status).toBe(400);
        expect(response.headers.get('location')).toBeNull();
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        const page = await response.text();
        expect(page).toContain('class="error"');
        expect(page).not.toContain('action="/oauth/authorize"');
      }
    });
  }

  it('also on the consent POST, when the redirect URI was tampered with', async () => {
    const browser = await signedInBrowser();
    const consent = await browser.get(authorizePath({ response_type: 'code', client_id: confidential.id, redirect_uri: WEB_CALLBACK }));
    const form = formWithAction(await consent.text(), '/oauth/authorize');
    const response = await browser.post('/oauth/authorize', { ...form.fields, redirect_uri: 'https://evil.example/cb', decision: 'allow' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });
});

describe('other authorization request errors go back to the client', () => {
  it('reports an unsupported response type and an unknown scope', async () => {
    const browser = await signedInBrowser();
    const unsupported = await browser.get(authorizePath({ response_type: 'id_token', client_id: confidential.id, redirect_uri: WEB_CALLBACK, state: 'q' }));
    expect(unsupported.status).toBe(302);
    const first = new URL(unsupported.headers.get('location')!);
    expect(first.searchParams.get('error')).toBe('unsupported_response_type');
    expect(first.searchParams.get('state')).toBe('q');
    const scope = await browser.get(authorizePath({ response_type: 'code', client_id: confidential.id, redirect_uri: WEB_CALLBACK, scope: 'admin' }));
    expect(new URL(scope.headers.get('location')!).searchParams.get('error')).toBe('invalid_scope');
  });
});

describe('consent decisions', () => {
  it('redirects with error=access_denied and the state when the user denies', async () => {
    const response = await decide(await signedInBrowser(), { response_type: 'code', client_id: confidential.id, redirect_uri: WEB_CALLBACK, state: 'deny-state' }, 'deny');
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(WEB_CALLBACK);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('deny-state');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('requires the CSRF token of this session on the consent POST', async () => {
    const params = { response_type: 'code', client_id: confidential.id, redirect_uri: WEB_CALLBACK, state: 'c' };
    const browser = await signedInBrowser();
    const consent = await browser.get(authorizePath(params));
    const form = formWithAction(await consent.text(), '/oauth/authorize');

    const { csrf_token: _omitted, ...withoutToken } = form.fields;
    const missing = await browser.post('/oauth/authorize', { ...withoutToken, decision: 'allow' });
    expect(missing.status).toBe(403);
    expect(missing.headers.get('location')).toBeNull();

    // A token from another session (an attacker's own) is refused as well.
    const attacker = await signedInBrowser();
    const attackerConsent = await attacker.get(authorizePath(params));
    const attackerForm = formWithAction(await attackerConsent.text(), '/oauth/authorize');
    const forged = await browser.post('/oauth/authorize', { ...form.fields, csrf_token: attackerForm.fields.csrf_token!, decision: 'allow' });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('location')).toBeNull();

    const genuine = await browser.post('/oauth/authorize', { ...form.fields, decision: 'allow' });
    expect(genuine.status).toBe(303);
  });

  it('refuses a consent POST without a session', async () => {
    const response = await new TestBrowser(service.url).post('/oauth/authorize', {
      response_type: 'code',
      client_id: confidential.id,
      redirect_uri: WEB_CALLBACK,
      decision: 'allow',
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
  });
});

describe('implicit grant', () => {
  it('is off unless enabled for the client', async () => {
    const other = await registerClient(service.ctx.db, { name: 'No implicit', redirectUris: [WEB_CALLBACK] });
    const browser = await signedInBrowser();
    const response = await browser.get(authorizePath({ response_type: 'token', client_id: other.id, redirect_uri: WEB_CALLBACK, state: 'x' }));
    expect(response.status).toBe(302);
    const fragment = new URLSearchParams(response.headers.get('location')!.split('#')[1]);
    expect(fragment.get('error')).toBe('unauthorized_client');
    await enableImplicitGrant(service.ctx.db, confidential.id);
  });

  it('puts the token, its type, lifetime, scope and the state in the URL fragment', async () => {
    const response = await decide(await signedInBrowser(), { response_type: 'token', client_id: confidential.id, redirect_uri: WEB_CALLBACK, state: 'imp' }, 'allow');
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location.startsWith(`${WEB_CALLBACK}#`)).toBe(true);
    const fragment = new URLSearchParams(location.split('#')[1]);
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(fragment.get('scope')).toBe('all');
    expect(fragment.get('state')).toBe('imp');
    expect(fragment.get('refresh_token')).toBeNull();
    const checked = await service.ctx.tokens.check(fragment.get('access_token')!);
    expect(checked).toEqual({ ok: true, token: expect.objectContaining({ clientId: confidential.id, profileId: user.id }) });
  });

  it('reports a denial in the fragment', async () => {
    const response = await decide(await signedInBrowser(), { response_type: 'token', client_id: confidential.id, redirect_uri: WEB_CALLBACK, state: 'd' }, 'deny');
    const fragment = new URLSearchParams(response.headers.get('location')!.split('#')[1]);
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('state')).toBe('d');
  });
});
