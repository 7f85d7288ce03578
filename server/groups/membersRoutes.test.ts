// Groups v2 memberships over real HTTP: join, leave, follow, remove, roles, join requests, search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import type { GroupMember } from '../../shared/schemas/group.ts';
import { groupsClient } from './groupsTesting.ts';

let service: TestService;
let g: ReturnType<typeof groupsClient>;
let owner: TestUser;
let admin: TestUser;
let normal: TestUser;
let other: TestUser;

beforeAll(async () => {
  service = await startTestService();
  g = groupsClient(service);
  owner = await service.createUser({ first_name: 'Olga', last_name: 'Owens' });
  admin = await service.createUser({ first_name: 'Adam', last_name: 'Adler' });
  normal = await service.createUser({ first_name: 'Nina', last_name: 'Norman' });
  other = await service.createUser({ first_name: 'Otto', last_name: 'Smith-Björk' });
});
afterAll(async () => service.stop());

async function roleOf(groupId: string, user: TestUser): Promise<string | undefined> {
  const members = await g.expectStatus<GroupMember[]>(200, await g.call(owner, 'GET', `/groups/v2/${groupId}/members?limit=500`));
  return members.find((m) => m.profile_id === user.id)?.role;
}

describe('joining and leaving', () => {
  it('joins a public group (204) as normal, refuses a second join (409), and leaves (204)', async () => {
    const group = await g.createGroup(owner, { access_level: 'public' });
    const res = await g.call(other, 'POST', `/groups/v2/${group.id}/members`);
    expect(res.status).toBe(204);
    expect(await roleOf(group.id, other)).toBe('normal');
    expect((await g.call(other, 'POST', `/groups/v2/${group.id}/members`)).status).toBe(409);
    expect((await g.call(other, 'DELETE', `/groups/v2/${group.id}/members`)).status).toBe(204);
    expect(await roleOf(group.id, other)).toBeUndefined();
    const again = await g.call(other, 'DELETE', `/groups/v2/${group.id}/members`);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/not a member/);
  });

  it('refuses to let the owner leave without handing over, then lets them after a handover', async () => {
    const group = await g.groupWith(owner, 'public', { admin });
    const res = await g.call(owner, 'DELETE', `/groups/v2/${group.id}/members`);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/hand it over/);
    const handed = await g.call(owner, 'PATCH', `/groups/v2/${group.id}/members/${admin.id}`, { membership: 'owner' }, { type: g.mt.groupMembership, accept: g.mt.groupMembership });
    expect(handed.status).toBe(200);
    expect(await handed.json()).toEqual({ profile_id: admin.id, role: 'owner', joined: expect.any(String) });
    const after = await g.call(owner, 'GET', `/groups/v2/${group.id}`);
    expect(await after.json()).toMatchObject({ owning_profile_id: admin.id, role: 'admin' });
    expect((await g.call(owner, 'DELETE', `/groups/v2/${group.id}/members`)).status).toBe(204);
    expect((await g.call(admin, 'DELETE', `/groups/v2/${group.id}`)).status).toBe(204);
  });

  it('makes a follower who joins a member', async () => {
    const group = await g.createGroup(owner, { access_level: 'public' });
    expect((await g.call(other, 'POST', `/groups/v2/${group.id}/followers`)).status).toBe(204);
    expect(await roleOf(group.id, other)).toBe('follower');
    expect((await g.call(other, 'POST', `/groups/v2/${group.id}/members`)).status).toBe(204);
    expect(await roleOf(group.id, other)).toBe('normal');
  });
});

describe('following', () => {
  it('follows and unfollows public and invite-only groups; following twice is fine', async () => {
    for (const level of ['public', 'invite_only'] as const) {
      const group = await g.createGroup(owner, { access_level: level });
      expect((await g.call(other, 'POST', `/groups/v2/${group.id}/followers`)).status).toBe(204);
      expect((await g.call(other, 'POST', `/groups/v2/${group.id}/followers`)).status).toBe(204);
      expect(await roleOf(group.id, other)).toBe('follower');
      expect((await g.call(other, 'DELETE', `/groups/v2/${group.id}/followers`)).status).toBe(204);
      expect(await roleOf(group.id, other)).toBeUndefined();
      expect((await g.call(other, 'DELETE', `/groups/v2/${group.id}/followers`)).status).toBe(409);
    }
  });

  it('never lets a private group be followed, and members need not follow', async () => {
    const group = await g.groupWith(owner, 'private', { normal });
    expect((await g.call(other, 'POST', `/groups/v2/${group.id}/followers`)).status).toBe(404);
    const byMember = await g.call(normal, 'POST', `/groups/v2/${group.id}/followers`);
    expect(byMember.status).toBe(403);
    expect((await byMember.json()).message).toMatch(/Private groups cannot be followed/);
    const open = await g.groupWith(owner, 'public', { normal });
    expect((await g.call(normal, 'POST', `/groups/v2/${open.id}/followers`)).status).toBe(409);
    expect(await roleOf(open.id, normal)).toBe('normal');
  });
});

