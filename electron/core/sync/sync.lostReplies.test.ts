// Creates whose reply never arrives: the service committed them, then the connection was cut
// (a loopback proxy drops the answer). The resend carries the same Idempotency-Key, so every
// object is on the service exactly once, also after the app restarts or the row changes. A
// trash or link whose reply is lost is not cancelled by its opposite made afterwards.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../server/testing/testService.ts';
import { openReplica } from '../replica/index.ts';
import { createSyncEngine } from './syncEngine.ts';
import { proxiedDevices } from './syncTesting.ts';

const devices = proxiedDevices();
const device = devices.device;
const freshUser = (): Promise<TestUser> => devices.service().createUser();

const creates = (collection: string) => (method: string, p: string) => method === 'POST' && p.split('?')[0] === `/${collection}`;

async function listed(user: TestUser, pathAndQuery: string, type: string): Promise<Record<string, unknown>[]> {
  const res = await devices.service().fetch(pathAndQuery, { headers: { ...user.auth, Accept: type } });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

describe('a create whose reply is lost', () => {
  it('is on the service once: documents, folders, annotations and files', async () => {
    const user = await freshUser();
    const mt = devices.service().ctx.mediaTypes;
    const a = device(user);
    const doc = a.replica.createDocument({ title: 'Lost reply', type: 'journal' } as never).id;
    a.replica.createFolder({ name: 'Lost folder' } as never);
    a.replica.createAnnotation({ document_id: doc, type: 'note', text: 'Lost note' } as never);
    const bytes = Buffer.from(`%PDF-1.4\n${'y'.repeat(300)}\n%%EOF\n`);
    const { sha1, size } = await a.fileStore.put(bytes);
    a.replica.addFile({ document_id: doc, filehash: sha1, file_name: 'paper.pdf', mime_type: 'application/pdf', size, local_path: a.fileStore.pathOf(sha1) });
    for (const collection of ['documents', 'folders', 'annotations', 'files']) devices.proxy().dropNext(creates(collection));
    const before = devices.proxy().dropped.length;

    await a.sync();
    expect(devices.proxy().dropped.length - before).toBe(4);
    expect(devices.proxy().dropped.slice(before).every((d) => d.status === 201)).toBe(true);
    expect(a.replica.countOutbox()).toBe(0);

    const docs = await listed(user, '/documents?limit=100', mt.document);
    expect(docs.map((d) => d.title)).toEqual(['Lost reply']);
    expect((await listed(user, '/folders', mt.folder)).map((f) => f.name)).toEqual(['Lost folder']);
    const serverDoc = docs[0]!.id as string;
    expect((await listed(user, `/annotations?document_id=${serverDoc}`, mt.annotation)).map((n) => n.text)).toEqual(['Lost note']);
    expect((await listed(user, `/files?document_id=${serverDoc}`, mt.file)).map((f) => f.filehash)).toEqual([sha1]);
    expect(a.replica.getDocument(serverDoc)?.title).toBe('Lost reply');
  });

  it('sends an edit made after the lost reply as an update of the one object', async () => {
    const user = await freshUser();
    const a = device(user);
    const local = a.replica.createDocument({ title: 'First title', type: 'journal' } as never).id;
    // The reply is lost and the service then goes away: the sync ends with the create unanswered.
    devices.proxy().dropNext(creates('documents'), 1, { thenOffline: true });
    await expect(a.sync()).rejects.toThrow();
    devices.proxy().setOffline(false);
    expect(a.replica.outboxEntry(a.replica.listOutbox()[0]!.seq)?.sent_body).toContain('First title');
    a.replica.updateDocument(local, { title: 'Second title' } as never);
    await a.sync();
    const docs = await listed(user, '/documents?limit=100', devices.service().ctx.mediaTypes.document);
    expect(docs.map((d) => d.title)).toEqual(['Second title']);
    expect(a.replica.countOutbox()).toBe(0);
  });

  it('deletes what an unanswered create made when the row is deleted here meanwhile', async () => {
    const user = await freshUser();
    const a = device(user);
    const local = a.replica.createDocument({ title: 'Deleted before the answer', type: 'journal' } as never).id;
    devices.proxy().dropNext(creates('documents'), 1, { thenOffline: true });
    await expect(a.sync()).rejects.toThrow();
    devices.proxy().setOffline(false);
    a.replica.deleteDocument(local);
    await a.sync();
    expect(await listed(user, '/documents?limit=100', devices.service().ctx.mediaTypes.document)).toEqual([]);
    expect(a.replica.countOutbox()).toBe(0);
  });

  it('resends the same key after the app restarts', async () => {
    const user = await freshUser();
    const a = device(user);
    a.replica.createDocument({ title: 'Survives a restart', type: 'journal' } as never);
    devices.proxy().dropNext(creates('documents'), 1, { thenOffline: true });
    await expect(a.sync()).rejects.toThrow();
    devices.proxy().setOffline(false);
    // The app quits and starts again on the same replica file.
    await a.engine.stop();
    a.replica.close();
    const replica = openReplica(path.join(a.dir, 'library.sqlite'));
    const engine = createSyncEngine({ replica, api: a.api, fileStore: a.fileStore, pageSize: 50 });
    try {
      await engine.syncNow();
      expect(replica.countOutbox()).toBe(0);
    } finally {
      await engine.stop();
      replica.close();
    }
    const docs = await listed(user, '/documents?limit=100', devices.service().ctx.mediaTypes.document);
    expect(docs.map((d) => d.title)).toEqual(['Survives a restart']);
  });
});

// A trash, restore, link or unlink that was sent may be on the service though no answer came.
// Its opposite made afterwards must then be pushed after it, not cancel it in the outbox.
describe('a trash or link whose reply is lost, then undone here', () => {
  const trashes = (method: string, p: string) => method === 'POST' && /^\/documents\/[^/]+\/trash$/.test(p.split('?')[0]!);
  const links = (method: string, p: string) => method === 'POST' && /^\/folders\/[^/]+\/documents$/.test(p.split('?')[0]!);

  it('the restore reaches the service, and the document stays in the library on both sides', async () => {
    const user = await freshUser();
    const a = device(user);
    const local = a.replica.createDocument({ title: 'Trashed, then undone', type: 'journal' } as never).id;
    await a.sync();
    const id = a.replica.currentIdOf(local)!;
    a.replica.trashDocument(id);
    devices.proxy().dropNext(trashes, 1, { thenOffline: true });
    await expect(a.sync()).rejects.toThrow();
    devices.proxy().setOffline(false);
    a.replica.restoreDocument(id);
    await a.sync();
    await a.sync();
    expect(a.replica.getDocument(id)?.trashed).toBe(false);
    expect((await listed(user, '/documents?limit=100', devices.service().ctx.mediaTypes.document)).map((d) => d.id)).toEqual([id]);
    expect(await listed(user, '/trash?limit=100', devices.service().ctx.mediaTypes.document)).toEqual([]);
    expect(a.replica.countOutbox()).toBe(0);
  });

  it('the unlink reaches the service, and the folder is empty on both sides', async () => {
    const user = await freshUser();
    const a = device(user);
    a.replica.createDocument({ title: 'Linked, then unlinked', type: 'journal' } as never);
    a.replica.createFolder({ name: 'Reading' } as never);
    await a.sync();
    const doc = a.replica.listDocuments({})[0]!.id;
    const folder = a.replica.folderTree(null)[0]!.id;
    a.replica.addDocumentToFolder(folder, doc);
    devices.proxy().dropNext(links, 1, { thenOffline: true });
    await expect(a.sync()).rejects.toThrow();
    devices.proxy().setOffline(false);
    a.replica.removeDocumentFromFolder(folder, doc);
    await a.sync();
    await a.sync();
    expect(await listed(user, `/folders/${folder}/documents?limit=100`, devices.service().ctx.mediaTypes.document)).toEqual([]);
    expect(a.replica.listDocuments({ folderId: folder })).toEqual([]);
    expect(a.replica.countOutbox()).toBe(0);
  });
});
