// Two users, each on their own replica, in one group: invitation and acceptance through the
// bridge commands, shared documents, files and annotations both ways, a follower who only
// reads (refused with 'forbidden', nothing lost locally), and removal taking the library away.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../../../server/testing/testService.ts';
import { openApp, type AppUnderTest } from './peopleTesting.ts';
import { downloadFile } from '../sync/fileTransfers.ts';

let service: TestService;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const apps: AppUnderTest[] = [];

beforeAll(async () => {
  service = await startTestService();
  alice = await service.createUser({ first_name: 'Alice', last_name: 'Archer' });
  bob = await service.createUser({ first_name: 'Bob', last_name: 'Baker' });
  carol = await service.createUser({ first_name: 'Carol', last_name: 'Cho' });
});
afterAll(async () => service.stop());
afterEach(async () => {
  for (const app of apps.splice(0)) await app.device.dispose();
});

function appOf(user: TestUser): AppUnderTest {
  const app = openApp(service.url, user);
  apps.push(app);
  return app;
}

/** A private group of Alice's that Bob joins by accepting her invitation in his app. */
async function sharedGroup(a: AppUnderTest, b: AppUnderTest, name: string): Promise<string> {
  const group = await a.run('groups.create', { name, access_level: 'private' });
  const results = await a.run('groups.invite', { id: group.id, emails: [b.user.email, 'not an address'] });
  expect(results).toEqual([
    { email: b.user.email, invitation_uuid: expect.any(String) },
    { email: 'not an address', error_message: expect.any(String) },
  ]);
  const mine = await b.run('groups.myInvitations');
  const invitation = mine.find((i) => i.group_uuid === group.id);
  expect(invitation).toMatchObject({ groupName: name, status: expect.stringMatching(/SENT|CREATED/) });
  await b.run('groups.answerInvitation', { groupId: group.id, invitationId: invitation!.invitation_uuid, answer: 'accept' });
  expect(await b.run('groups.myInvitations')).toEqual([]);
  return group.id;
}