describe('removing members and changing roles', () => {
  it('lets the owner and admins remove members and followers at once; admins cannot remove the owner', async () => {
    const follower = await service.createUser();
    const group = await g.groupWith(owner, 'public', { admin, normal, follower });
    const byNormal = await g.call(normal, 'DELETE', `/groups/v2/${group.id}/members/${follower.id}`);
    expect(byNormal.status).toBe(403);
    expect((await g.call(admin, 'DELETE', `/groups/v2/${group.id}/members/${follower.id}`)).status).toBe(204);
    expect(await roleOf(group.id, follower)).toBeUndefined();
    const ownerRemoval = await g.call(admin, 'DELETE', `/groups/v2/${group.id}/members/${owner.id}`);
    expect(ownerRemoval.status).toBe(403);
    expect((await ownerRemoval.json()).message).toMatch(/Admins cannot remove the owner/);
    expect((await g.call(owner, 'DELETE', `/groups/v2/${group.id}/members/${owner.id}`)).status).toBe(409);
    expect((await g.call(admin, 'DELETE', `/groups/v2/${group.id}/members/${other.id}`)).status).toBe(404);
    expect((await g.call(admin, 'DELETE', `/groups/v2/${group.id}/members/not-a-uuid`)).status).toBe(404);
    expect((await g.call(owner, 'DELETE', `/groups/v2/${group.id}/members/${admin.id}`)).status).toBe(204);
    expect((await g.call(normal, 'DELETE', `/groups/v2/${group.id}/members/${normal.id}`)).status).toBe(204);
    expect(await roleOf(group.id, normal)).toBeUndefined();
  });

  it('lets owners and admins make admins and normal members, and nobody else', async () => {
    const second = await service.createUser();
    const follower = await service.createUser();
    const group = await g.groupWith(owner, 'public', { admin, normal, follower });
    await service.ctx.db.insertInto('group_members').values({ group_id: group.id, profile_id: second.id, role: 'normal', joined: new Date().toISOString() }).execute();
    const patch = (by: TestUser, target: TestUser, membership: string) =>
      g.call(by, 'PATCH', `/groups/v2/${group.id}/members/${target.id}`, { membership }, { type: g.mt.groupMembership });

    expect((await patch(normal, second, 'admin')).status).toBe(403);
    expect((await patch(follower, second, 'admin')).status).toBe(403);
    const made = await patch(admin, normal, 'admin');
    expect(made.status).toBe(200);
    expect(await made.json()).toMatchObject({ profile_id: normal.id, role: 'admin' });
    expect((await patch(owner, normal, 'normal')).status).toBe(200);
    expect(await roleOf(group.id, normal)).toBe('normal');
    expect((await patch(admin, owner, 'normal')).status).toBe(403);
    expect((await patch(owner, owner, 'admin')).status).toBe(409);
    expect((await patch(admin, second, 'owner')).status).toBe(403);
    expect((await patch(owner, follower, 'admin')).status).toBe(409);
    expect((await patch(owner, other, 'admin')).status).toBe(404);
    for (const body of [{ membership: 'emperor' }, {}, { membership: 'admin', extra: 1 }]) {
      expect((await g.call(owner, 'PATCH', `/groups/v2/${group.id}/members/${second.id}`, body, { type: g.mt.groupMembership })).status).toBe(400);
    }
    expect(await roleOf(group.id, owner)).toBe('owner');
  });
});

