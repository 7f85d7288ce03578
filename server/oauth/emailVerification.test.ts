// E-mail verification over real HTTP: rights given to an address (a submission's author, a
// group invitation) apply only once its holder followed the link e-mailed to it; password
// change and reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { registerClient } from '../auth/accounts.ts';
import { grantSubmissionSystem } from '../datasets/submissionSystems.ts';
import { datasetsClient } from '../datasets/datasetsTesting.ts';
import { groupsClient } from '../groups/groupsTesting.ts';
import type { GroupInvitation } from '../../shared/schemas/group.ts';
import { formWithAction, TestBrowser } from './testBrowser.ts';
import { lastLinkTo, outboxMails } from './outboxTesting.ts';

let service: TestService;
let journal: Record<string, string>;
let owner: TestUser;

beforeAll(async () => {
  service = await startTestService();
  const client = await registerClient(service.ctx.db, { name: 'journal', redirectUris: [] });
  await grantSubmissionSystem(service.ctx.db, 'journal-x', client.id);
  journal = { Authorization: `Bearer ${(await service.ctx.tokens.issue(client.id, null, 'all', false)).accessToken}` };
  owner = await service.createUser();
});
afterAll(async () => service.stop());

async function signUp(browser: TestBrowser, email: string, password: string): Promise<void> {
  const page = await browser.get('/oauth/signup?return_to=%2Foauth%2Faccount');
  const form = formWithAction(await page.text(), '/oauth/signup');
  const response = await browser.post('/oauth/signup', { ...form.fields, first_name: 'Mallory', last_name: 'Taken', email, password });
  expect(response.status).toBe(303);
}

