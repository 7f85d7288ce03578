// Tokens from the OAuth endpoints on a protected endpoint (GET /profiles/me): accepted while
// valid, a distinct 401 once expired, and a client-credentials token is no user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { registerClient } from '../auth/accounts.ts';
import { sha256Hex } from '../auth/secrets.ts';
import { EXPIRED_TOKEN_MESSAGE } from '../auth/authenticate.ts';
import { basicAuth, formWithAction, pkcePair, TestBrowser, tokenRequest } from './testBrowser.ts';

let service: TestService;
let user: TestUser;
let desktop: { id: string };
let server: { id: string; secret: string };
const REDIRECT = 'http://[::1]/callback';

beforeAll(async () => {
  service = await startTestService();
  user = await service.createUser();
  desktop = await registerClient(service.ctx.db, { name: 'Desktop', redirectUris: [REDIRECT], isPublic: true });
  const c = await registerClient(service.ctx.db, { name: 'Server', redirectUris: ['https://s.example/cb'] });
  server = { id: c.id, secret: c.secret! };
});
afterAll(async () => service.stop());

/** The desktop app's sign-in: code grant with PKCE on an IPv6 loopback redirect. */
async function userTokens(): Promise<{ access_token: string; refresh_token: string }> {
  const { verifier, challenge } = pkcePair();
  const redirectUri = 'http://[::1]:61001/callback';
  const browser = new TestBrowser(service.url);
  await browser.signIn(user.email, user.password);
  const query = new URLSearchParams({ response_type: 'code', client_id: desktop.id, redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: 'S256' });
  const consent = await browser.get(`/oauth/authorize?${query}`);
  const form = formWithAction(await consent.text(), '/oauth/authorize');
  const allowed = await browser.post('/oauth/authorize', { ...form.fields, decision: 'allow' });
  const code = new URL(allowed.headers.get('location')!).searchParams.get('code')!;
  const response = await service.fetch(
    '/oauth/token',
    tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: desktop.id, code_verifier: verifier }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

const me = (token: string) => service.fetch('/profiles/me', { headers: { Authorization: `Bearer ${token}` } });

describe('tokens issued by the OAuth endpoints', () => {
  it('are accepted by a protected endpoint', async () => {
    const { access_token } = await userTokens();
    const response = await me(access_token);
    expect(response.status).toBe(200);
    expect((await response.json()).email).toBe(user.email);
  });

  it('answer 401 with the token-expiry message once expired, and a refresh gives a working token', async () => {
    const { access_token, refresh_token } = await userTokens();
    await service.ctx.db.updateTable('oauth_tokens').set({ access_expires_at: Date.now() - 1000 }).where('access_hash', '=', sha256Hex(access_token)).execute();
    const expired = await me(access_token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ message: EXPIRED_TOKEN_MESSAGE });
    expect(expired.headers.get('www-authenticate')).toContain('invalid_token');

    const invalid = await me('not-a-token');
    expect(invalid.status).toBe(401);
    expect((await invalid.json()).message).not.toBe(EXPIRED_TOKEN_MESSAGE);

    const refreshed = await service.fetch('/oauth/token', tokenRequest({ grant_type: 'refresh_token', refresh_token, client_id: desktop.id }));
    expect(refreshed.status).toBe(200);
    expect((await me((await refreshed.json()).access_token)).status).toBe(200);
  });

  it('from client credentials act for no user: 400 on /profiles/me', async () => {
    const response = await service.fetch('/oauth/token', tokenRequest({ grant_type: 'client_credentials' }, basicAuth(server.id, server.secret)));
    const { access_token } = await response.json();
    const profile = await me(access_token);
    expect(profile.status).toBe(400);
    expect(await profile.json()).toEqual({ message: 'No userid found in auth token' });
  });
});
