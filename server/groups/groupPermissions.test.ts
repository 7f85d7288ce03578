// The permission matrix: every access level against every role, for each thing one can do
// with a group (every call that changes one, checked against the route table), and the group
// library as documents and folders see it. The expected codes
// are written out, not derived from the rules, so that a rule that drifts fails here.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import type { Group, GroupAccessLevel } from '../../shared/schemas/group.ts';
import { groupsClient } from './groupsTesting.ts';

let service: TestService;
let g: ReturnType<typeof groupsClient>;
let users: Record<Role, TestUser>;
let target: TestUser;
let requester: TestUser;

const ROLES = ['owner', 'admin', 'normal', 'follower', 'outsider'] as const;
type Role = (typeof ROLES)[number];
const LEVELS: GroupAccessLevel[] = ['private', 'invite_only', 'public'];

beforeAll(async () => {
  service = await startTestService();
  g = groupsClient(service);
  const made = await Promise.all(ROLES.map(() => service.createUser()));
  users = Object.fromEntries(ROLES.map((role, i) => [role, made[i]!])) as Record<Role, TestUser>;
  target = await service.createUser();
  requester = await service.createUser();
});
afterAll(async () => service.stop());

/** A fresh group per cell, with a second normal member (`target`) to act on. Private groups have no followers. */
async function freshGroup(level: GroupAccessLevel): Promise<Group> {
  const group = await g.groupWith(users.owner, level, { admin: users.admin, normal: users.normal, ...(level === 'private' ? {} : { follower: users.follower }) });
  await service.ctx.db.insertInto('group_members').values({ group_id: group.id, profile_id: target.id, role: 'normal', joined: new Date().toISOString() }).execute();
  return group;
}

type Row = [owner: number, admin: number, normal: number, follower: number, outsider: number];
type Table = Record<GroupAccessLevel, Row>;

/** Something asked of the group: a join request by `requester`, an invitation to an outsider's address. */
async function pendingJoinRequest(group: Group): Promise<void> {
  await service.ctx.db.insertInto('group_join_requests').values({ group_id: group.id, profile_id: requester.id, message: null, created: new Date().toISOString() }).execute();
}
async function pendingInvitation(group: Group): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await service.ctx.db
    .insertInto('group_invitations')
    .values({ id, group_id: group.id, inviter_profile_id: users.owner.id, invitee_email: requester.email.toLowerCase(), invitee_profile_id: requester.id, message: null, status: 'SENT', created: now, sent: now, last_modified: now })
    .execute();
  return id;
}
const invitationAction = (action: string) => async (user: TestUser, group: Group) =>
  g.call(user, 'POST', `/groups/v2/${group.id}/invitations/${await pendingInvitation(group)}/actions/${action}`);
const joinRequestAnswer = (answer: string) => async (user: TestUser, group: Group) => {
  await pendingJoinRequest(group);
  return g.call(user, 'POST', `/groups/v2/${group.id}/members/${requester.id}/actions/${answer}`, { message: 'ok' }, { type: g.mt.groupMessage });
};