describe('rights by e-mail address need a verified address', () => {
  it('a sign-up under someone else\'s address gets neither their submission nor their invitation until verified', async () => {
    const email = 'victim@example.org';
    const api = datasetsClient(service);
    const created = await api.send('POST', '/datasets/submissions/journal-x', journal, { id: 'S-v', owner: { email }, submission_data: { title: 'T' } }, api.mt.submissionCreation, api.mt.submission);
    expect(created.status).toBe(201);
    const g = groupsClient(service);
    const group = await g.groupWith(owner, 'private', {});
    const invited = await g.call(owner, 'POST', `/groups/v2/${group.id}/invitations`, { recipients: [{ email }] }, {
      type: g.mt.groupInvitation, accept: g.mt.groupInvitationResponseList,
    });
    expect(invited.status).toBe(200);

    const browser = new TestBrowser(service.url);
    await signUp(browser, email, 'somebody elses address');
    const profile = await service.ctx.db.selectFrom('profiles').select(['id', 'verified']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(profile.verified).toBe(0);
    const auth = { Authorization: `Bearer ${(await service.ctx.tokens.issue('test', profile.id, 'all', false)).accessToken}` };
    const asUser = { id: profile.id, email, password: '', token: '', auth };
    const invitations = () => g.call(asUser, 'GET', '/groups/v2/invitations', undefined, { accept: g.mt.groupInvitationList });

    expect((await api.get('/datasets/submissions/journal-x/S-v', auth)).status).toBe(404);
    expect(await (await invitations()).json()).toEqual([]);

    // The link in the outbox is what the address's real holder would follow.
    const link = lastLinkTo(service.ctx.config.outboxDir, email, '/oauth/verify-email');
    const verified = await browser.get(link);
    expect(verified.status).toBe(200);
    expect(await verified.text()).toContain('victim@example.org is verified');

    const submission = await api.get('/datasets/submissions/journal-x/S-v', auth);
    expect(submission.status).toBe(200);
    expect(await submission.json()).not.toHaveProperty('submission_token');
    const listed = (await (await invitations()).json()) as GroupInvitation[];
    expect(listed.map((i) => i.group_uuid)).toEqual([group.id]);
  });

  it('refuses a tampered, expired or outdated verification link', async () => {
    const user = await service.createUser({ verified: false });
    const browser = new TestBrowser(service.url);
    await browser.signIn(user.email, user.password, '/oauth/account');
    const account = await browser.get('/oauth/account');
    expect(await account.clone().text()).toContain('is not verified yet');
    const resend = formWithAction(await account.text(), '/oauth/account/verification');
    expect((await browser.post('/oauth/account/verification', resend.fields)).status).toBe(200);
    const link = lastLinkTo(service.ctx.config.outboxDir, user.email, '/oauth/verify-email');

    const tampered = link.replace(/token=([^.]+)\.(.)/, (_m, payload: string, c: string) => `token=${payload}.${c === 'A' ? 'B' : 'A'}`);
    expect((await browser.get(tampered)).status).toBe(400);
    // The address changed since the link was sent: the link is useless.
    await service.ctx.db.updateTable('profiles').set({ email: `changed-${user.email}` }).where('id', '=', user.id).execute();
    const outdated = await browser.get(link);
    expect(outdated.status).toBe(400);
    expect(await outdated.text()).toContain('This link is not valid');
    expect((await service.ctx.db.selectFrom('profiles').select('verified').where('id', '=', user.id).executeTakeFirstOrThrow()).verified).toBe(0);
  });

  it('tells an expired link apart', async () => {
    const later = { t: Date.now() };
    const clocked = await startTestService({}, { now: () => later.t });
    try {
      const user = await clocked.createUser({ verified: false });
      const browser = new TestBrowser(clocked.url);
      await browser.signIn(user.email, user.password, '/oauth/account');
      const account = await browser.get('/oauth/account');
      await browser.post('/oauth/account/verification', formWithAction(await account.text(), '/oauth/account/verification').fields);
      const link = lastLinkTo(clocked.ctx.config.outboxDir, user.email, '/oauth/verify-email');
      later.t += clocked.ctx.config.emailLinkLifetimeSeconds * 1000 + 1;
      const expired = await browser.get(link);
      expect(expired.status).toBe(400);
      expect(await expired.text()).toContain('This link has expired');
    } finally {
      await clocked.stop();
    }
  });
});

describe('passwords', () => {
  it('changes the password with the current one; other sessions and tokens are signed out', async () => {
    const user = await service.createUser();
    const browser = new TestBrowser(service.url);
    await browser.signIn(user.email, user.password, '/oauth/account');
    const form = formWithAction(await (await browser.get('/oauth/account')).text(), '/oauth/account/password');
    const wrong = await browser.post('/oauth/account/password', { ...form.fields, current_password: 'not it', new_password: 'a brand new password' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('The current password is not correct.');
    const changed = await browser.post('/oauth/account/password', { ...form.fields, current_password: user.password, new_password: 'a brand new password' });
    expect(changed.status).toBe(200);
    expect((await service.fetch('/profiles/me', { headers: user.auth })).status).toBe(401);
    // This browser stays signed in; the new password works, the old one no longer does.
    expect((await browser.get('/oauth/account')).status).toBe(200);
    await expect(new TestBrowser(service.url).signIn(user.email, user.password)).rejects.toThrow(/401/);
    expect(await new TestBrowser(service.url).signIn(user.email, 'a brand new password')).toBe('/oauth/applications');
  });

  it('resets a forgotten password by a link sent to the verified address; the link works once', async () => {
    const user = await service.createUser();
    const unverified = await service.createUser({ verified: false });
    const browser = new TestBrowser(service.url);
    const ask = async (email: string) => {
      const page = await browser.get('/oauth/forgot-password');
      const response = await browser.post('/oauth/forgot-password', { ...formWithAction(await page.text(), '/oauth/forgot-password').fields, email });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('If an account with a verified address matches');
    };
    await ask(unverified.email);
    await ask('nobody-at-all@example.org');
    expect(outboxMails(service.ctx.config.outboxDir).filter((m) => m.to === unverified.email && m.text.includes('reset-password'))).toEqual([]);
    await ask(user.email);
    const link = lastLinkTo(service.ctx.config.outboxDir, user.email, '/oauth/reset-password');

    const page = await browser.get(link);
    expect(page.status).toBe(200);
    const form = formWithAction(await page.text(), '/oauth/reset-password');
    expect((await browser.post('/oauth/reset-password', { ...form.fields, new_password: 'short' })).status).toBe(400);
    const done = await browser.post('/oauth/reset-password', { ...form.fields, new_password: 'reset to something new' });
    expect(done.status).toBe(200);
    expect((await service.fetch('/profiles/me', { headers: user.auth })).status).toBe(401);
    expect(await new TestBrowser(service.url).signIn(user.email, 'reset to something new')).toBe('/oauth/applications');
    const reused = await browser.post('/oauth/reset-password', { ...form.fields, new_password: 'and once more again' });
    expect(reused.status).toBe(400);
    expect((await browser.get(link)).status).toBe(400);
  });
});
