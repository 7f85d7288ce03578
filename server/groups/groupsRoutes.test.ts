// Groups v1 and v2: create, read, list, change, delete, popular, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { parseLinkHeader } from '../../shared/paging.ts';
import type { Group, GroupMember } from '../../shared/schemas/group.ts';
import { groupsClient } from './groupsTesting.ts';

let service: TestService;
let g: ReturnType<typeof groupsClient>;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  service = await startTestService();
  g = groupsClient(service);
  alice = await service.createUser({ first_name: 'Alice', last_name: 'Archer' });
  bob = await service.createUser({ first_name: 'Bob', last_name: 'Baker' });
  carol = await service.createUser({ first_name: 'Carol', last_name: 'Cooper' });
});
afterAll(async () => service.stop());

describe('POST /groups/v2', () => {
  it('creates a group with the creator as owner, the access flags and a Location', async () => {
    const res = await g.call(alice, 'POST', '/groups/v2', {
      name: 'Reading club', description: 'We read', access_level: 'invite_only', disciplines: ['Biology'], tags: ['ml'], webpage: 'https://example.org',
    }, { type: g.mt.groupV2, accept: g.mt.groupV2 });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toContain(g.mt.groupV2);
    const group = (await res.json()) as Group;
    expect(group).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), link: `${service.url}/groups/v/${group.id}`, owning_profile_id: alice.id,
      access_level: 'invite_only', created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), name: 'Reading club',
      description: 'We read', disciplines: ['Biology'], tags: ['ml'], webpage: 'https://example.org', role: 'owner', invite_only: true, public: false,
    });
    expect(res.headers.get('location')).toBe(`${service.url}/groups/v2/${group.id}`);
    const members = await g.expectStatus<GroupMember[]>(200, await g.call(alice, 'GET', `/groups/v2/${group.id}/members`));
    expect(members).toEqual([{ profile_id: alice.id, role: 'owner', joined: expect.any(String) }]);
  });

  it('defaults to private, omits unset fields and sets public for public groups', async () => {
    const plain = await g.createGroup(alice, { name: 'Plain' });
    expect(plain.access_level).toBe('private');
    expect(plain).not.toHaveProperty('description');
    expect(plain).not.toHaveProperty('tags');
    expect(plain).toMatchObject({ invite_only: false, public: false });
    expect((await g.createGroup(alice, { name: 'Open', access_level: 'public' })).public).toBe(true);
  });

  it('refuses bad bodies with 400 and a message, and other media types with 415', async () => {
    const bad: unknown[] = [
      {}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(256) }, { name: 5 }, { name: 'G', access_level: 'secret' },
      { name: 'G', tags: 'ml' }, { name: 'G', tags: ['x'.repeat(101)] }, { name: 'G', colour: 'red' }, { name: 'G', disciplines: [1] },
    ];
    for (const body of bad) {
      const res = await g.call(alice, 'POST', '/groups/v2', body, { type: g.mt.groupV2 });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message).toEqual(expect.any(String));
    }
    expect((await g.call(alice, 'POST', '/groups/v2', '{"name":', { type: g.mt.groupV2 })).status).toBe(400);
    expect((await g.call(alice, 'POST', '/groups/v2', 'name', { type: 'text/plain' })).status).toBe(415);
    expect((await g.call(alice, 'POST', '/groups/v2', { name: 'G' }, { type: g.mt.groupV2, accept: g.mt.document })).status).toBe(406);
  });
});

