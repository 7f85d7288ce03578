// Follow relationships over real HTTP: the pending -> following -> removed states, who may
// do what, visibility, paging and the relation_id alias.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { mediaTypes } from '../../shared/vendor.ts';
import { Follow } from '../../shared/schemas/follower.ts';

const mt = mediaTypes();
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});

afterAll(async () => {
  await service?.stop();
});

async function call(who: TestUser, method: string, path: string, body?: unknown, contentType?: string) {
  const headers: Record<string, string> = { ...who.auth };
  if (body !== undefined) headers['Content-Type'] = contentType ?? mt.followRequest;
  const response = await service.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as Follow & Follow[] & { message: string } };
}

const follow = (who: TestUser, followed: string) => call(who, 'POST', '/followers', { followed });
const accept = (who: TestUser, id: string, body: unknown = { status: 'following' }) => call(who, 'PATCH', `/followers/${id}`, body, mt.followAcceptance);

describe('following a profile', () => {
  it('creates a pending follow with a Location, then the followed profile accepts it', async () => {
    const [alice, bob] = [await service.createUser(), await service.createUser()];
    const created = await follow(alice, bob.id);
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toContain(mt.follow);
    expect(Value.Check(Follow, created.body)).toBe(true);
    expect(created.body).toMatchObject({ follower_id: alice.id, followed_id: bob.id, status: 'pending' });
    expect(created.headers.get('location')).toBe(`${service.url}/followers/${created.body.id}`);

    const accepted = await accept(bob, created.body.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ ...created.body, status: 'following' });
    // Accepting again changes nothing.
    expect((await accept(bob, created.body.id)).body.status).toBe('following');
    expect((await call(alice, 'GET', `/followers/${created.body.id}`)).body.status).toBe('following');
  });

  it('answers a repeated request with the existing relationship', async () => {
    const [alice, bob] = [await service.createUser(), await service.createUser()];
    const first = await follow(alice, bob.id);
    const again = await follow(alice, bob.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // The other direction is a relationship of its own.
    const back = await follow(bob, alice.id);
    expect(back.status).toBe(201);
    expect(back.body.id).not.toBe(first.body.id);
  });

  it('refuses to follow oneself, unknown profiles and bad bodies', async () => {
    const alice = await service.createUser();
    const self = await follow(alice, alice.id);
    expect(self.status).toBe(400);
    expect(self.body.message).toMatch(/itself/);
    expect((await follow(alice, UNKNOWN)).status).toBe(404);
    expect((await follow(alice, 'not-a-uuid')).status).toBe(400);
    expect((await call(alice, 'POST', '/followers', {})).status).toBe(400);
    expect((await call(alice, 'POST', '/followers', { followed: 42 })).status).toBe(400);
    const badType = await call(alice, 'POST', '/followers', { followed: alice.id }, 'text/plain');
    expect(badType.status).toBe(415);
    const malformed = await service.fetch('/followers', { method: 'POST', headers: { ...alice.auth, 'Content-Type': mt.followRequest }, body: '{"followed":' });
    expect(malformed.status).toBe(400);
  });

  it('needs a user token', async () => {
    const bob = await service.createUser();
    const clientOnly = { Authorization: `Bearer ${await service.clientToken()}` };
    const response = await service.fetch('/followers', { method: 'POST', headers: { ...clientOnly, 'Content-Type': mt.followRequest }, body: JSON.stringify({ followed: bob.id }) });
    expect(response.status).toBe(400);
    expect((await service.fetch(`/followers?followed=${bob.id}`)).status).toBe(401);
  });
});