describe('a group shared by two users on their own replicas', () => {
  it('shares documents, files and annotations both ways, with members and roles by name', async () => {
    const a = appOf(alice);
    const b = appOf(bob);
    const groupId = await sharedGroup(a, b, 'Reading group');
    const members = await a.run('groups.members', { id: groupId });
    expect(members.map((m) => [m.name, m.role])).toEqual([['Alice Archer', 'owner'], ['Bob Baker', 'normal']]);

    await a.device.sync();
    expect(await a.run('groups.synced')).toEqual([{ id: groupId, name: 'Reading group', role: 'owner', writable: true }]);
    const doc = await a.run('documents.create', { title: 'Shared paper', type: 'journal', group_id: groupId });
    const bytes = Buffer.from(`%PDF-1.4\n${'shared '.repeat(500)}\n%%EOF\n`);
    const { sha1, size } = await a.device.fileStore.put(bytes);
    a.device.replica.addFile({ document_id: doc.id, filehash: sha1, file_name: 'shared.pdf', mime_type: 'application/pdf', size, local_path: a.device.fileStore.pathOf(sha1) });
    await a.run('annotations.create', { document_id: doc.id, text: 'Read section 2 first', privacy_level: 'group' });
    const box = { top_left: { x: 10, y: 10 }, bottom_right: { x: 200, y: 24 }, page: 1 };
    await a.run('annotations.create', { document_id: doc.id, filehash: sha1, positions: [box], color: { r: 255, g: 245, b: 173 }, privacy_level: 'private' });
    await a.device.sync();
    const serverId = a.device.replica.listDocuments({ groupId })[0]!.id;

    await b.device.sync();
    expect(await b.run('groups.synced')).toEqual([{ id: groupId, name: 'Reading group', role: 'normal', writable: true }]);
    const onB = await b.run('documents.list', { groupId });
    expect(onB.items.map((d) => d.title)).toEqual(['Shared paper']);
    expect((await b.run('documents.list')).items).toEqual([]); // not in Bob's own library
    // Alice's group note reaches Bob; her private highlight does not.
    expect((await b.run('annotations.list', { documentId: serverId })).map((x) => [x.type, x.text])).toEqual([['note', 'Read section 2 first']]);
    const [file] = await b.run('files.list', { documentId: serverId });
    expect(file).toMatchObject({ filehash: sha1, size });
    await downloadFile(b.device, file!.id);
    expect((await b.device.fileStore.read(sha1)).equals(bytes)).toBe(true);

    // Bob, a member, writes back: a title change and a note of his own.
    await b.run('documents.update', { id: serverId, patch: { title: 'Shared paper (annotated)' } });
    await b.run('annotations.create', { document_id: serverId, filehash: sha1, positions: [{ ...box, page: 2 }], color: { r: 200, g: 230, b: 255 }, text: 'Agreed, section 2', privacy_level: 'group' });
    await b.device.sync();
    await a.device.sync();
    expect(a.device.replica.getDocument(serverId)?.title).toBe('Shared paper (annotated)');
    const onA = await a.run('annotations.list', { documentId: serverId });
    expect(onA.map((x) => `${x.type} ${x.privacy_level} ${x.text ?? ''}`).sort()).toEqual(['highlight group Agreed, section 2', 'highlight private ', 'note group Read section 2 first']);
  });

  it('lets a follower read but refuses every write with forbidden, losing nothing locally', async () => {
    const a = appOf(alice);
    const c = appOf(carol);
    const group = await a.run('groups.create', { name: 'Open lab', access_level: 'public' });
    await a.device.sync();
    await a.run('documents.create', { title: 'Open protocol', type: 'generic', group_id: group.id });
    await a.device.sync();

    await c.run('groups.follow', { id: group.id });
    await c.device.sync();
    expect(await c.run('groups.synced')).toEqual([{ id: group.id, name: 'Open lab', role: 'follower', writable: false }]);
    const [doc] = (await c.run('documents.list', { groupId: group.id })).items;
    expect(doc?.title).toBe('Open protocol');
    const personal = await c.run('documents.create', { title: 'Carol’s own draft', type: 'generic' });

    const attempts = [
      await c.attempt('documents.update', { id: doc!.id, patch: { title: 'Vandalised' } }),
      await c.attempt('documents.trash', { id: doc!.id }),
      await c.attempt('documents.create', { title: 'Sneaked in', type: 'generic', group_id: group.id }),
      await c.attempt('annotations.create', { document_id: doc!.id, text: 'A follower note' }),
      await c.attempt('folders.create', { name: 'Mine now', group_id: group.id }),
    ];
    for (const result of attempts) {
      expect(result).toEqual({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/follow “Open lab”.*read-only/) } });
    }
    // Nothing changed and nothing queued for the group; Carol's own library is untouched.
    expect(c.device.replica.getDocument(doc!.id)).toMatchObject({ title: 'Open protocol', trashed: false });
    expect(c.device.replica.listOutbox().every((entry) => entry.entity_id === personal.id)).toBe(true);
    expect((await c.run('documents.list')).items.map((d) => d.title)).toEqual(['Carol’s own draft']);
    await c.device.sync();
    expect((await c.run('documents.list', { groupId: group.id })).items.map((d) => d.title)).toEqual(['Open protocol']);

    // Joining makes her a member who writes.
    await c.run('groups.join', { id: group.id });
    await c.device.sync();
    expect((await c.run('groups.synced'))[0]).toMatchObject({ role: 'normal', writable: true });
    await c.run('documents.update', { id: doc!.id, patch: { title: 'Open protocol v2' } });
    await c.device.sync();
    await a.device.sync();
    expect(a.device.replica.getDocument(doc!.id)?.title).toBe('Open protocol v2');
  });

  it('takes the library away from a removed member at the next sync, and from one who leaves at once', async () => {
    const a = appOf(alice);
    const b = appOf(bob);
    const first = await sharedGroup(a, b, 'Short-lived');
    const second = await sharedGroup(a, b, 'Left behind');
    await a.device.sync();
    await a.run('documents.create', { title: 'Members only', type: 'generic', group_id: first });
    await a.run('documents.create', { title: 'Also members only', type: 'generic', group_id: second });
    await a.device.sync();
    await b.device.sync();
    expect((await b.run('documents.list', { groupId: first })).total).toBe(1);
    expect((await b.run('documents.list', { groupId: second })).total).toBe(1);

    await a.run('groups.removeMember', { id: first, profileId: bob.id });
    const serverId = a.device.replica.listDocuments({ groupId: first })[0]!.id;
    // The service refuses him at once...
    await expect(b.device.api.documents.get(serverId)).rejects.toMatchObject({ status: 404 });
    // ...and his replica lets go of the library at his next sync.
    await b.device.sync();
    const names = (await b.run('groups.synced')).map((g) => g.name);
    expect(names).toContain('Left behind');
    expect(names).not.toContain('Short-lived');
    expect((await b.run('documents.list', { groupId: first })).total).toBe(0);
    expect(b.device.replica.getDocument(serverId)).toBeUndefined();

    await b.run('groups.leave', { id: second });
    expect((await b.run('groups.synced')).map((g) => g.name)).not.toContain('Left behind');
    expect((await b.run('documents.list', { groupId: second })).total).toBe(0);
    const members = await a.run('groups.members', { id: second });
    expect(members.map((m) => m.name)).toEqual(['Alice Archer']);
  });
});
