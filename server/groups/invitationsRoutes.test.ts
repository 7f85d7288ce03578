// Groups v2 invitations over real HTTP: per-recipient results, listing, and every answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import type { Group, GroupInvitation, GroupInvitationResult, GroupMember } from '../../shared/schemas/group.ts';
import { groupsClient } from './groupsTesting.ts';

let service: TestService;
let g: ReturnType<typeof groupsClient>;
let owner: TestUser;
let admin: TestUser;
let normal: TestUser;

beforeAll(async () => {
  service = await startTestService();
  g = groupsClient(service);
  owner = await service.createUser();
  admin = await service.createUser();
  normal = await service.createUser();
});
afterAll(async () => service.stop());

async function invite(by: TestUser, group: Group, emails: string[], message?: string): Promise<Response> {
  return g.call(by, 'POST', `/groups/v2/${group.id}/invitations`, { recipients: emails.map((email) => ({ email })), ...(message ? { message } : {}) }, {
    type: g.mt.groupInvitation, accept: g.mt.groupInvitationResponseList,
  });
}

async function inviteOne(by: TestUser, group: Group, email: string): Promise<string> {
  const results = await g.expectStatus<GroupInvitationResult[]>(200, await invite(by, group, [email]));
  expect(results[0]?.invitation_uuid).toEqual(expect.any(String));
  return results[0]!.invitation_uuid!;
}

const action = (user: TestUser, group: Group, id: string, name: string) => g.call(user, 'POST', `/groups/v2/${group.id}/invitations/${id}/actions/${name}`);

async function mine(user: TestUser): Promise<GroupInvitation[]> {
  const res = await g.call(user, 'GET', '/groups/v2/invitations', undefined, { accept: g.mt.groupInvitationList });
  expect(res.headers.get('content-type')).toContain(g.mt.groupInvitationList);
  return g.expectStatus<GroupInvitation[]>(200, res);
}

describe('POST /groups/v2/{id}/invitations', () => {
  it('answers one result per recipient: an e-mailed invitation, or the reason there is none', async () => {
    const invitee = await service.createUser({ first_name: 'Ivy', last_name: 'Invitee' });
    const group = await g.groupWith(owner, 'private', { admin, normal });
    const stranger = `nobody-${Date.now()}@example.org`;
    const res = await invite(admin, group, [invitee.email.toUpperCase(), normal.email, 'not an address', stranger, stranger], 'Join us');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(g.mt.groupInvitationResponseList);
    const results = (await res.json()) as GroupInvitationResult[];
    expect(results).toHaveLength(5);
    expect(results[0]).toEqual({ email: invitee.email.toUpperCase(), invitation_uuid: expect.any(String) });
    expect(results[1]).toEqual({ email: normal.email, error_message: expect.stringMatching(/already a member/) });
    expect(results[2]).toEqual({ email: 'not an address', error_message: expect.stringMatching(/not a valid e-mail address/) });
    expect(results[3]).toEqual({ email: stranger, invitation_uuid: expect.any(String) });
    expect(results[4]).toEqual({ email: stranger, error_message: expect.stringMatching(/more than once/) });

    const again = await g.expectStatus<GroupInvitationResult[]>(200, await invite(owner, group, [invitee.email]));
    expect(again[0]!.error_message).toMatch(/pending invitation/);

    const listed = await g.expectStatus<GroupInvitation[]>(200, await g.call(admin, 'GET', `/groups/v2/${group.id}/invitations`, undefined, { accept: g.mt.groupInvitationList }));
    expect(listed).toHaveLength(2);
    expect(listed[0]).toEqual({
      invitation_uuid: results[0]!.invitation_uuid, group_uuid: group.id, invitee_profile_uuid: invitee.id, invitee_name: 'Ivy Invitee',
      invitee_email: invitee.email.toLowerCase(), status: 'SENT', sent: expect.any(String), message: 'Join us',
    });
    expect(listed[1]).not.toHaveProperty('invitee_profile_uuid');
  });

  it('lets only owners and admins invite, and checks the body', async () => {
    const group = await g.groupWith(owner, 'public', { normal });
    const byNormal = await invite(normal, group, ['x@example.org']);
    expect(byNormal.status).toBe(403);
    expect((await byNormal.json()).message).toMatch(/owner and admins/);
    const outsider = await service.createUser();
    expect((await invite(outsider, group, ['x@example.org'])).status).toBe(403);
    const hidden = await g.createGroup(owner, { access_level: 'private' });
    expect((await invite(outsider, hidden, ['x@example.org'])).status).toBe(404);
    for (const body of [{}, { recipients: [] }, { recipients: [{ mail: 'a@b.org' }] }, { recipients: 'a@b.org' }, { recipients: [{ email: 'a@b.org' }], extra: 1 }]) {
      const res = await g.call(owner, 'POST', `/groups/v2/${group.id}/invitations`, body, { type: g.mt.groupInvitation });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await g.call(owner, 'POST', `/groups/v2/${group.id}/invitations`, 'x', { type: 'text/plain' })).status).toBe(415);
  });
});

