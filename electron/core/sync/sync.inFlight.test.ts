// Changes made here while a push about the same row is on its way: the proxy's tap makes them
// at the moment the service has answered, before the answer reaches the app. What the person
// did last is what both sides end with, and nothing is taken for an edit from elsewhere.
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../server/testing/testService.ts';
import { proxiedDevices, type Device } from './syncTesting.ts';

const { service: serviceOf, proxy: proxyOf, device } = proxiedDevices();

/** Runs `change` once, when the service has answered the first request `match` picks. */
function whenAnswered(match: (method: string, path: string) => boolean, change: () => void): void {
  let done = false;
  proxyOf().tap((exchange) => {
    if (done || exchange.phase !== 'answered' || !match(exchange.method, exchange.path.split('?')[0]!)) return;
    done = true;
    change();
  });
}

async function listed(user: TestUser, pathAndQuery: string): Promise<Record<string, unknown>[]> {
  const service = serviceOf();
  const res = await service.fetch(pathAndQuery, { headers: { ...user.auth, Accept: service.ctx.mediaTypes.document } });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

async function syncedDocument(a: Device, title: string): Promise<string> {
  const local = a.replica.createDocument({ title, type: 'journal' } as never).id;
  await a.sync();
  return a.replica.currentIdOf(local)!;
}

describe('a change made here while a push about the same row is on its way', () => {
  it('a restore made while the trash is on its way: the document stays in the library on both sides', async () => {
    const user = await serviceOf().createUser();
    const a = device(user);
    const id = await syncedDocument(a, 'Undone while on its way');
    a.replica.trashDocument(id);
    whenAnswered((method, p) => method === 'POST' && p === `/documents/${id}/trash`, () => a.replica.restoreDocument(id));
    await a.sync();
    await a.sync();
    expect(a.replica.getDocument(id)?.trashed).toBe(false);
    expect((await listed(user, '/documents?limit=100')).map((d) => d.id)).toEqual([id]);
    expect(await listed(user, '/trash?limit=100')).toEqual([]);
    expect(a.replica.countOutbox()).toBe(0);
  });

  it('a deletion made while an edit is on its way deletes it on the service, with no conflict', async () => {
    const user = await serviceOf().createUser();
    const a = device(user);
    const id = await syncedDocument(a, 'Edited, then deleted');
    a.replica.updateDocument(id, { title: 'Edited' });
    whenAnswered((method, p) => method === 'PATCH' && p === `/documents/${id}`, () => a.replica.deleteDocument(id));
    await a.sync();
    await a.sync();
    expect(a.replica.listConflicts()).toEqual([]);
    expect(a.replica.getDocument(id)).toBeUndefined();
    expect(await listed(user, '/documents?limit=100')).toEqual([]);
    expect(a.replica.countOutbox()).toBe(0);
  });

  it('an edit from elsewhere after ours still brings a document deleted here back, with a conflict', async () => {
    const user = await serviceOf().createUser();
    const a = device(user);
    const id = await syncedDocument(a, 'Edited here, then there, deleted here');
    a.replica.updateDocument(id, { title: 'Edited here' });
    // The deletion waits offline while another device edits the document after our edit.
    whenAnswered((method, p) => method === 'PATCH' && p === `/documents/${id}`, () => {
      a.replica.deleteDocument(id);
      proxyOf().setOffline(true);
    });
    await expect(a.sync()).rejects.toThrow();
    proxyOf().setOffline(false);
    const service = serviceOf();
    const res = await service.fetch(`/documents/${id}`, {
      method: 'PATCH', headers: { ...user.auth, 'Content-Type': service.ctx.mediaTypes.document, Accept: service.ctx.mediaTypes.document },
      body: JSON.stringify({ title: 'Edited there' }),
    });
    expect(res.status).toBe(200);
    await a.sync();
    expect(a.replica.getDocument(id)?.title).toBe('Edited there');
    expect(a.replica.listConflicts().map((c) => c.id)).toEqual([id]);
  });
});