const actions: Record<string, { route: string; table: Table; run: (user: TestUser, group: Group) => Promise<Response> }> = {
  see: {
    route: 'GET /groups/v2/:id',
    table: { private: [200, 200, 200, 404, 404], invite_only: [200, 200, 200, 200, 200], public: [200, 200, 200, 200, 200] },
    run: (user, group) => g.call(user, 'GET', `/groups/v2/${group.id}`),
  },
  join: {
    route: 'POST /groups/v2/:id/members',
    table: { private: [409, 409, 409, 404, 404], invite_only: [409, 409, 409, 403, 403], public: [409, 409, 409, 204, 204] },
    run: (user, group) => g.call(user, 'POST', `/groups/v2/${group.id}/members`),
  },
  follow: {
    route: 'POST /groups/v2/:id/followers',
    table: { private: [403, 403, 403, 404, 404], invite_only: [409, 409, 409, 204, 204], public: [409, 409, 409, 204, 204] },
    run: (user, group) => g.call(user, 'POST', `/groups/v2/${group.id}/followers`),
  },
  'ask to join': {
    route: 'POST /groups/v2/:id/actions/join_request',
    table: { private: [409, 409, 409, 404, 404], invite_only: [409, 409, 409, 204, 204], public: [409, 409, 409, 409, 409] },
    run: (user, group) => g.call(user, 'POST', `/groups/v2/${group.id}/actions/join_request`, { message: 'please' }, { type: g.mt.groupMessage }),
  },
  invite: {
    route: 'POST /groups/v2/:id/invitations',
    table: { private: [200, 200, 403, 404, 404], invite_only: [200, 200, 403, 403, 403], public: [200, 200, 403, 403, 403] },
    run: (user, group) => g.call(user, 'POST', `/groups/v2/${group.id}/invitations`, { recipients: [{ email: 'someone@example.org' }] }, { type: g.mt.groupInvitation }),
  },
  'make admin': {
    route: 'PATCH /groups/v2/:id/members/:profile_id',
    table: { private: [200, 200, 403, 404, 404], invite_only: [200, 200, 403, 403, 403], public: [200, 200, 403, 403, 403] },
    run: (user, group) => g.call(user, 'PATCH', `/groups/v2/${group.id}/members/${target.id}`, { membership: 'admin' }, { type: g.mt.groupMembership }),
  },
  remove: {
    route: 'DELETE /groups/v2/:id/members/:profile_id',
    table: { private: [204, 204, 403, 404, 404], invite_only: [204, 204, 403, 403, 403], public: [204, 204, 403, 403, 403] },
    run: (user, group) => g.call(user, 'DELETE', `/groups/v2/${group.id}/members/${target.id}`),
  },
  patch: {
    route: 'PATCH /groups/v2/:id',
    table: { private: [200, 200, 403, 404, 404], invite_only: [200, 200, 403, 403, 403], public: [200, 200, 403, 403, 403] },
    run: (user, group) => g.call(user, 'PATCH', `/groups/v2/${group.id}`, { name: 'Changed' }, { type: g.mt.groupV2 }),
  },
  delete: {
    route: 'DELETE /groups/v2/:id',
    table: { private: [204, 403, 403, 404, 404], invite_only: [204, 403, 403, 403, 403], public: [204, 403, 403, 403, 403] },
    run: (user, group) => g.call(user, 'DELETE', `/groups/v2/${group.id}`),
  },
  'accept a join request': {
    route: 'POST /groups/v2/:id/members/:profile_id/actions/accept',
    table: { private: [204, 204, 403, 404, 404], invite_only: [204, 204, 403, 403, 403], public: [204, 204, 403, 403, 403] },
    run: joinRequestAnswer('accept'),
  },
  'decline a join request': {
    route: 'POST /groups/v2/:id/members/:profile_id/actions/decline',
    table: { private: [204, 204, 403, 404, 404], invite_only: [204, 204, 403, 403, 403], public: [204, 204, 403, 403, 403] },
    run: joinRequestAnswer('decline'),
  },
  // Invitations are seen by the group's managers and their invitee only: 404 to the others.
  'revoke an invitation': {
    route: 'POST /groups/v2/:id/invitations/:invitation_id/actions/revoke',
    table: { private: [204, 204, 404, 404, 404], invite_only: [204, 204, 404, 404, 404], public: [204, 204, 404, 404, 404] },
    run: invitationAction('revoke'),
  },
  'resend an invitation': {
    route: 'POST /groups/v2/:id/invitations/:invitation_id/actions/resend',
    table: { private: [204, 204, 404, 404, 404], invite_only: [204, 204, 404, 404, 404], public: [204, 204, 404, 404, 404] },
    run: invitationAction('resend'),
  },
  "accept someone else's invitation": {
    route: 'POST /groups/v2/:id/invitations/:invitation_id/actions/accept',
    table: { private: [403, 403, 404, 404, 404], invite_only: [403, 403, 404, 404, 404], public: [403, 403, 404, 404, 404] },
    run: invitationAction('accept'),
  },
  "decline someone else's invitation": {
    route: 'POST /groups/v2/:id/invitations/:invitation_id/actions/decline',
    table: { private: [403, 403, 404, 404, 404], invite_only: [403, 403, 404, 404, 404], public: [403, 403, 404, 404, 404] },
    run: invitationAction('decline'),
  },
  // The owner hands the group over first; a follower is not a member (it unfollows instead).
  leave: {
    route: 'DELETE /groups/v2/:id/members',
    table: { private: [409, 204, 204, 404, 404], invite_only: [409, 204, 204, 409, 409], public: [409, 204, 204, 409, 409] },
    run: (user, group) => g.call(user, 'DELETE', `/groups/v2/${group.id}/members`),
  },
  unfollow: {
    route: 'DELETE /groups/v2/:id/followers',
    table: { private: [409, 409, 409, 404, 404], invite_only: [409, 409, 409, 204, 409], public: [409, 409, 409, 204, 409] },
    run: (user, group) => g.call(user, 'DELETE', `/groups/v2/${group.id}/followers`),
  },
  'write to the library': {
    route: 'POST /documents',
    table: { private: [201, 201, 201, 404, 404], invite_only: [201, 201, 201, 403, 403], public: [201, 201, 201, 403, 403] },
    run: (user, group) => g.call(user, 'POST', '/documents', { title: 'Paper', group_id: group.id }, { type: service.ctx.mediaTypes.document }),
  },
  // A group anyone can see answers an outsider 403 (join or follow first), not "not found".
  'read the library': {
    route: 'GET /documents',
    table: { private: [200, 200, 200, 404, 404], invite_only: [200, 200, 200, 200, 403], public: [200, 200, 200, 200, 403] },
    run: (user, group) => g.call(user, 'GET', `/documents?group_id=${group.id}`),
  },
};

