// Group invitations by e-mail over real HTTP: the invitation goes out through the mailer
// (the outbox here, an SMTP stand-in below), and its link leads to joining only for a
// signed-in account whose verified address it was sent to.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { startSmtpStandIn } from '../testing/smtpStandIn.ts';
import type { Group, GroupInvitation, GroupInvitationResult, GroupMember } from '../../shared/schemas/group.ts';
import { formWithAction, TestBrowser } from '../oauth/testBrowser.ts';
import { lastLinkTo, outboxMails } from '../oauth/outboxTesting.ts';
import { groupsClient } from './groupsTesting.ts';
import { answerInvitation, EMAIL_CAP_WARNING, EMAIL_FAILED_WARNING, findInvitationById } from './invitationStore.ts';
import { HttpError } from '../http/errors.ts';
import { INVITATION_EMAILS_PER_DAY, INVITATION_PAGE_PATH } from './invitationEmails.ts';

let service: TestService;
let g: ReturnType<typeof groupsClient>;
let owner: TestUser;

beforeAll(async () => {
  service = await startTestService();
  g = groupsClient(service);
  owner = await service.createUser({ first_name: 'Olga', last_name: 'Owner' });
});
afterAll(async () => service.stop());

const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.org`;

async function invite(svc: TestService, by: TestUser, group: Group, emails: string[], message?: string): Promise<GroupInvitationResult[]> {
  const client = groupsClient(svc);
  const res = await client.call(by, 'POST', `/groups/v2/${group.id}/invitations`, { recipients: emails.map((email) => ({ email })), ...(message ? { message } : {}) }, {
    type: client.mt.groupInvitation, accept: client.mt.groupInvitationResponseList,
  });
  return client.expectStatus<GroupInvitationResult[]>(200, res);
}

async function members(group: Group): Promise<string[]> {
  const list = await g.expectStatus<GroupMember[]>(200, await g.call(owner, 'GET', `/groups/v2/${group.id}/members`));
  return list.map((m) => m.profile_id);
}

async function signUp(browser: TestBrowser, returnTo: string, email: string): Promise<void> {
  const page = await browser.get(`/oauth/signup?return_to=${encodeURIComponent(returnTo)}`);
  const form = formWithAction(await page.text(), '/oauth/signup');
  const response = await browser.post('/oauth/signup', { ...form.fields, first_name: 'Nia', last_name: 'New', email, password: 'a long enough password' });
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe(returnTo);
}

describe('an invitation is e-mailed', () => {
  it('to each invited address, with the group, the inviter, the message and a link; the invitation is SENT', async () => {
    const group = await g.createGroup(owner, { name: 'Bee readers', access_level: 'private' });
    const email = unique('ines');
    const results = await invite(service, owner, group, [email], 'Come read with us');
    expect(results).toEqual([{ email, invitation_uuid: expect.any(String) }]);
    const mail = outboxMails(service.ctx.config.outboxDir).filter((m) => m.to === email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Olga Owner invites you to the group "Bee readers" on RefShelf');
    expect(mail[0]!.text).toContain('> Come read with us');
    expect(mail[0]!.text).toContain(`${service.url}${INVITATION_PAGE_PATH}?token=`);
    const listed = await g.expectStatus<GroupInvitation[]>(200, await g.call(owner, 'GET', `/groups/v2/${group.id}/invitations`));
    expect(listed.map((i) => i.status)).toEqual(['SENT']);
  });

  it('again, with a new link, when resent', async () => {
    const group = await g.createGroup(owner, { access_level: 'invite_only' });
    const email = unique('rex');
    const [result] = await invite(service, owner, group, [email]);
    const first = lastLinkTo(service.ctx.config.outboxDir, email, INVITATION_PAGE_PATH);
    expect((await g.call(owner, 'POST', `/groups/v2/${group.id}/invitations/${result!.invitation_uuid}/actions/resend`)).status).toBe(204);
    expect(outboxMails(service.ctx.config.outboxDir).filter((m) => m.to === email)).toHaveLength(2);
    expect(lastLinkTo(service.ctx.config.outboxDir, email, INVITATION_PAGE_PATH)).not.toBe(first);
  });
});

describe('the e-mailed link', () => {
  it('leads a newcomer through sign-up and verification to joining; before verification it cannot join', async () => {
    const group = await g.createGroup(owner, { name: 'Private circle', access_level: 'private' });
    const email = unique('nia');
    await invite(service, owner, group, [email]);
    const link = lastLinkTo(service.ctx.config.outboxDir, email, INVITATION_PAGE_PATH);
    const browser = new TestBrowser(service.url);

    const signIn = await browser.get(link);
    expect(signIn.status).toBe(200);
    const signInPage = await signIn.text();
    expect(signInPage).toContain(`Sign in with ${email}`);
    expect(signInPage).toContain('Private circle');

    await signUp(browser, link, email);
    const unverified = await browser.get(link);
    expect(unverified.status).toBe(403);
    const unverifiedPage = await unverified.text();
    expect(unverifiedPage).toContain('Confirm your address first');
    expect(unverifiedPage).not.toContain('action="/oauth/invitation"');
    // A hand-made answer is refused the same way.
    const csrf = formWithAction(unverifiedPage, '/oauth/account/verification').fields.csrf_token!;
    const token = new URL(link, service.url).searchParams.get('token')!;
    expect((await browser.post('/oauth/invitation', { csrf_token: csrf, token, answer: 'accept' })).status).toBe(403);
    const profile = await service.ctx.db.selectFrom('profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect(await members(group)).not.toContain(profile.id);

    expect((await browser.get(lastLinkTo(service.ctx.config.outboxDir, email, '/oauth/verify-email'))).status).toBe(200);
    const ready = await browser.get(link);
    expect(ready.status).toBe(200);
    const readyPage = await ready.text();
    expect(readyPage).toContain('Olga Owner invites you');
    const accept = formsWithAnswer(readyPage, 'accept');
    const joined = await browser.post('/oauth/invitation', accept);
    expect(joined.status).toBe(200);
    expect(await joined.text()).toContain('You are now a member of');
    expect(await members(group)).toContain(profile.id);
    const status = await g.expectStatus<GroupInvitation[]>(200, await g.call(owner, 'GET', `/groups/v2/${group.id}/invitations`));
    expect(status.map((i) => i.status)).toEqual(['ACCEPTED']);
    // Once answered, the link says so.
    expect(await (await browser.get(link)).text()).toContain('You are a member of');
  });

  it('is refused to a verified account with another address, and cannot be tampered with', async () => {
    const group = await g.createGroup(owner, { access_level: 'private' });
    const email = unique('tara');
    await invite(service, owner, group, [email]);
    const link = lastLinkTo(service.ctx.config.outboxDir, email, INVITATION_PAGE_PATH);
    const other = await service.createUser();
    const browser = new TestBrowser(service.url);
    await browser.signIn(other.email, other.password);
    const refused = await browser.get(link);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('This invitation is for another address');
    expect(await members(group)).not.toContain(other.id);

    const token = new URL(link, service.url).searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify(['group-invitation', JSON.parse(Buffer.from(payload!, 'base64url').toString())[1], other.email.toLowerCase(), Date.now() + 1e9])).toString('base64url');
    // The signature's first character is changed: all of its bits count (the last one's low
    // bits are padding a decoder may ignore, and it may already be the replacement).
    const otherSignature = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    for (const bad of [`${forged}.${signature}`, `${payload}.${otherSignature}`, 'x', '']) {
      const res = await browser.get(`${INVITATION_PAGE_PATH}?token=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(await res.text()).toContain('This invitation link is not valid');
    }
    // A verification or reset link is not an invitation link, though signed with the same key.
    const verification = lastLinkTo(service.ctx.config.outboxDir, email, INVITATION_PAGE_PATH).replace(INVITATION_PAGE_PATH, '/oauth/verify-email');
    expect((await browser.get(verification)).status).toBe(400);
  });

  it('declines for the invitee; a revoked invitation can no longer be answered', async () => {
    const group = await g.createGroup(owner, { access_level: 'invite_only' });
    const invitee = await service.createUser();
    const other = await service.createUser();
    const results = await invite(service, owner, group, [invitee.email, other.email]);
    const browser = new TestBrowser(service.url);
    await browser.signIn(invitee.email, invitee.password);
    const page = await (await browser.get(lastLinkTo(service.ctx.config.outboxDir, invitee.email, INVITATION_PAGE_PATH))).text();
    const declined = await browser.post('/oauth/invitation', formsWithAnswer(page, 'decline'));
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('You declined');
    expect(await members(group)).not.toContain(invitee.id);

    expect((await g.call(owner, 'POST', `/groups/v2/${group.id}/invitations/${results[1]!.invitation_uuid}/actions/revoke`)).status).toBe(204);
    const otherBrowser = new TestBrowser(service.url);
    await otherBrowser.signIn(other.email, other.password);
    const closed = await otherBrowser.get(lastLinkTo(service.ctx.config.outboxDir, other.email, INVITATION_PAGE_PATH));
    expect(closed.status).toBe(409);
    expect(await closed.text()).toContain('was revoked');
  });

  it('cannot be accepted once revoked meanwhile, though the answer read it pending (another window or instance)', async () => {
    const group = await g.createGroup(owner, { access_level: 'private' });
    const invitee = await service.createUser();
    const [result] = await invite(service, owner, group, [invitee.email]);
    const stale = (await findInvitationById(service.ctx.db, result!.invitation_uuid!))!;
    expect((await g.call(owner, 'POST', `/groups/v2/${group.id}/invitations/${stale.id}/actions/revoke`)).status).toBe(204);
    const answered = answerInvitation(service.ctx.db, stale, invitee.id, undefined, 'accept');
    await expect(answered).rejects.toBeInstanceOf(HttpError);
    await expect(answered).rejects.toMatchObject({ statusCode: 409 });
    expect(await members(group)).not.toContain(invitee.id);
    const listed = await g.expectStatus<GroupInvitation[]>(200, await g.call(owner, 'GET', `/groups/v2/${group.id}/invitations`));
    expect(listed.map((i) => i.status)).toEqual(['REVOKED']);
  });

  it('needs this browser\u2019s form token and a real answer', async () => {
    const group = await g.createGroup(owner, { access_level: 'public' });
    const invitee = await service.createUser();
    await invite(service, owner, group, [invitee.email]);
    const browser = new TestBrowser(service.url);
    await browser.signIn(invitee.email, invitee.password);
    const fields = formsWithAnswer(await (await browser.get(lastLinkTo(service.ctx.config.outboxDir, invitee.email, INVITATION_PAGE_PATH))).text(), 'accept');
    expect((await browser.post('/oauth/invitation', { ...fields, csrf_token: 'forged' })).status).toBe(403);
    expect((await browser.post('/oauth/invitation', { ...fields, answer: 'maybe' })).status).toBe(400);
    expect((await new TestBrowser(service.url).post('/oauth/invitation', fields)).status).toBe(401);
    expect(await members(group)).not.toContain(invitee.id);
  });
});