describe('accepting and removing', () => {
  it('lets only the followed profile accept, and hides the relationship from others', async () => {
    const [alice, bob, carol] = [await service.createUser(), await service.createUser(), await service.createUser()];
    const { body: pending } = await follow(alice, bob.id);
    const byFollower = await accept(alice, pending.id);
    expect(byFollower.status).toBe(403);
    expect((await accept(carol, pending.id)).status).toBe(404);
    expect((await accept(carol, pending.id, {})).status).toBe(404); // not told the body is wrong either
    expect((await accept(bob, UNKNOWN)).status).toBe(404);
    expect((await accept(bob, pending.id, { status: 'pending' })).status).toBe(400);
    expect((await accept(bob, pending.id, {})).status).toBe(400);
    expect((await call(carol, 'GET', `/followers/${pending.id}`)).status).toBe(404);
    expect((await call(alice, 'GET', `/followers/${pending.id}`)).body.status).toBe('pending');
  });

  it('accepts relation_id as the id in a body and checks it matches the path', async () => {
    const [alice, bob] = [await service.createUser(), await service.createUser()];
    const { body: pending } = await follow(alice, bob.id);
    expect((await accept(bob, pending.id, { relation_id: UNKNOWN, status: 'following' })).status).toBe(400);
    const accepted = await accept(bob, pending.id, { relation_id: pending.id, status: 'following' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('following');
  });

  it('deletes as cancel by the follower, reject by the followed, and unfollow', async () => {
    const [alice, bob, carol] = [await service.createUser(), await service.createUser(), await service.createUser()];
    const cancelled = (await follow(alice, bob.id)).body;
    expect((await call(carol, 'DELETE', `/followers/${cancelled.id}`)).status).toBe(404);
    expect((await call(alice, 'DELETE', `/followers/${cancelled.id}`)).status).toBe(204);
    expect((await call(alice, 'GET', `/followers/${cancelled.id}`)).status).toBe(404);
    expect((await call(alice, 'DELETE', `/followers/${cancelled.id}`)).status).toBe(404);

    const rejected = (await follow(alice, bob.id)).body;
    expect(rejected.id).not.toBe(cancelled.id);
    expect((await call(bob, 'DELETE', `/followers/${rejected.id}`)).status).toBe(204);
    expect((await accept(bob, rejected.id)).status).toBe(404);

    const unfollowed = (await follow(alice, bob.id)).body;
    await accept(bob, unfollowed.id);
    expect((await call(alice, 'DELETE', `/followers/${unfollowed.id}`)).status).toBe(204);
    expect((await call(bob, 'GET', `/followers?followed=${bob.id}`)).body).toEqual([]);
  });
});

describe('GET /followers', () => {
  it('lists followers and followings, filtered by status, pending ones only to the two profiles', async () => {
    const [star, fan1, fan2, fan3, stranger] = (await Promise.all(Array.from({ length: 5 }, () => service.createUser()))) as [TestUser, TestUser, TestUser, TestUser, TestUser];
    const follows = [];
    for (const fan of [fan1, fan2, fan3]) follows.push((await follow(fan, star.id)).body);
    await accept(star, follows[0]!.id);
    await accept(star, follows[1]!.id);

    const own = await call(star, 'GET', `/followers?followed=${star.id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toContain(mt.follow);
    expect(own.headers.get('service-count')).toBe('3');
    expect(own.body.map((f) => f.follower_id).sort()).toEqual([fan1.id, fan2.id, fan3.id].sort());
    expect((await call(star, 'GET', `/followers?followed=${star.id}&status=pending`)).body.map((f) => f.follower_id)).toEqual([fan3.id]);
    expect((await call(star, 'GET', `/followers?followed=${star.id}&status=following`)).body).toHaveLength(2);

    const seenByStranger = await call(stranger, 'GET', `/followers?followed=${star.id}`);
    expect(seenByStranger.body.map((f) => f.status)).toEqual(['following', 'following']);
    expect((await call(stranger, 'GET', `/followers?followed=${star.id}&status=pending`)).body).toEqual([]);

    const whomFan3Follows = await call(fan3, 'GET', `/followers?follower=${fan3.id}`);
    expect(whomFan3Follows.body).toEqual([follows[2]]);
    expect((await call(stranger, 'GET', `/followers?follower=${fan3.id}`)).body).toEqual([]);
    // Each of the two sees a pending request from the other direction too.
    expect((await call(fan3, 'GET', `/followers?followed=${star.id}&status=pending`)).body).toEqual([follows[2]]);
    expect((await call(star, 'GET', `/followers?follower=${fan3.id}`)).body).toEqual([follows[2]]);
  });

  it('pages with Link headers', async () => {
    const star = await service.createUser();
    const fans = await Promise.all(Array.from({ length: 5 }, () => service.createUser()));
    for (const fan of fans) await follow(fan, star.id);
    const first = await call(star, 'GET', `/followers?followed=${star.id}&limit=2`);
    expect(first.body).toHaveLength(2);
    expect(first.headers.get('service-count')).toBe('5');
    const seen = first.body.map((f) => f.id);
    let link = first.headers.get('link');
    while (link && /rel="next"/.test(link)) {
      const next = /<([^>]+)>;\s*rel="next"/.exec(link)![1]!;
      const response = await fetch(next, { headers: star.auth });
      const page = (await response.json()) as Follow[];
      seen.push(...page.map((f) => f.id));
      link = response.headers.get('link');
    }
    expect(new Set(seen).size).toBe(5);
    expect((await call(star, 'GET', `/followers?followed=${star.id}&limit=501`)).status).toBe(400);
  });

  it('looks a relationship up by id or relation_id', async () => {
    const [alice, bob, carol] = [await service.createUser(), await service.createUser(), await service.createUser()];
    const { body: pending } = await follow(alice, bob.id);
    expect((await call(bob, 'GET', `/followers?relation_id=${pending.id}`)).body).toEqual([pending]);
    expect((await call(alice, 'GET', `/followers?id=${pending.id}`)).body).toEqual([pending]);
    expect((await call(carol, 'GET', `/followers?relation_id=${pending.id}`)).body).toEqual([]);
  });

  it('needs exactly one of followed and follower, and a known profile', async () => {
    const alice = await service.createUser();
    const none = await call(alice, 'GET', '/followers');
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/No filter specified/);
    const both = await call(alice, 'GET', `/followers?followed=${alice.id}&follower=${alice.id}`);
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/Conflicting filters specified/);
    expect((await call(alice, 'GET', `/followers?followed=${UNKNOWN}`)).status).toBe(404);
    expect((await call(alice, 'GET', '/followers?followed=nope')).status).toBe(400);
    expect((await call(alice, 'GET', `/followers?followed=${alice.id}&status=blocked`)).status).toBe(400);
    expect((await call(alice, 'GET', `/followers?followed=${alice.id}`)).body).toEqual([]);
  });
});