describe('permission matrix (access level x role)', () => {
  it('covers every call that changes a group (the library\u2019s writes have their own matrix in authorizationMatrix.test.ts)', () => {
    const covered = new Set(Object.values(actions).map((a) => a.route));
    const missing = service.routes
      .filter((r) => r.url.startsWith('/groups') && r.method !== 'GET' && !(r.method === 'POST' && r.url === '/groups/v2'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !covered.has(key));
    expect(missing).toEqual([]);
  });

  for (const [name, { table, run }] of Object.entries(actions)) {
    it(name, async () => {
      const seen: string[] = [];
      const wanted: string[] = [];
      for (const level of LEVELS) {
        for (const [i, role] of ROLES.entries()) {
          const group = await freshGroup(level);
          const res = await run(users[role], group);
          const body = await res.text();
          if (res.status >= 400) expect(JSON.parse(body).message, `${name} ${level} ${role}`).toEqual(expect.any(String));
          seen.push(`${level}/${role}: ${res.status}`);
          wanted.push(`${level}/${role}: ${table[level][i]}`);
        }
      }
      expect(seen).toEqual(wanted);
    });
  }
});

describe('the group library', () => {
  it('loses a removed member at once and lets a follower read but never write', async () => {
    const group = await freshGroup('public');
    const mt = service.ctx.mediaTypes;
    const created = await g.call(target, 'POST', '/documents', { title: 'Shared', group_id: group.id }, { type: mt.document });
    expect(created.status).toBe(201);
    const docId = ((await created.json()) as { id: string }).id;
    const folder = await g.call(users.normal, 'POST', '/folders', { name: 'Shared', group_id: group.id }, { type: mt.folder });
    const folderId = ((await folder.json()) as { id: string }).id;

    // The follower reads...
    expect((await g.call(users.follower, 'GET', `/documents/${docId}`)).status).toBe(200);
    const listed = await g.call(users.follower, 'GET', `/documents?group_id=${group.id}`);
    expect(((await listed.json()) as { id: string }[]).map((d) => d.id)).toEqual([docId]);
    expect((await g.call(users.follower, 'GET', `/folders/${folderId}`)).status).toBe(200);
    // ...and never writes.
    for (const [method, path, body, type] of [
      ['PATCH', `/documents/${docId}`, { title: 'Vandalised' }, mt.document],
      ['POST', `/documents/${docId}/trash`, undefined, undefined],
      ['DELETE', `/documents/${docId}`, undefined, undefined],
      ['POST', '/folders', { name: 'Mine', group_id: group.id }, mt.folder],
      ['PATCH', `/folders/${folderId}`, { name: 'Renamed' }, mt.folder],
      ['POST', `/folders/${folderId}/documents`, { id: docId }, mt.document],
    ] as const) {
      const res = await g.call(users.follower, method, path, body, type ? { type } : {});
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(((await (await g.call(users.owner, 'GET', `/documents/${docId}`)).json()) as { title: string }).title).toBe('Shared');

    // The writer is removed: every read and write of the group library stops at once.
    await g.expectStatus(204, await g.call(users.admin, 'DELETE', `/groups/v2/${group.id}/members/${target.id}`));
    expect((await g.call(target, 'GET', `/documents/${docId}`)).status).toBe(404);
    expect((await g.call(target, 'GET', `/documents?group_id=${group.id}`)).status).toBe(403);
    expect((await g.call(target, 'PATCH', `/documents/${docId}`, { title: 'Still mine?' }, { type: mt.document })).status).toBe(404);
    expect((await g.call(target, 'POST', '/documents', { title: 'New', group_id: group.id }, { type: mt.document })).status).toBe(403);
    expect((await g.call(target, 'GET', `/folders/${folderId}`)).status).toBe(404);

    // A follower who leaves loses read access too.
    await g.expectStatus(204, await g.call(users.follower, 'DELETE', `/groups/v2/${group.id}/followers`));
    expect((await g.call(users.follower, 'GET', `/documents/${docId}`)).status).toBe(404);
  });
});
