// Copy to group over two real replicas and one real service: the copy carries the work's
// fields, its PDF and (on request) the person's annotations, lands in a group folder, syncs
// to another member; personal flags stay behind; a failure mid-copy leaves nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../../../server/testing/testService.ts';
import { BridgeFailure } from '../commands/failure.ts';
import { openApp, type AppUnderTest } from '../people/peopleTesting.ts';
import { downloadFile } from '../sync/fileTransfers.ts';
import { copyDocumentsToGroup } from './copyToGroup.ts';

let service: TestService;
let alice: TestUser;
let bob: TestUser;
const apps: AppUnderTest[] = [];

beforeAll(async () => {
  service = await startTestService();
  alice = await service.createUser({ first_name: 'Alice', last_name: 'Archer' });
  bob = await service.createUser({ first_name: 'Bob', last_name: 'Baker' });
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

async function groupOfTwo(a: AppUnderTest, b: AppUnderTest, name: string): Promise<string> {
  const group = await a.run('groups.create', { name, access_level: 'private' });
  await a.run('groups.invite', { id: group.id, emails: [b.user.email] });
  const invitation = (await b.run('groups.myInvitations')).find((i) => i.group_uuid === group.id)!;
  await b.run('groups.answerInvitation', { groupId: group.id, invitationId: invitation.invitation_uuid, answer: 'accept' });
  await a.device.sync();
  await b.device.sync();
  return group.id;
}

describe('copy to group', () => {
  it('shares a document with its PDF and annotations into a group folder, and another member gets them', async () => {
    const a = appOf(alice);
    const b = appOf(bob);
    const groupId = await groupOfTwo(a, b, 'Seagrass reading group');
    const folder = await a.run('folders.create', { name: 'To discuss', group_id: groupId });

    const doc = await a.run('documents.create', {
      title: 'Blue carbon in seagrass meadows', type: 'journal', year: 2012, authors: [{ first_name: 'James', last_name: 'Fourqurean' }],
      tags: ['blue carbon'], identifiers: { doi: '10.1038/ngeo1477' },
    });
    await a.run('documents.update', { id: doc.id, patch: { starred: true, read: true } });
    const bytes = Buffer.from(`%PDF-1.4\n${'carbon '.repeat(400)}\n%%EOF\n`);
    const { sha1, size } = await a.device.fileStore.put(bytes);
    a.device.replica.addFile({ document_id: doc.id, filehash: sha1, file_name: 'fourqurean.pdf', mime_type: 'application/pdf', size, local_path: a.device.fileStore.pathOf(sha1) });
    const box = { top_left: { x: 10, y: 10 }, bottom_right: { x: 200, y: 24 }, page: 1 };
    await a.run('annotations.create', { document_id: doc.id, filehash: sha1, positions: [box], color: { r: 255, g: 200, b: 0 }, style: 'area', text: 'Key figure', privacy_level: 'private' });

    const result = await a.run('documents.copyToGroup', { ids: [doc.id], groupId, folderId: folder.id, withAnnotations: true });
    expect(result.skipped).toEqual([]);
    expect(result.copies).toEqual([{ from: doc.id, to: expect.any(String), filesLeftBehind: 0 }]);
    const copy = await a.run('documents.get', { id: result.copies[0]!.to });
    expect(copy).toMatchObject({ group_id: groupId, title: 'Blue carbon in seagrass meadows', year: 2012, tags: ['blue carbon'], identifiers: { doi: '10.1038/ngeo1477' } });
    expect(copy.starred ?? false).toBe(false);
    expect(copy.read ?? false).toBe(false);
    // The original stays as it was, in the person's own library.
    const original = await a.run('documents.get', { id: doc.id });
    expect([original.starred, original.group_id]).toEqual([true, undefined]);

    await a.device.sync();
    await b.device.sync();
    const onB = (await b.run('documents.list', { groupId })).items;
    expect(onB.map((d) => d.title)).toEqual(['Blue carbon in seagrass meadows']);
    const sharedId = onB[0]!.id;
    expect((await b.run('folders.tree', { groupId })).flatMap((f) => f.name)).toEqual(['To discuss']);
    expect((await b.run('documents.list', { groupId, folderId: (await b.run('folders.tree', { groupId }))[0]!.id })).items.map((d) => d.id)).toEqual([sharedId]);
    const [file] = await b.run('files.list', { documentId: sharedId });
    await downloadFile(b.device, file!.id);
    expect((await b.device.fileStore.read(sha1)).equals(bytes)).toBe(true);
    expect((await b.run('annotations.list', { documentId: sharedId })).map((x) => [x.text, x.positions?.[0]?.page, x.filehash, x.style])).toEqual([['Key figure', 1, sha1, 'area']]);
  });

  it('leaves the annotations home unless asked, and says why it skips a document already in the group', async () => {
    const a = appOf(alice);
    const b = appOf(bob);
    const groupId = await groupOfTwo(a, b, 'Estuary group');
    const doc = await a.run('documents.create', { title: 'Estuarine mixing', type: 'journal' });
    await a.run('annotations.create', { document_id: doc.id, text: 'my own thoughts', privacy_level: 'private' });
    const result = await a.run('documents.copyToGroup', { ids: [doc.id], groupId });
    expect(await a.run('annotations.list', { documentId: result.copies[0]!.to })).toEqual([]);
    const again = await a.run('documents.copyToGroup', { ids: [result.copies[0]!.to], groupId });
    expect(again).toEqual({ copies: [], skipped: [{ id: result.copies[0]!.to, reason: 'It is already in “Estuary group”.' }] });
  });

  it('is refused for a group the person only follows, and for a folder of another library', async () => {
    const a = appOf(alice);
    const b = appOf(bob);
    const group = await a.run('groups.create', { name: 'Open mangrove group', access_level: 'public' });
    const groupId = group.id;
    await b.run('groups.join', { id: groupId });
    await b.device.sync();
    const doc = await b.run('documents.create', { title: 'Mangrove roots', type: 'journal' });
    const mine = await b.run('folders.create', { name: 'Mine' });
    expect(await b.attempt('documents.copyToGroup', { ids: [doc.id], groupId, folderId: mine.id })).toEqual({ ok: false, error: { code: 'invalid', field: 'folderId', message: 'That folder is not in “Open mangrove group”' } });
    // Bob becomes a follower: the group is read-only for him.
    await b.run('groups.leave', { id: groupId });
    await b.run('groups.follow', { id: groupId });
    await b.device.sync();
    expect(await b.attempt('documents.copyToGroup', { ids: [doc.id], groupId })).toEqual({ ok: false, error: { code: 'forbidden', message: expect.stringMatching(/follow “Open mangrove group”.*read-only/) } });
    expect((await b.run('documents.list', { groupId })).items).toEqual([]);
  });

  it('leaves no half-copy when a write fails inside the copy', async () => {
    const a = appOf(alice);
    const b = appOf(bob);
    const groupId = await groupOfTwo(a, b, 'Atomic group');
    const doc = await a.run('documents.create', { title: 'Kelp forest decline', type: 'journal' });
    await a.run('annotations.create', { document_id: doc.id, text: 'note', privacy_level: 'private' });
    const before = a.device.replica.countOutbox();
    const failing = {
      ...a.device.replica,
      createAnnotation: () => { throw new BridgeFailure('invalid', 'the disk is full'); },
    };
    await expect(copyDocumentsToGroup({ replica: failing, fileStore: a.device.fileStore, download: () => Promise.reject(new Error('offline')) },
      { ids: [doc.id], groupId, withAnnotations: true })).rejects.toThrow('the disk is full');
    expect((await a.run('documents.list', { groupId })).items).toEqual([]);
    expect(a.device.replica.countOutbox()).toBe(before);
  });
});
