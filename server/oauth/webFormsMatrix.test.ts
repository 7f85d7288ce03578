// The authorisation matrix of the browser forms: every form POST of the web pages, from the
// route table, sent with fields that would succeed, by three callers who must not succeed: an
// anonymous browser, the victim's own signed-in browser with a forged form token (a
// cross-site post), and the victim's browser carrying a form token from the attacker's own
// session. Each is refused and changes nothing: no password, session, token, application,
// membership, invitation answer or e-mail. (The two endpoints that authenticate clients
// rather than browsers, token and revoke, have their own matrix in tokenEndpoint,
// revocation and abuseLimits tests.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { registerClient } from '../auth/accounts.ts';
import { groupsClient } from '../groups/groupsTesting.ts';
import { INVITATION_PAGE_PATH } from '../groups/invitationEmails.ts';
import { lastLinkTo, outboxMails } from './outboxTesting.ts';
import { formWithAction, pkcePair, TestBrowser } from './testBrowser.ts';

let service: TestService;
let victim: TestUser;
let attacker: TestUser;
let inviter: TestUser;
let victimFields: Record<string, Record<string, string>>;

const CLIENT_AUTHENTICATED = new Set(['/oauth/token', '/oauth/revoke']);
const LOOPBACK = 'http://127.0.0.1:8765/callback';
let clientId: string;

beforeAll(async () => {
  // Throttling is not what is tested here (abuseLimits.test.ts is): every form comes from 127.0.0.1.
  service = await startTestService({ signInFreeFailures: 1000, signInLockoutFailures: 2000 });
  victim = await service.createUser();
  attacker = await service.createUser();
  inviter = await service.createUser();
  clientId = (await registerClient(service.ctx.db, { name: 'Some app', redirectUris: [LOOPBACK], isPublic: true })).id;
  victimFields = await fieldsFor(victim);
});
afterAll(async () => service.stop());

const tokenOf = (link: string) => new URL(link, service.url).searchParams.get('token')!;

/** For each form, fields that succeed for this user with a genuine form token. */
async function fieldsFor(user: TestUser): Promise<Record<string, Record<string, string>>> {
  const g = groupsClient(service);
  const group = await g.createGroup(inviter, { access_level: 'private' });
  await g.call(inviter, 'POST', `/groups/v2/${group.id}/invitations`, { recipients: [{ email: user.email }] }, { type: g.mt.groupInvitation });
  const asker = new TestBrowser(service.url);
  const forgot = formWithAction(await (await asker.get('/oauth/forgot-password')).text(), '/oauth/forgot-password');
  await asker.post('/oauth/forgot-password', { ...forgot.fields, email: user.email });
  const { challenge } = pkcePair();
  return {
    '/oauth/signin': { email: user.email, password: user.password, return_to: '/oauth/account' },
    '/oauth/signup': { first_name: 'Forged', last_name: 'Account', email: `signup-${user.id}@example.org`, password: 'a long enough password' },
    '/oauth/signout': {},
    '/oauth/account/verification': {},
    '/oauth/account/password': { current_password: user.password, new_password: 'chosen by the attacker' },
    '/oauth/forgot-password': { email: user.email },
    '/oauth/reset-password': { token: tokenOf(lastLinkTo(service.ctx.config.outboxDir, user.email, '/oauth/reset-password')), new_password: 'chosen by the attacker' },
    '/oauth/applications': { name: 'Forged application', redirect_uris: 'https://evil.example/cb', client_type: 'public' },
    '/oauth/token-display': {},
    '/oauth/invitation': { token: tokenOf(lastLinkTo(service.ctx.config.outboxDir, user.email, INVITATION_PAGE_PATH)), answer: 'accept' },
    '/oauth/authorize': {
      response_type: 'code', client_id: clientId, redirect_uri: LOOPBACK, scope: 'all', state: 's', code_challenge: challenge, code_challenge_method: 'S256', decision: 'allow',
    },
  };
}

/** Everything a successful forged post would change. */
async function snapshot(): Promise<string> {
  const db = service.ctx.db;
  const parts = await Promise.all([
    db.selectFrom('profiles').select(['id', 'email', 'password_hash', 'verified']).orderBy('id').execute(),
    db.selectFrom('web_sessions').select(['id_hash', 'profile_id']).orderBy('id_hash').execute(),
    db.selectFrom('oauth_tokens').select(['access_hash', 'refresh_hash']).orderBy('access_hash').execute(),
    db.selectFrom('oauth_codes').select('code_hash').orderBy('code_hash').execute(),
    db.selectFrom('oauth_clients').select('id').orderBy('id').execute(),
    db.selectFrom('group_members').select(['group_id', 'profile_id', 'role']).orderBy('profile_id').execute(),
    db.selectFrom('group_invitations').select(['id', 'status']).orderBy('id').execute(),
  ]);
  return JSON.stringify([...parts, outboxMails(service.ctx.config.outboxDir).length]);
}

async function signedIn(user: TestUser): Promise<{ browser: TestBrowser; csrf: string }> {
  const browser = new TestBrowser(service.url);
  await browser.signIn(user.email, user.password, '/oauth/account');
  const csrf = formWithAction(await (await browser.get('/oauth/account')).text(), '/oauth/account/password').fields.csrf_token!;
  return { browser, csrf };
}

const formPosts = () => service.routes.filter((r) => r.method === 'POST' && r.url.startsWith('/oauth/') && !CLIENT_AUTHENTICATED.has(r.url));

describe('browser forms refuse forged and anonymous posts', () => {
  it('covers every form post of the web pages', () => {
    const urls = formPosts().map((r) => r.url);
    expect(urls).toContain(INVITATION_PAGE_PATH);
    expect(urls.filter((url) => !(url in victimFields))).toEqual([]);
  });

  const callers = {
    'an anonymous browser': async () => ({ browser: new TestBrowser(service.url), csrf: undefined as string | undefined }),
    "the victim's browser with a forged form token": async () => ({ ...(await signedIn(victim)), csrf: 'forged-token-value' }),
    "the victim's browser with the attacker's form token": async () => ({ browser: (await signedIn(victim)).browser, csrf: (await signedIn(attacker)).csrf }),
  };

  for (const [name, caller] of Object.entries(callers)) {
    it(`${name}: refused, nothing changes`, async () => {
      for (const route of formPosts()) {
        const { browser, csrf } = await caller();
        const before = await snapshot();
        const res = await browser.post(route.url, { ...victimFields[route.url], ...(csrf ? { csrf_token: csrf } : {}) });
        const label = `${name} POST ${route.url}: ${res.status} ${res.headers.get('location') ?? ''}`;
        // Signing out a browser that is not signed in is harmless and goes to the sign-in page.
        if (route.url === '/oauth/signout' && !csrf) expect(res.status, label).toBe(303);
        else expect([400, 401, 403], label).toContain(res.status);
        expect(await snapshot(), label).toBe(before);
      }
    }, 120_000);
  }

  // The control: the same fields with the user's own form token do succeed, so the refusals
  // above come from the caller, not from the fields.
  it('the user\u2019s own browser with its genuine form token: accepted', async () => {
    for (const route of formPosts()) {
      const user = await service.createUser();
      const fields = (await fieldsFor(user))[route.url]!;
      const { browser, csrf } = await signedIn(user);
      const res = await browser.post(route.url, { ...fields, csrf_token: csrf });
      const label = `POST ${route.url}: ${res.status} ${(await res.text()).replace(/\s+/g, ' ').slice(0, 300)}`;
      expect([200, 201, 303], label).toContain(res.status);
    }
  }, 180_000);
});
