// Authors of annotations by name (people.names): a group member's annotations reach another
// member's replica with their author's name (the sync names them), the name stays known
// offline and in the replica file, names of members listed in the groups screen are kept
// too, and a name the service does not give is simply absent.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../../../server/testing/testService.ts';
import { openReplica } from '../replica/index.ts';
import { openApp, type AppUnderTest } from './peopleTesting.ts';

let service: TestService;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const apps: AppUnderTest[] = [];
let online = true;

beforeAll(async () => {
  service = await startTestService();
  alice = await service.createUser({ first_name: 'Alice', last_name: 'Archer' });
  bob = await service.createUser({ first_name: 'Bob', last_name: 'Baker' });
  carol = await service.createUser({ first_name: 'Carol', last_name: 'Cho' });
});
afterAll(async () => service.stop());
afterEach(async () => {
  online = true;
  for (const app of apps.splice(0)) await app.device.dispose();
});

function appOf(user: TestUser): AppUnderTest {
  const app = openApp(service.url, user, { signedIn: () => online });
  apps.push(app);
  return app;
}

async function groupOf(owner: AppUnderTest, member: AppUnderTest, name: string): Promise<string> {
  const group = await owner.run('groups.create', { name, access_level: 'private' });
  await owner.run('groups.invite', { id: group.id, emails: [member.user.email] });
  const invitation = (await member.run('groups.myInvitations')).find((i) => i.group_uuid === group.id)!;
  await member.run('groups.answerInvitation', { groupId: group.id, invitationId: invitation.invitation_uuid, answer: 'accept' });
  return group.id;
}

describe('people.names', () => {
  it('names the authors of a group’s annotations after a sync, offline too, and keeps them in the replica', async () => {
    const a = appOf(alice);
    const b = appOf(bob);
    const groupId = await groupOf(a, b, 'Names group');
    await a.device.sync();
    const doc = await a.run('documents.create', { title: 'Annotated together', type: 'journal', group_id: groupId });
    await a.run('annotations.create', { document_id: doc.id, text: 'Alice’s shared note', privacy_level: 'group' });
    await a.device.sync();

    await b.device.sync();
    const [shared] = (await b.run('documents.list', { groupId })).items;
    const [note] = await b.run('annotations.list', { documentId: shared!.id });
    expect(note).toMatchObject({ profile_id: alice.id, text: 'Alice’s shared note' });
    // The sync looked the author up: the name is there without asking the service again.
    expect(b.device.replica.profileNamesOf([alice.id])).toEqual({ [alice.id]: 'Alice Archer' });
    online = false;
    expect(await b.run('people.names', { ids: [alice.id, 'not-a-profile'] })).toEqual({ [alice.id]: 'Alice Archer' });

    // The replica file keeps it: another opening of it knows the name.
    const again = openReplica(`${b.device.dir}/library.sqlite`);
    try {
      expect(again.profileNamesOf([alice.id, bob.id])).toMatchObject({ [alice.id]: 'Alice Archer' });
      expect(again.unnamedAuthors(10)).not.toContain(alice.id);
    } finally {
      again.close();
    }
  });

  it('asks the service for names not known yet when signed in, and keeps the members listed', async () => {
    const a = appOf(alice);
    const c = appOf(carol);
    expect(c.device.replica.profileNamesOf([alice.id])).toEqual({});
    online = false;
    expect(await c.run('people.names', { ids: [alice.id] })).toEqual({});
    online = true;
    expect(await c.run('people.names', { ids: [alice.id, alice.id, 'no-such-profile'] })).toEqual({ [alice.id]: 'Alice Archer' });
    online = false;
    expect(await c.run('people.names', { ids: [alice.id] })).toEqual({ [alice.id]: 'Alice Archer' });

    online = true;
    const groupId = await groupOf(c, a, 'Listed members');
    expect((await c.run('groups.members', { id: groupId })).map((m) => m.name)).toEqual(['Carol Cho', 'Alice Archer']);
    expect(c.device.replica.profileNamesOf([carol.id, alice.id])).toEqual({ [carol.id]: 'Carol Cho', [alice.id]: 'Alice Archer' });

    expect(await c.attempt('people.names', { ids: 'everyone' } as never)).toMatchObject({ ok: false, error: { code: 'invalid', field: 'ids' } });
    expect(await c.attempt('people.names', { ids: Array.from({ length: 501 }, (_, i) => `p${i}`) })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'ids' } });
  });
});