describe('answering invitations', () => {
  it('shows a private group to its invitee, who accepts and becomes a normal member', async () => {
    const invitee = await service.createUser();
    const group = await g.groupWith(owner, 'private', { admin });
    expect((await g.call(invitee, 'GET', `/groups/v2/${group.id}`)).status).toBe(404);
    const id = await inviteOne(admin, group, invitee.email);

    const waiting = await mine(invitee);
    expect(waiting.map((i) => [i.invitation_uuid, i.group_uuid, i.status])).toEqual([[id, group.id, 'SENT']]);
    expect((await g.call(invitee, 'GET', `/groups/v2/${group.id}`)).status).toBe(200);
    // A private group can still not be joined directly, even by its invitee.
    expect((await g.call(invitee, 'POST', `/groups/v2/${group.id}/members`)).status).toBe(403);

    const lookup = await g.expectStatus<GroupInvitation[]>(200, await g.call(invitee, 'GET', `/groups/v2/${group.id}/invitations?invitation_code=${id}`));
    expect(lookup.map((i) => i.invitation_uuid)).toEqual([id]);
    expect((await g.call(invitee, 'GET', `/groups/v2/${group.id}/invitations`)).status).toBe(403);

    expect((await action(admin, group, id, 'accept')).status).toBe(403);
    const accepted = await action(invitee, group, id, 'accept');
    expect(accepted.status).toBe(204);
    const members = await g.expectStatus<GroupMember[]>(200, await g.call(invitee, 'GET', `/groups/v2/${group.id}/members`));
    expect(members.find((m) => m.profile_id === invitee.id)?.role).toBe('normal');
    expect(await mine(invitee)).toEqual([]);
    expect((await action(invitee, group, id, 'accept')).status).toBe(409);
    const listed = await g.expectStatus<GroupInvitation[]>(200, await g.call(owner, 'GET', `/groups/v2/${group.id}/invitations?invitation_code=${id}`));
    expect(listed[0]!.status).toBe('ACCEPTED');
  });

  it('finds invitations sent to an address before its profile existed', async () => {
    const group = await g.createGroup(owner, { access_level: 'invite_only' });
    const email = `later-${Date.now()}@example.org`;
    const id = await inviteOne(owner, group, email);
    const late = await service.createUser({ email });
    const waiting = await mine(late);
    expect(waiting.map((i) => i.invitation_uuid)).toEqual([id]);
    expect(waiting[0]!.invitee_profile_uuid).toBe(late.id);
    expect((await action(late, group, id, 'decline')).status).toBe(204);
    expect(await mine(late)).toEqual([]);
    expect((await g.call(late, 'GET', `/groups/v2/${group.id}`)).status).toBe(200);
    const status = await g.expectStatus<GroupInvitation[]>(200, await g.call(owner, 'GET', `/groups/v2/${group.id}/invitations`));
    expect(status[0]!.status).toBe('DECLINED');
    expect((await action(late, group, id, 'accept')).status).toBe(409);
  });

  it('lets admins revoke and resend pending invitations; the invitee then loses sight of a private group', async () => {
    const invitee = await service.createUser();
    const group = await g.groupWith(owner, 'private', { admin, normal });
    const id = await inviteOne(owner, group, invitee.email);
    const before = (await g.expectStatus<GroupInvitation[]>(200, await g.call(owner, 'GET', `/groups/v2/${group.id}/invitations`)))[0]!.sent!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await action(normal, group, id, 'resend')).status).toBe(404); // a normal member never sees invitations
    expect((await action(invitee, group, id, 'revoke')).status).toBe(403);
    expect((await action(admin, group, id, 'resend')).status).toBe(204);
    const after = (await g.expectStatus<GroupInvitation[]>(200, await g.call(owner, 'GET', `/groups/v2/${group.id}/invitations`)))[0]!;
    expect(after.sent! > before).toBe(true);
    expect(after.status).toBe('SENT');

    expect((await action(admin, group, id, 'revoke')).status).toBe(204);
    expect(await mine(invitee)).toEqual([]);
    expect((await g.call(invitee, 'GET', `/groups/v2/${group.id}`)).status).toBe(404);
    expect((await action(admin, group, id, 'resend')).status).toBe(409);
    expect((await action(admin, group, id, 'revoke')).status).toBe(409);
    const row = await g.expectStatus<GroupInvitation[]>(200, await g.call(owner, 'GET', `/groups/v2/${group.id}/invitations?invitation_code=${id}`));
    expect(row[0]!.status).toBe('REVOKED');
  });

  it('hides invitations from everyone but the invitee and the group\u2019s managers', async () => {
    const invitee = await service.createUser();
    const bystander = await service.createUser();
    const group = await g.groupWith(owner, 'public', { normal });
    const id = await inviteOne(owner, group, invitee.email);
    for (const user of [bystander, normal]) {
      expect((await g.call(user, 'GET', `/groups/v2/${group.id}/invitations?invitation_code=${id}`)).status).toBe(404);
      expect((await action(user, group, id, 'accept')).status).toBe(404);
      expect((await action(user, group, id, 'decline')).status).toBe(404);
    }
    expect((await g.call(normal, 'GET', `/groups/v2/${group.id}/invitations`)).status).toBe(403);
    expect((await action(invitee, group, '00000000-0000-4000-8000-000000000000', 'accept')).status).toBe(404);
    expect((await action(invitee, group, 'bad-id', 'accept')).status).toBe(404);
    const other = await g.createGroup(owner, { access_level: 'public' });
    expect((await action(invitee, other, id, 'accept')).status).toBe(404);
    expect(await mine(bystander)).toEqual([]);
    expect((await g.call(invitee, 'GET', '/groups/v2/invitations?limit=501')).status).toBe(400);
  });
});