describe('GET /groups/v2 and /groups/v2/{id}', () => {
  it('lists the caller\u2019s groups in every role with paging, and only theirs', async () => {
    const dave = await service.createUser();
    const owned = await g.createGroup(dave, { name: 'Mine 1', access_level: 'public' });
    const owned2 = await g.createGroup(dave, { name: 'Mine 2' });
    const followed = await g.createGroup(alice, { name: 'Followed', access_level: 'public' });
    await g.expectStatus(204, await g.call(dave, 'POST', `/groups/v2/${followed.id}/followers`));
    await g.createGroup(alice, { name: 'Not dave\u2019s', access_level: 'public' });

    const res = await g.call(dave, 'GET', '/groups/v2', undefined, { accept: g.mt.groupList });
    expect(res.headers.get('content-type')).toContain(g.mt.groupList);
    expect(res.headers.get(service.ctx.headers.count)).toBe('3');
    const groups = (await res.json()) as Group[];
    expect(groups.map((x) => [x.name, x.role])).toEqual([['Mine 1', 'owner'], ['Mine 2', 'owner'], ['Followed', 'follower']]);

    const first = await g.call(dave, 'GET', '/groups/v2?limit=2');
    expect(((await first.json()) as Group[]).map((x) => x.id)).toEqual([owned.id, owned2.id]);
    const next = parseLinkHeader(first.headers.get('link') ?? '').next;
    expect(next).toBeDefined();
    const second = await service.fetch(next!.replace(service.url, ''), { headers: { ...dave.auth, Accept: '*/*' } });
    expect(((await second.json()) as Group[]).map((x) => x.id)).toEqual([followed.id]);

    for (const limit of ['0', '501', 'x']) expect((await g.call(dave, 'GET', `/groups/v2?limit=${limit}`)).status, limit).toBe(400);
    expect((await g.call(dave, 'GET', '/groups/v2?limit=500')).status).toBe(200);
  });

  it('shows a public or invite-only group to anyone (without a role) and hides a private one (404)', async () => {
    for (const level of ['public', 'invite_only'] as const) {
      const group = await g.createGroup(alice, { access_level: level });
      const seen = await g.expectStatus<Group>(200, await g.call(bob, 'GET', `/groups/v2/${group.id}`, undefined, { accept: g.mt.groupV2 }));
      expect(seen).toMatchObject({ id: group.id, access_level: level });
      expect(seen).not.toHaveProperty('role');
      expect(seen).not.toHaveProperty('invite_only');
    }
    const hidden = await g.createGroup(alice, { access_level: 'private' });
    const res = await g.call(bob, 'GET', `/groups/v2/${hidden.id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Group not found' });
    expect((await g.call(bob, 'GET', '/groups/v2/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await g.call(bob, 'GET', '/groups/v2/not-a-uuid')).status).toBe(404);
    expect((await g.expectStatus<Group>(200, await g.call(alice, 'GET', `/groups/v2/${hidden.id}`))).role).toBe('owner');
  });
});

describe('PATCH and DELETE /groups/v2/{id}', () => {
  it('lets the owner and admins change fields, clear them with null and change the access level', async () => {
    const group = await g.groupWith(alice, 'public', { admin: bob });
    const changed = await g.expectStatus<Group>(200, await g.call(bob, 'PATCH', `/groups/v2/${group.id}`, {
      name: 'Renamed', description: 'About', tags: ['a', 'b'], access_level: 'invite_only',
    }, { type: g.mt.groupV2, accept: g.mt.groupV2 }));
    expect(changed).toMatchObject({ name: 'Renamed', description: 'About', tags: ['a', 'b'], access_level: 'invite_only', role: 'admin' });
    const cleared = await g.expectStatus<Group>(200, await g.call(alice, 'PATCH', `/groups/v2/${group.id}`, { description: null, tags: null }, { type: g.mt.groupV2 }));
    expect(cleared).not.toHaveProperty('description');
    expect(cleared).not.toHaveProperty('tags');
    expect(cleared.name).toBe('Renamed');
    const same = await g.expectStatus<Group>(200, await g.call(alice, 'PATCH', `/groups/v2/${group.id}`, {}, { type: g.mt.groupV2 }));
    expect(same).toEqual(cleared);
    for (const body of [{ name: null }, { name: '' }, { access_level: 'secret' }, { owner: 'x' }]) {
      expect((await g.call(alice, 'PATCH', `/groups/v2/${group.id}`, body, { type: g.mt.groupV2 })).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('drops followers and join requests when a group becomes private', async () => {
    const group = await g.groupWith(alice, 'invite_only', { follower: bob });
    await g.expectStatus(204, await g.call(carol, 'POST', `/groups/v2/${group.id}/actions/join_request`, { message: 'me' }, { type: g.mt.groupMessage }));
    await g.expectStatus(200, await g.call(alice, 'PATCH', `/groups/v2/${group.id}`, { access_level: 'private' }, { type: g.mt.groupV2 }));
    expect((await g.call(bob, 'GET', `/groups/v2/${group.id}`)).status).toBe(404);
    const members = await g.expectStatus<GroupMember[]>(200, await g.call(alice, 'GET', `/groups/v2/${group.id}/members`));
    expect(members.map((m) => m.role)).toEqual(['owner']);
    expect((await g.call(alice, 'POST', `/groups/v2/${group.id}/members/${carol.id}/actions/accept`)).status).toBe(404);
  });

  it('deletes a group with its library (204), for the owner only', async () => {
    const group = await g.groupWith(alice, 'public', { admin: bob, normal: carol });
    const doc = await g.call(carol, 'POST', '/documents', { title: 'Shared paper', group_id: group.id }, { type: service.ctx.mediaTypes.document });
    expect(doc.status).toBe(201);
    const docId = ((await doc.json()) as { id: string }).id;
    const folder = await g.call(carol, 'POST', '/folders', { name: 'Shared folder', group_id: group.id }, { type: service.ctx.mediaTypes.folder });
    expect(folder.status).toBe(201);

    const byAdmin = await g.call(bob, 'DELETE', `/groups/v2/${group.id}`);
    expect(byAdmin.status).toBe(403);
    expect((await byAdmin.json()).message).toMatch(/owner/);
    expect((await g.call(carol, 'DELETE', `/groups/v2/${group.id}`)).status).toBe(403);

    const res = await g.call(alice, 'DELETE', `/groups/v2/${group.id}`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await g.call(alice, 'GET', `/groups/v2/${group.id}`)).status).toBe(404);
    expect((await g.call(carol, 'GET', `/documents/${docId}`)).status).toBe(404);
    expect(await service.ctx.db.selectFrom('documents').select('id').where('group_id', '=', group.id).execute()).toEqual([]);
    expect(await service.ctx.db.selectFrom('folders').select('id').where('group_id', '=', group.id).execute()).toEqual([]);
    expect(await service.ctx.db.selectFrom('group_members').select('profile_id').where('group_id', '=', group.id).execute()).toEqual([]);
    const tombstone = await service.ctx.db.selectFrom('tombstones').select('id').where('id', '=', docId).executeTakeFirst();
    expect(tombstone?.id).toBe(docId);
    expect((await g.call(alice, 'DELETE', `/groups/v2/${group.id}`)).status).toBe(404);
  });
});

describe('GET /groups/v2/popular', () => {
  it('orders public and invite-only groups by member count, never shows private ones, and honours limit', async () => {
    const popular = await service.createUser();
    const users = await Promise.all([1, 2, 3, 4].map(() => service.createUser()));
    const big = await g.createGroup(popular, { name: 'Big', access_level: 'invite_only' });
    const middle = await g.createGroup(popular, { name: 'Middle', access_level: 'public' });
    const hidden = await g.createGroup(popular, { name: 'Hidden', access_level: 'private' });
    const rows = [
      ...users.map((u) => ({ group_id: big.id, profile_id: u.id, role: 'normal' })),
      ...users.slice(0, 2).map((u) => ({ group_id: middle.id, profile_id: u.id, role: 'admin' })),
      ...users.map((u) => ({ group_id: hidden.id, profile_id: u.id, role: 'normal' })),
    ].map((r) => ({ ...r, joined: new Date().toISOString() }));
    await service.ctx.db.insertInto('group_members').values(rows).execute();
    // Followers do not count as members.
    const followers = await Promise.all([1, 2, 3, 4, 5].map(() => service.createUser()));
    for (const f of followers) await g.expectStatus(204, await g.call(f, 'POST', `/groups/v2/${middle.id}/followers`));

    const res = await g.call(users[0]!, 'GET', '/groups/v2/popular?limit=2', undefined, { accept: g.mt.groupList });
    expect(res.status).toBe(200);
    const list = (await res.json()) as Group[];
    expect(list.map((x) => x.name)).toEqual(['Big', 'Middle']);
    expect(list.map((x) => x.role)).toEqual(['normal', 'admin']);
    const all = await g.expectStatus<Group[]>(200, await g.call(bob, 'GET', '/groups/v2/popular?limit=500'));
    expect(all.map((x) => x.id)).not.toContain(hidden.id);
    expect(all.every((x) => x.access_level !== 'private')).toBe(true);
    expect((await g.call(bob, 'GET', '/groups/v2/popular?limit=501')).status).toBe(400);
  });
});

describe('groups v1', () => {
  it('lists the caller\u2019s groups (followed ones too), shows one group and pages its members with v1 roles', async () => {
    const erin = await service.createUser();
    const group = await g.groupWith(erin, 'public', { admin: alice, normal: bob, follower: carol });
    await service.ctx.db.updateTable('group_members').set({ role: 'member' }).where('group_id', '=', group.id).where('profile_id', '=', bob.id).execute();
    const frank = await service.createUser();
    await service.ctx.db.insertInto('group_members').values({ group_id: group.id, profile_id: frank.id, role: 'user', joined: new Date(Date.now() + 1000).toISOString() }).execute();

    const list = await g.call(carol, 'GET', '/groups', undefined, { accept: g.mt.group });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toContain(g.mt.group);
    const groups = (await list.json()) as Group[];
    expect(groups.find((x) => x.id === group.id)?.role).toBe('follower');

    const one = await g.expectStatus<Group>(200, await g.call(bob, 'GET', `/groups/${group.id}`, undefined, { accept: g.mt.group }));
    expect(one).toMatchObject({ id: group.id, role: 'normal', access_level: 'public', owning_profile_id: erin.id });
    expect(one).not.toHaveProperty('public');

    const first = await g.call(erin, 'GET', `/groups/${group.id}/members?limit=3`, undefined, { accept: g.mt.membership });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain(g.mt.membership);
    expect(first.headers.get(service.ctx.headers.count)).toBe('5');
    const page1 = (await first.json()) as GroupMember[];
    const next = parseLinkHeader(first.headers.get('link') ?? '').next!;
    const page2 = (await (await service.fetch(next.replace(service.url, ''), { headers: { ...erin.auth, Accept: '*/*' } })).json()) as GroupMember[];
    const roles = Object.fromEntries([...page1, ...page2].map((m) => [m.profile_id, m.role]));
    expect(roles).toEqual({ [erin.id]: 'owner', [alice.id]: 'admin', [bob.id]: 'normal', [carol.id]: 'follower', [frank.id]: 'user' });

    const hidden = await g.createGroup(erin, { access_level: 'private' });
    expect((await g.call(bob, 'GET', `/groups/${hidden.id}`)).status).toBe(404);
    expect((await g.call(bob, 'GET', `/groups/${hidden.id}/members`)).status).toBe(404);
    expect((await g.call(bob, 'GET', '/groups?limit=501')).status).toBe(400);
  });
});