describe('when the mail cannot go out', () => {
  it('keeps the invitation CREATED with a warning, and a resend answers 503 with a sentence', async () => {
    const smtp = await startSmtpStandIn();
    const broken = await startTestService({ smtpUrl: smtp.url });
    await smtp.close(); // nothing listens any more
    try {
      const boss = await broken.createUser();
      const group = await groupsClient(broken).createGroup(boss, { access_level: 'private' });
      const results = await invite(broken, boss, group, ['someone@example.org']);
      expect(results).toEqual([{ email: 'someone@example.org', invitation_uuid: expect.any(String), warning_message: EMAIL_FAILED_WARNING }]);
      const bg = groupsClient(broken);
      const listed = await bg.expectStatus<GroupInvitation[]>(200, await bg.call(boss, 'GET', `/groups/v2/${group.id}/invitations`));
      expect(listed.map((i) => i.status)).toEqual(['CREATED']);
      const resend = await bg.call(boss, 'POST', `/groups/v2/${group.id}/invitations/${results[0]!.invitation_uuid}/actions/resend`);
      expect(resend.status).toBe(503);
      expect((await resend.json()).message).toBe('The invitation e-mail could not be sent. Try again later.');
    } finally {
      await broken.stop();
    }
  });

  it('tries the mail server once per request: the other recipients get the same warning without waiting on it', async () => {
    // A server that takes each connection and hangs up at once: every try fails, and is counted.
    let connections = 0;
    const hangUp = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => hangUp.listen(0, '127.0.0.1', resolve));
    const broken = await startTestService({ smtpUrl: `smtp://127.0.0.1:${(hangUp.address() as net.AddressInfo).port}` });
    try {
      const boss = await broken.createUser();
      const group = await groupsClient(broken).createGroup(boss, { access_level: 'private' });
      const emails = ['one@example.org', 'two@example.org', 'three@example.org'];
      const results = await invite(broken, boss, group, emails);
      expect(results).toEqual(emails.map((email) => ({ email, invitation_uuid: expect.any(String), warning_message: EMAIL_FAILED_WARNING })));
      expect(connections).toBe(1);
    } finally {
      await broken.stop();
      await new Promise<void>((resolve) => hangUp.close(() => resolve()));
    }
  });

  it('goes through the configured SMTP server', async () => {
    const smtp = await startSmtpStandIn();
    const mailing = await startTestService({ smtpUrl: smtp.url });
    try {
      const boss = await mailing.createUser();
      const group = await groupsClient(mailing).createGroup(boss, { name: 'By SMTP', access_level: 'private' });
      expect(await invite(mailing, boss, group, ['far@example.org'])).toEqual([{ email: 'far@example.org', invitation_uuid: expect.any(String) }]);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual(['far@example.org']);
      expect(mail!.data).toContain('By SMTP');
      expect(mail!.data).toContain(`${mailing.url}${INVITATION_PAGE_PATH}?token=`);
    } finally {
      await mailing.stop();
      await smtp.close();
    }
  });

  it('stops e-mailing an inviter after the daily allowance: the invitation waits in the app, a resend answers 429 with Retry-After', async () => {
    const sender = await service.createUser();
    const group = await g.createGroup(sender, { access_level: 'private' });
    const now = Date.now();
    await service.ctx.db
      .insertInto('group_invitations')
      .values(Array.from({ length: INVITATION_EMAILS_PER_DAY }, (_v, i) => {
        const at = new Date(now - 3600_000 + i).toISOString();
        return { id: randomUUID(), group_id: group.id, inviter_profile_id: sender.id, invitee_email: `bulk${i}@example.org`, invitee_profile_id: null, message: null, status: 'SENT', created: at, sent: at, last_modified: at };
      }))
      .execute();
    const email = unique('capped');
    const results = await invite(service, sender, group, [email]);
    expect(results).toEqual([{ email, invitation_uuid: expect.any(String), warning_message: EMAIL_CAP_WARNING }]);
    expect(outboxMails(service.ctx.config.outboxDir).filter((m) => m.to === email)).toEqual([]);
    const resend = await g.call(sender, 'POST', `/groups/v2/${group.id}/invitations/${results[0]!.invitation_uuid}/actions/resend`);
    expect(resend.status).toBe(429);
    const retryAfter = Number(resend.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(22 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(23 * 3600);
    expect((await resend.json()).message).toMatch(/invitation e-mails were sent in the last 24 hours/);
  });

  it('gives no allowance back when the e-mailed invitations are revoked or answered', async () => {
    const sender = await service.createUser();
    const group = await g.createGroup(sender, { access_level: 'private' });
    const now = Date.now();
    const statuses = ['REVOKED', 'ACCEPTED', 'DECLINED'] as const;
    await service.ctx.db
      .insertInto('group_invitations')
      .values(Array.from({ length: INVITATION_EMAILS_PER_DAY }, (_v, i) => {
        const at = new Date(now - 3600_000 + i).toISOString();
        return { id: randomUUID(), group_id: group.id, inviter_profile_id: sender.id, invitee_email: `gone${i}@example.org`, invitee_profile_id: null, message: null, status: statuses[i % 3]!, created: at, sent: at, last_modified: at };
      }))
      .execute();
    const email = unique('still-capped');
    expect(await invite(service, sender, group, [email])).toEqual([{ email, invitation_uuid: expect.any(String), warning_message: EMAIL_CAP_WARNING }]);
    expect(outboxMails(service.ctx.config.outboxDir).filter((m) => m.to === email)).toEqual([]);
  });
});

/** The fields of the page's answer form for accept or decline. */
function formsWithAnswer(page: string, answer: 'accept' | 'decline'): Record<string, string> {
  const match = [...page.matchAll(/<form\b[^>]*action="\/oauth\/invitation"[^>]*>([\s\S]*?)<\/form>/g)].find((m) => m[1]!.includes(`value="${answer}"`));
  if (!match) throw new Error(`No ${answer} form in page:\n${page.slice(0, 1500)}`);
  const fields: Record<string, string> = {};
  for (const input of match[1]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[input[1]!] = input[2]!;
  return fields;
}
