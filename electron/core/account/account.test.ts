// Browser sign-in against the real service: the authorization code grant with PKCE and a
// loopback redirect, driven from the browser side with fetch (sign up, consent with the
// page's CSRF token, the redirect to the app's listener); then refresh and sign-out.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClient } from '../../../server/auth/accounts.ts';
import { formWithAction, TestBrowser } from '../../../server/oauth/testBrowser.ts';
import { startTestService, type TestService } from '../../../server/testing/testService.ts';
import { createAccountManager, REFRESH_MARGIN_MS } from './account.ts';
import { createTokenVault, type SecretCodec } from './tokenVault.ts';
import { createManualClock } from '../manualClock.ts';

let service: TestService;
let clientId: string;
let dataDir: string;

beforeAll(async () => {
  service = await startTestService();
  clientId = (await registerClient(service.ctx.db, { name: 'RefShelf Desktop', redirectUris: ['http://127.0.0.1/callback'], isPublic: true })).id;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-account-'));
});
afterAll(async () => {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;

/** The user's side: a browser that signs up on the authorization page and presses Allow. */
function browserThatSignsUpAndAllows(decision: 'allow' | 'deny' = 'allow') {
  const browser = new TestBrowser(service.url);
  const email = `pkce${++counter}-${Date.now()}@example.org`;
  const opened: string[] = [];
  let finished!: Promise<Response>;
  const openExternal = (url: string) => {
    opened.push(url);
    finished = (async () => {
      const authorizePath = url.slice(service.url.length);
      const signUpPage = await browser.get(`/oauth/signup?return_to=${encodeURIComponent(authorizePath)}`);
      const signUp = formWithAction(await signUpPage.text(), '/oauth/signup');
      const signedUp = await browser.post('/oauth/signup', { ...signUp.fields, email, password: 'a long enough password', first_name: 'Grace', last_name: 'Hopper' });
      expect(signedUp.status).toBe(303);
      const consentPage = await browser.get(signedUp.headers.get('location')!);
      const consent = formWithAction(await consentPage.text(), '/oauth/authorize');
      expect(consent.fields.csrf_token).toBeTruthy();
      const decided = await browser.post('/oauth/authorize', { ...consent.fields, decision });
      expect(decided.status).toBe(303);
      // The browser follows the redirect to the app's loopback listener.
      return fetch(decided.headers.get('location')!);
    })();
  };
  return { openExternal, opened, email, finished: () => finished };
}

describe('browser sign-in with PKCE and a loopback redirect', () => {
  it('signs in, stores the tokens in a 0600 file, refreshes them, and signs out', async () => {
    const user = browserThatSignsUpAndAllows();
    const vault = createTokenVault(path.join(dataDir, 'plain'));
    const account = createAccountManager({ vault, serviceUrl: service.url, clientId, openExternal: user.openExternal });
    const seen: boolean[] = [];
    account.onChange((status) => seen.push(status.signedIn));

    const status = await account.signIn();
    expect(status).toMatchObject({ signedIn: true, embedded: false, serviceUrl: service.url, profile: { email: user.email, displayName: 'Grace Hopper' } });
    expect(status.pendingSignIn).toBeUndefined();
    expect(seen).toEqual([false, true]); // pending sign-in announced first, then signed in

    const authorize = new URL(user.opened[0]!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const landing = await user.finished();
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('Signed in');

    expect(statSync(vault.file).mode & 0o777).toBe(0o600);
    const stored = vault.read().sessions[service.url]!;
    expect(stored.clientId).toBe(clientId);
    expect(stored.refreshToken).toBeTruthy();
    const token = await account.getAccessToken();
    expect(token).toBe(stored.accessToken);
    expect((await service.fetch('/profiles/me', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);

    // Refresh after expiry (what the API client does on a 401): a new token; the old grant is rotated away.
    const fresh = await account.refreshAccessToken();
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(token);
    expect((await service.fetch('/profiles/me', { headers: { Authorization: `Bearer ${fresh}` } })).status).toBe(200);
    expect(vault.read().sessions[service.url]!.refreshToken).not.toBe(stored.refreshToken);

    const signedOut = await account.signOut();
    expect(signedOut.signedIn).toBe(false);
    expect(vault.read().sessions[service.url]).toBeUndefined();
    expect(await account.getAccessToken()).toBeUndefined();
  });

  it('refreshes before the token expires, and signs out when the refresh token is no longer valid', async () => {
    const user = browserThatSignsUpAndAllows();
    const clock = createManualClock(Date.now());
    const vault = createTokenVault(path.join(dataDir, 'clock'));
    const account = createAccountManager({ vault, serviceUrl: service.url, clientId, openExternal: user.openExternal, clock });
    await account.signIn();
    const first = await account.getAccessToken();
    expect(await account.getAccessToken()).toBe(first); // far from expiry: no refresh

    clock.advance(vault.read().sessions[service.url]!.expiresAt - REFRESH_MARGIN_MS + 1 - clock.now());
    const second = await account.getAccessToken();
    expect(second).not.toBe(first);
    expect((await service.fetch('/profiles/me', { headers: { Authorization: `Bearer ${second}` } })).status).toBe(200);

    // Someone revoked every token of the user: the refresh fails for good, the account signs out.
    const profileId = vault.read().sessions[service.url]!.profileId!;
    await service.ctx.tokens.revokeAllFor(profileId);
    expect(await account.refreshAccessToken()).toBeUndefined();
    expect(account.status().signedIn).toBe(false);
  });

  it('reports a denied consent as a typed, cancelled sign-in', async () => {
    const user = browserThatSignsUpAndAllows('deny');
    const account = createAccountManager({ vault: createTokenVault(path.join(dataDir, 'deny')), serviceUrl: service.url, clientId, openExternal: user.openExternal });
    await expect(account.signIn()).rejects.toMatchObject({ code: 'cancelled', message: expect.stringContaining('denied') });
    expect(account.status()).toMatchObject({ signedIn: false });
    expect(account.status().pendingSignIn).toBeUndefined();
  });

  it('refuses a callback whose state does not match', async () => {
    const account = createAccountManager({
      vault: createTokenVault(path.join(dataDir, 'state')), serviceUrl: service.url, clientId,
      openExternal: async (url) => {
        const redirect = new URL(url).searchParams.get('redirect_uri')!;
        await fetch(`${redirect}?code=stolen&state=forged`);
      },
    });
    await expect(account.signIn()).rejects.toMatchObject({ code: 'state' });
  });

  it('asks for a client id when a remote service has none configured', async () => {
    const account = createAccountManager({ vault: createTokenVault(path.join(dataDir, 'none')), serviceUrl: service.url, clientId: null, openExternal: () => {} });
    await expect(account.signIn()).rejects.toMatchObject({ code: 'not_configured', field: 'clientId' });
  });

  it('keeps the vault encrypted with the injected codec', async () => {
    const codec: SecretCodec = {
      encrypt: (plain) => Buffer.from(Buffer.from(plain).map((b) => b ^ 0x5a)),
      decrypt: (data) => Buffer.from(data.map((b) => b ^ 0x5a)).toString(),
    };
    const user = browserThatSignsUpAndAllows();
    const vault = createTokenVault(path.join(dataDir, 'encrypted'), codec);
    const account = createAccountManager({ vault, serviceUrl: service.url, clientId, openExternal: user.openExternal });
    await account.signIn();
    const token = await account.getAccessToken();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(vault.file).toString()).not.toContain(token!);
    expect(vault.read().sessions[service.url]!.accessToken).toBe(token);
    expect(statSync(vault.file).mode & 0o777).toBe(0o600);
  });
});
