// A row whose last change another instance stamped with a clock running ahead: the next
// change to it must still be stamped later, or sync clients comparing last_modified miss it.
// In a file of its own: a stamp issued after such a row moves this process's stamps past it
// (nextTimestamp never goes back), which would shift the times other tests compare with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { insertDocument } from './libraryTestData.ts';

let service: TestService;
let alice: TestUser;
beforeAll(async () => {
  service = await startTestService();
  alice = await service.createUser();
});
afterAll(async () => service.stop());

const ahead = () => new Date(Date.now() + 60_000).toISOString();

describe('stamps after a change stamped by a clock running ahead', () => {
  it('an annotation\'s change is stamped later than its last one', async () => {
    const media = service.ctx.mediaTypes.annotation;
    const send = (method: string, path: string, body: unknown) => service.fetch(path, { method, headers: { ...alice.auth, Accept: media, 'Content-Type': media }, body: JSON.stringify(body) });
    const documentId = await insertDocument(service, alice.id);
    const created = (await (await send('POST', '/annotations', { document_id: documentId, text: 'old' })).json()) as { id: string };
    const last = ahead();
    await service.ctx.db.updateTable('annotations').set({ last_modified: last }).where('id', '=', created.id).execute();
    const patched = (await (await send('PATCH', `/annotations/${created.id}`, { text: 'new' })).json()) as { last_modified: string };
    expect(patched.last_modified > last).toBe(true);
  });

  it('a file\'s deletion stamps its document later than the document\'s last change', async () => {
    const documentId = await insertDocument(service, alice.id);
    const upload = await service.fetch('/files', {
      method: 'POST',
      headers: { ...alice.auth, Accept: service.ctx.mediaTypes.file, 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="paper.pdf"', Link: `<${service.url}/documents/${documentId}>; rel=document` },
      body: new Uint8Array(Buffer.from(`ahead ${Date.now()}`)),
    });
    expect(upload.status).toBe(201);
    const file = (await upload.json()) as { id: string };
    const last = ahead();
    await service.ctx.db.updateTable('documents').set({ last_modified: last }).where('id', '=', documentId).execute();
    expect((await service.fetch(`/files/${file.id}`, { method: 'DELETE', headers: alice.auth })).status).toBe(204);
    const after = await service.ctx.db.selectFrom('documents').select('last_modified').where('id', '=', documentId).executeTakeFirstOrThrow();
    expect(after.last_modified > last).toBe(true);
  });
});