describe('join requests on invite-only groups', () => {
  it('refuses direct joins (403) and lets admins accept or decline requests', async () => {
    const asker = await service.createUser();
    const group = await g.groupWith(owner, 'invite_only', { admin, normal });
    const direct = await g.call(other, 'POST', `/groups/v2/${group.id}/members`);
    expect(direct.status).toBe(403);
    expect((await direct.json()).message).toMatch(/invite-only/);

    expect((await g.call(other, 'POST', `/groups/v2/${group.id}/actions/join_request`, { message: 'Let me in' }, { type: g.mt.groupMessage })).status).toBe(204);
    expect((await g.call(asker, 'POST', `/groups/v2/${group.id}/actions/join_request`)).status).toBe(204);
    expect((await g.call(normal, 'POST', `/groups/v2/${group.id}/actions/join_request`)).status).toBe(409);
    expect((await g.call(other, 'POST', `/groups/v2/${group.id}/actions/join_request`, { message: 5 }, { type: g.mt.groupMessage })).status).toBe(400);

    // Owners and admins see who waits, oldest first; members and the askers themselves do not.
    const waiting = await g.expectStatus<{ profile_id: string; message?: string }[]>(200, await g.call(admin, 'GET', `/groups/v2/${group.id}/join_requests`));
    expect(waiting).toEqual([
      { profile_id: other.id, message: 'Let me in', created: expect.any(String) },
      { profile_id: asker.id, created: expect.any(String) },
    ]);
    expect((await g.call(normal, 'GET', `/groups/v2/${group.id}/join_requests`)).status).toBe(403);
    expect((await g.call(other, 'GET', `/groups/v2/${group.id}/join_requests`)).status).toBe(403);

    expect((await g.call(normal, 'POST', `/groups/v2/${group.id}/members/${other.id}/actions/accept`)).status).toBe(403);
    expect((await g.call(admin, 'POST', `/groups/v2/${group.id}/members/${other.id}/actions/accept`, { message: 'Welcome' }, { type: g.mt.groupMessage })).status).toBe(204);
    expect(await roleOf(group.id, other)).toBe('normal');
    expect((await g.call(admin, 'POST', `/groups/v2/${group.id}/members/${other.id}/actions/accept`)).status).toBe(404);
    expect((await g.call(owner, 'POST', `/groups/v2/${group.id}/members/${asker.id}/actions/decline`)).status).toBe(204);
    expect(await roleOf(group.id, asker)).toBeUndefined();
    expect((await g.call(owner, 'POST', `/groups/v2/${group.id}/members/${asker.id}/actions/accept`)).status).toBe(404);
    expect(await g.expectStatus(200, await g.call(owner, 'GET', `/groups/v2/${group.id}/join_requests`))).toEqual([]);
  });

  it('keeps a follower who asks as a follower until accepted', async () => {
    const group = await g.createGroup(owner, { access_level: 'invite_only' });
    await g.expectStatus(204, await g.call(other, 'POST', `/groups/v2/${group.id}/followers`));
    await g.expectStatus(204, await g.call(other, 'POST', `/groups/v2/${group.id}/actions/join_request`));
    expect(await roleOf(group.id, other)).toBe('follower');
    await g.expectStatus(204, await g.call(owner, 'POST', `/groups/v2/${group.id}/members/${other.id}/actions/accept`));
    expect(await roleOf(group.id, other)).toBe('normal');
  });

  it('sends public groups to a direct join and hides private ones', async () => {
    const open = await g.createGroup(owner, { access_level: 'public' });
    expect((await g.call(other, 'POST', `/groups/v2/${open.id}/actions/join_request`)).status).toBe(409);
    const closed = await g.createGroup(owner, { access_level: 'private' });
    expect((await g.call(other, 'POST', `/groups/v2/${closed.id}/actions/join_request`)).status).toBe(404);
    expect((await g.call(other, 'POST', `/groups/v2/${closed.id}/members`)).status).toBe(404);
  });
});

describe('GET /groups/v2/{id}/members', () => {
  it('matches query against first or last name, ignoring case, and pages', async () => {
    const group = await g.groupWith(owner, 'public', { admin, normal, follower: other });
    const find = async (query: string) => {
      const res = await g.call(normal, 'GET', `/groups/v2/${group.id}/members?query=${encodeURIComponent(query)}`, undefined, { accept: g.mt.groupMemberList });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(g.mt.groupMemberList);
      return ((await res.json()) as GroupMember[]).map((m) => m.profile_id).sort();
    };
    expect(await find('NINA')).toEqual([normal.id]);
    expect(await find('adler')).toEqual([admin.id]);
    expect(await find('o')).toEqual([owner.id, normal.id, other.id].sort()); // Olga Owens, Nina Norman, Otto
    expect(await find('smith-')).toEqual([other.id]);
    expect(await find('%')).toEqual([]);
    expect(await find('_')).toEqual([]);
    expect(await find('')).toHaveLength(4);
    const paged = await g.call(normal, 'GET', `/groups/v2/${group.id}/members?limit=2`);
    expect(paged.headers.get(service.ctx.headers.count)).toBe('4');
    expect((await paged.json()) as unknown[]).toHaveLength(2);
    expect(paged.headers.get('link')).toContain('rel="next"');
    expect((await g.call(normal, 'GET', `/groups/v2/${group.id}/members?limit=501`)).status).toBe(400);
    expect((await g.call(normal, 'GET', `/groups/v2/${group.id}/members?query=${'x'.repeat(256)}`)).status).toBe(400);
  });
});
