// Pushes the service refuses: a refusal another try would not change leaves the retry loop,
// is kept with a readable reason and waits for the person (retry, discard, keep locally);
// two offline document notes of one person are merged by rule into one note.
import { describe, expect, it } from 'vitest';
import { joinGroup } from '../../../server/library/documentsTesting.ts';
import { startReplyDroppingProxy } from './faults/replyDroppingProxy.ts';
import { oneUserDevices, openDevice } from './syncTesting.ts';

const { service, user, device } = oneUserDevices();

async function groupDocumentThenReadOnly() {
  const a = device();
  const groupId = await joinGroup(service(), user().id, 'owner');
  await a.sync();
  const local = a.replica.createDocument({ title: 'Group paper', type: 'journal', group_id: groupId } as never);
  await a.sync();
  const id = a.replica.currentIdOf(local.id)!;
  // Demoted on the service after the last sync: this device still thinks it may write.
  await service().ctx.db.updateTable('group_members').set({ role: 'follower' }).where('group_id', '=', groupId).where('profile_id', '=', user().id).execute();
  a.replica.updateDocument(id, { title: 'Edited without the right' } as never);
  return { a, id };
}

describe('a push the service refuses', () => {
  it('is held with a sentence, out of the retry loop, and discarding it puts the service version back', async () => {
    const { a, id } = await groupDocumentThenReadOnly();
    const report = await a.sync();
    expect(report).toBeDefined();
    const [held] = a.replica.listHeldPushes();
    expect(held).toMatchObject({ kind: 'document', entity_id: id, op: 'update' });
    expect(held!.last_error).toMatch(/^The service refused this change/);
    expect(held!.last_error).not.toMatch(/https?:|PATCH|\/documents\//);
    // Not tried again by the next sync.
    await a.sync();
    expect(a.replica.outboxEntry(held!.seq)?.attempts).toBe(1);

    a.replica.resolveHeldPush(held!.seq, 'discard');
    expect(a.replica.getDocument(id)?.title).toBe('Group paper');
    expect(a.replica.countOutbox()).toBe(0);
  });

  it('can be tried again or kept on this device only', async () => {
    const { a, id } = await groupDocumentThenReadOnly();
    await a.sync();
    const [held] = a.replica.listHeldPushes();
    a.replica.resolveHeldPush(held!.seq, 'retry');
    expect(a.replica.listHeldPushes()).toHaveLength(0);
    await a.sync();
    const [again] = a.replica.listHeldPushes();
    expect(again?.seq).toBe(held!.seq);
    a.replica.resolveHeldPush(again!.seq, 'keep-local');
    expect(a.replica.getDocument(id)?.title).toBe('Edited without the right');
    expect(a.replica.countOutbox()).toBe(0);
  });
});

describe('document notes written offline on two devices', () => {
  it('become one note, with a conflict on its text', async () => {
    const a = device();
    const b = device();
    const local = a.replica.createDocument({ title: 'Noted twice', type: 'journal' } as never);
    await a.sync();
    const doc = a.replica.currentIdOf(local.id)!;
    await b.sync();
    a.replica.createAnnotation({ document_id: doc, type: 'note', text: 'Note from A' } as never);
    b.replica.createAnnotation({ document_id: doc, type: 'note', text: 'Note from B' } as never);
    await a.sync();
    await b.sync();
    expect(b.replica.countOutbox()).toBe(0);
    expect(b.replica.listHeldPushes()).toHaveLength(0);
    const notes = b.replica.listAnnotations(doc);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.id).toBe(a.replica.listAnnotations(doc)[0]!.id);
    expect(notes[0]!.text).toBe('Note from B');
    expect(b.replica.listConflicts({ kind: 'annotation' })).toMatchObject([{ field: 'text', local_value: 'Note from B', remote_value: 'Note from A' }]);
    b.replica.resolveConflict('annotation', notes[0]!.id, 'text', { keep: 'mine' });
    await b.sync();
    await a.sync();
    expect(a.replica.listAnnotations(doc).map((n) => n.text)).toEqual(['Note from B']);
  });
});

describe('what the status says when a sync stops', () => {
  it('is a sentence with the changes kept, never a method or URL', async () => {
    const proxy = await startReplyDroppingProxy(service().url);
    const d = openDevice(proxy.url, user().token);
    try {
      proxy.setOffline(true);
      d.replica.createDocument({ title: 'Written offline', type: 'journal' } as never);
      await expect(d.sync()).rejects.toThrow();
      const status = d.engine.status();
      expect(status).toMatchObject({ state: 'offline', pendingChanges: 1, heldChanges: 0 });
      expect(status.error).toMatch(/cannot be reached/);
      expect(status.error).not.toMatch(/https?:|POST|GET|fetch failed|\n\s+at /);
    } finally {
      await d.dispose();
      await proxy.close();
    }
  });
});
