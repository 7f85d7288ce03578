// The browser pages: sign-up, sign-in, sign-out, the developer page and the token display.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { sha256Hex } from '../auth/secrets.ts';
import { basicAuth, formWithAction, TestBrowser, tokenRequest } from './testBrowser.ts';

let service: TestService;
let user: TestUser;

beforeAll(async () => {
  service = await startTestService();
  user = await service.createUser({ first_name: 'Grace', last_name: 'Hopper' });
});
afterAll(async () => service.stop());

async function signUpForm(browser: TestBrowser): Promise<Record<string, string>> {
  const page = await browser.get('/oauth/signup?return_to=%2Foauth%2Ftoken-display');
  expect(page.status).toBe(200);
  return formWithAction(await page.text(), '/oauth/signup').fields;
}

describe('sign-up', () => {
  it('re-shows the form with a clear message per invalid field, keeping what was typed', async () => {
    const browser = new TestBrowser(service.url);
    const fields = await signUpForm(browser);
    const response = await browser.post('/oauth/signup', { ...fields, first_name: '  ', last_name: 'O"Brien <b>', email: 'not-an-email', password: 'short' });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('Enter your first name.');
    expect(page).toContain('Enter a valid e-mail address, such as name@example.org.');
    expect(page).toContain('The password needs at least 8 characters.');
    expect(page).not.toContain('Enter your last name.');
    expect(page).toContain('value="O&#34;Brien &#60;b&#62;"');
    expect(page).toContain('value="not-an-email"');
    expect(page).not.toContain('short');
    expect(browser.cookies.has('oauth_session')).toBe(false);
  });

  it('says so when the e-mail address has an account already', async () => {
    const browser = new TestBrowser(service.url);
    const fields = await signUpForm(browser);
    const response = await browser.post('/oauth/signup', { ...fields, first_name: 'G', last_name: 'H', email: user.email.toUpperCase(), password: 'long enough password' });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('An account with this e-mail address exists already');
  });

  it('refuses a form without its CSRF token', async () => {
    const browser = new TestBrowser(service.url);
    await signUpForm(browser);
    const response = await browser.post('/oauth/signup', { first_name: 'A', last_name: 'B', email: 'csrf@example.org', password: 'long enough password' });
    expect(response.status).toBe(403);
    expect(await service.ctx.db.selectFrom('profiles').select('id').where('email', '=', 'csrf@example.org').executeTakeFirst()).toBeUndefined();
  });

  it('creates the account, signs in with a hashed session and returns where the user was going', async () => {
    const browser = new TestBrowser(service.url);
    const fields = await signUpForm(browser);
    const response = await browser.post('/oauth/signup', { ...fields, first_name: 'Katherine', last_name: 'Johnson', email: 'katherine@example.org', password: 'orbital mechanics' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/oauth/token-display');
    const cookie = browser.lastSetCookies.find((c) => c.startsWith('oauth_session='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    const sessionId = browser.cookies.get('oauth_session')!;
    const sessions = await service.ctx.db.selectFrom('web_sessions').selectAll().execute();
    expect(sessions.some((s) => s.id_hash === sha256Hex(sessionId))).toBe(true);
    expect(sessions.some((s) => s.id_hash === sessionId)).toBe(false);
    const profile = await service.ctx.db.selectFrom('profiles').selectAll().where('email', '=', 'katherine@example.org').executeTakeFirstOrThrow();
    expect(profile.password_hash).toMatch(/^scrypt\$/);
    const display = await browser.get('/oauth/token-display');
    expect(await display.text()).toContain('Katherine Johnson');
    // Signing up sends a verification link; the address is not verified until it is followed.
    expect(profile.verified).toBe(0);
  });
});

describe('sign-in and sign-out', () => {
  it('shows an error for a wrong password and keeps the e-mail address', async () => {
    const browser = new TestBrowser(service.url);
    const page = await browser.get('/oauth/signin');
    const form = formWithAction(await page.text(), '/oauth/signin');
    const response = await browser.post('/oauth/signin', { ...form.fields, email: user.email, password: 'wrong password' });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('The e-mail address or the password is not correct.');
    expect(html).toContain(`value="${user.email}"`);
    expect(browser.cookies.has('oauth_session')).toBe(false);
  });

  it('refuses a sign-in form without the CSRF token', async () => {
    const browser = new TestBrowser(service.url);
    await browser.get('/oauth/signin');
    const response = await browser.post('/oauth/signin', { email: user.email, password: user.password });
    expect(response.status).toBe(403);
    expect(browser.cookies.has('oauth_session')).toBe(false);
  });

  it('never sends the user off-site after sign-in', async () => {
    const browser = new TestBrowser(service.url);
    for (const target of ['https://evil.example/', '//evil.example/oauth/', '/oauth/\\evil', '/documents']) {
      expect(await new TestBrowser(service.url).signIn(user.email, user.password, target)).toBe('/oauth/applications');
    }
    expect(await browser.signIn(user.email, user.password, '/oauth/token-display')).toBe('/oauth/token-display');
  });

  it('signs out: the session row is gone and the pages ask to sign in again', async () => {
    const browser = new TestBrowser(service.url);
    await browser.signIn(user.email, user.password);
    const sessionId = browser.cookies.get('oauth_session')!;
    const page = await browser.get('/oauth/applications');
    const form = formWithAction(await page.text(), '/oauth/signout');
    const response = await browser.post('/oauth/signout', form.fields);
    expect(response.status).toBe(303);
    expect(await service.ctx.db.selectFrom('web_sessions').select('id_hash').where('id_hash', '=', sha256Hex(sessionId)).executeTakeFirst()).toBeUndefined();
    // Even a browser that kept the old cookie is signed out.
    const stale = new TestBrowser(service.url);
    stale.cookies.set('oauth_session', sessionId);
    const after = await stale.get('/oauth/applications');
    expect(await after.text()).toContain('action="/oauth/signin"');
  });
});

describe('developer page', () => {
  it('asks to sign in first', async () => {
    const response = await new TestBrowser(service.url).get('/oauth/applications');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('action="/oauth/signin"');
  });

  it('registers a confidential application and shows its secret once', async () => {
    const browser = new TestBrowser(service.url);
    await browser.signIn(user.email, user.password);
    const page = await browser.get('/oauth/applications');
    const form = formWithAction(await page.text(), '/oauth/applications');
    const response = await browser.post('/oauth/applications', {
      ...form.fields,
      name: 'My <Importer>',
      redirect_uris: 'https://importer.example/callback\r\nhttp://127.0.0.1/cb\n',
      client_type: 'confidential',
    });
    expect(response.status).toBe(201);
    const html = await response.text();
    expect(html).toContain('My &#60;Importer&#62;');
    const clientId = /id="client-id">([^<]+)</.exec(html)?.[1];
    const secret = /id="client-secret">([^<]+)</.exec(html)?.[1];
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(secret).toBeTruthy();

    const row = await service.ctx.db.selectFrom('oauth_clients').selectAll().where('id', '=', clientId!).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(sha256Hex(secret!));
    expect(JSON.parse(row.redirect_uris)).toEqual(['https://importer.example/callback', 'http://127.0.0.1/cb']);
    const owner = await service.ctx.db.selectFrom('profiles').select('id').where('email', '=', user.email).executeTakeFirstOrThrow();
    expect(row.owner_profile_id).toBe(owner.id);

    // Listed afterwards, but the secret is never shown again.
    const list = await (await browser.get('/oauth/applications')).text();
    expect(list).toContain(clientId);
    expect(list).toContain('My &#60;Importer&#62;');
    expect(list).not.toContain(secret);

    // Another user does not see it.
    const other = await service.createUser();
    const stranger = new TestBrowser(service.url);
    await stranger.signIn(other.email, other.password);
    expect(await (await stranger.get('/oauth/applications')).text()).not.toContain(clientId);

    // The credentials work at the token endpoint.
    const token = await service.fetch('/oauth/token', tokenRequest({ grant_type: 'client_credentials' }, basicAuth(clientId!, secret!)));
    expect(token.status).toBe(200);
  });

  it('registers a public application without a secret', async () => {
    const browser = new TestBrowser(service.url);
    await browser.signIn(user.email, user.password);
    const form = formWithAction(await (await browser.get('/oauth/applications')).text(), '/oauth/applications');
    const response = await browser.post('/oauth/applications', { ...form.fields, name: 'Desktop', redirect_uris: 'http://127.0.0.1/callback', client_type: 'public' });
    expect(response.status).toBe(201);
    const html = await response.text();
    expect(html).not.toContain('id="client-secret"');
    const clientId = /id="client-id">([^<]+)</.exec(html)![1]!;
    const row = await service.ctx.db.selectFrom('oauth_clients').selectAll().where('id', '=', clientId).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBeNull();
  });

  it('explains invalid input and refuses a form without its CSRF token', async () => {
    const browser = new TestBrowser(service.url);
    await browser.signIn(user.email, user.password);
    const form = formWithAction(await (await browser.get('/oauth/applications')).text(), '/oauth/applications');
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: '', redirect_uris: 'https://a.example/cb', client_type: 'public' }, 'Enter a name for the application.'],
      [{ name: 'A', redirect_uris: '', client_type: 'public' }, 'Enter at least one redirect URI.'],
      [{ name: 'A', redirect_uris: 'not a url', client_type: 'public' }, 'is not an absolute URL'],
      [{ name: 'A', redirect_uris: 'https://a.example/cb#frag', client_type: 'public' }, 'must not contain a fragment'],
      [{ name: 'A', redirect_uris: 'http://a.example/cb', client_type: 'public' }, 'only loopback addresses'],
      [{ name: 'A', redirect_uris: 'https://a.example/cb', client_type: 'other' }, 'Choose whether the application is public or confidential.'],
    ];
    for (const [fields, message] of cases) {
      const response = await browser.post('/oauth/applications', { ...form.fields, ...fields });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
    const forged = await browser.post('/oauth/applications', { name: 'Forged', redirect_uris: 'https://a.example/cb', client_type: 'public' });
    expect(forged.status).toBe(403);
    expect(await service.ctx.db.selectFrom('oauth_clients').select('id').where('name', '=', 'Forged').executeTakeFirst()).toBeUndefined();
  });
});

describe('token-display page', () => {
  it('asks to sign in, then shows a working access token with its expiry', async () => {
    const browser = new TestBrowser(service.url);
    const first = await browser.get('/oauth/token-display');
    const signIn = formWithAction(await first.text(), '/oauth/signin');
    expect(signIn.fields.return_to).toBe('/oauth/token-display');
    const signedIn = await browser.post('/oauth/signin', { ...signIn.fields, email: user.email, password: user.password });
    expect(signedIn.headers.get('location')).toBe('/oauth/token-display');

    // A GET only shows the form: it mints no token.
    const tokensBefore = await service.ctx.db.selectFrom('oauth_tokens').select('access_hash').execute();
    const request = await browser.get('/oauth/token-display');
    expect(request.status).toBe(200);
    const requestForm = formWithAction(await request.text(), '/oauth/token-display');
    expect(await service.ctx.db.selectFrom('oauth_tokens').select('access_hash').execute()).toHaveLength(tokensBefore.length);
    expect((await browser.post('/oauth/token-display', {})).status).toBe(403);

    const response = await browser.post('/oauth/token-display', requestForm.fields);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    const accessToken = /id="access-token">([^<]+)</.exec(html)![1]!;
    const checked = await service.ctx.tokens.check(accessToken);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.token.profileId).toBe(user.id);
    expect(html).toContain(new Date(checked.token.accessExpiresAt).toISOString());
    expect(html).toContain(`curl -H "Authorization: Bearer ${accessToken}"`);
    const client = await service.ctx.db.selectFrom('oauth_clients').selectAll().where('id', '=', checked.token.clientId).executeTakeFirstOrThrow();
    expect(client.name).toBe('Token display');

    // A second visit issues another token to the same built-in client.
    const again = await (await browser.post('/oauth/token-display', requestForm.fields)).text();
    const second = /id="access-token">([^<]+)</.exec(again)![1]!;
    expect(second).not.toBe(accessToken);
    const secondCheck = await service.ctx.tokens.check(second);
    expect(secondCheck.ok && secondCheck.token.clientId).toBe(checked.token.clientId);
  });
});
