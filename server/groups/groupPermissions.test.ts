// The permission matrix: every access level against every role, for each thing one can do
// with a group, and the group library as documents and folders see it. The expected codes
// are written out, not derived from the rules, so that a rule that drifts fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import type { Group, GroupAccessLevel } from '../../shared/schemas/group.ts';
import { groupsClient } from './groupsTesting.ts';

let service: TestService;
let g: ReturnType<typeof groupsClient>;
let users: Record<Role, TestUser>;
let target: TestUser;

const ROLES = ['owner', 'admin', 'normal', 'follower', 'outsider'] as const;
type Role = (typeof ROLES)[number];
const LEVELS: GroupAccessLevel[] = ['private', 'invite_only', 'public'];

beforeAll(async () => {
  service = await startTestService();
  g = groupsClient(service);
  const made = await Promise.all(ROLES.map(() => service.createUser()));
  users = Object.fromEntries(ROLES.map((role, i) => [role, made[i]!])) as Record<Role, TestUser>;
  target = await service.createUser();
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

const actions: Record<string, { table: Table; run: (user: TestUser, group: Group) => Promise<Response> }> = {
  see: {
    table: { private: [200, 200, 200, 404, 404], invite_only: [200, 200, 200, 200, 200], public: [200, 200, 200, 200, 200] },
    run: (user, group) => g.call(user, 'GET', `/groups/v2/${group.id}`),
  },
  join: {
    table: { private: [409, 409, 409, 404, 404], invite_only: [409, 409, 409, 403, 403], public: [409, 409, 409, 204, 204] },
    run: (user, group) => g.call(user, 'POST', `/groups/v2/${group.id}/members`),
  },
  follow: {
    table: { private: [403, 403, 403, 404, 404], invite_only: [409, 409, 409, 204, 204], public: [409, 409, 409, 204, 204] },
    run: (user, group) => g.call(user, 'POST', `/groups/v2/${group.id}/followers`),
  },
  'ask to join': {
    table: { private: [409, 409, 409, 404, 404], invite_only: [409, 409, 409, 204, 204], public: [409, 409, 409, 409, 409] },
    run: (user, group) => g.call(user, 'POST', `/groups/v2/${group.id}/actions/join_request`, { message: 'please' }, { type: g.mt.groupMessage }),
  },
  invite: {
    table: { private: [200, 200, 403, 404, 404], invite_only: [200, 200, 403, 403, 403], public: [200, 200, 403, 403, 403] },
    run: (user, group) => g.call(user, 'POST', `/groups/v2/${group.id}/invitations`, { recipients: [{ email: 'someone@example.org' }] }, { type: g.mt.groupInvitation }),
  },
  'make admin': {
    table: { private: [200, 200, 403, 404, 404], invite_only: [200, 200, 403, 403, 403], public: [200, 200, 403, 403, 403] },
    run: (user, group) => g.call(user, 'PATCH', `/groups/v2/${group.id}/members/${target.id}`, { membership: 'admin' }, { type: g.mt.groupMembership }),
  },
  remove: {
    table: { private: [204, 204, 403, 404, 404], invite_only: [204, 204, 403, 403, 403], public: [204, 204, 403, 403, 403] },
    run: (user, group) => g.call(user, 'DELETE', `/groups/v2/${group.id}/members/${target.id}`),
  },
  patch: {
    table: { private: [200, 200, 403, 404, 404], invite_only: [200, 200, 403, 403, 403], public: [200, 200, 403, 403, 403] },
    run: (user, group) => g.call(user, 'PATCH', `/groups/v2/${group.id}`, { name: 'Changed' }, { type: g.mt.groupV2 }),
  },
  delete: {
    table: { private: [204, 403, 403, 404, 404], invite_only: [204, 403, 403, 403, 403], public: [204, 403, 403, 403, 403] },
    run: (user, group) => g.call(user, 'DELETE', `/groups/v2/${group.id}`),
  },
  'write to the library': {
    table: { private: [201, 201, 201, 404, 404], invite_only: [201, 201, 201, 403, 403], public: [201, 201, 201, 403, 403] },
    run: (user, group) => g.call(user, 'POST', '/documents', { title: 'Paper', group_id: group.id }, { type: service.ctx.mediaTypes.document }),
  },
  // A group anyone can see answers an outsider 403 (join or follow first), not "not found".
  'read the library': {
    table: { private: [200, 200, 200, 404, 404], invite_only: [200, 200, 200, 200, 403], public: [200, 200, 200, 200, 403] },
    run: (user, group) => g.call(user, 'GET', `/documents?group_id=${group.id}`),
  },
};

describe('permission matrix (access level x role)', () => {
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
