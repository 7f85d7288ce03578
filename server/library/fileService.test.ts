import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import type { AttachFile } from './fileAttach.ts';
import { attachFile, deleteFilesOfDocument } from './fileService.ts';
import { insertDocument } from './libraryTestData.ts';

let service: TestService;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  service = await startTestService();
  alice = await service.createUser();
  bob = await service.createUser();
});
afterAll(async () => service.stop());

describe('attachFile (shared with POST /documents with bytes)', () => {
  it('has the AttachFile signature', () => {
    const typed: AttachFile = attachFile;
    expect(typed).toBe(attachFile);
  });

  it('attaches a buffer or a stream and serves it through /files', async () => {
    const documentId = await insertDocument(service, alice.id, { title: 'From the documents area', year: 2021 });
    const bytes = Buffer.from('extracted paper');
    const fromBuffer = await attachFile(service.ctx, { documentId, profileId: alice.id, groupId: null, body: bytes, mimeType: 'application/pdf', clientFileName: 'x.pdf' });
    expect(fromBuffer).toEqual({
      id: expect.any(String),
      document_id: documentId,
      mime_type: 'application/pdf',
      file_name: '2021-From_the_documents_area.pdf',
      size: bytes.length,
      filehash: createHash('sha1').update(bytes).digest('hex'),
    });
    const fromStream = await attachFile(service.ctx, { documentId, profileId: alice.id, groupId: null, body: Readable.from([Buffer.from('a'), Buffer.from('b')]), mimeType: 'text/plain' });
    expect(fromStream).toMatchObject({ size: 2, file_name: '2021-From_the_documents_area.txt' });
    const listed = await (await service.fetch(`/files?document_id=${documentId}`, { headers: alice.auth })).json();
    expect(listed).toHaveLength(2);
  });

  it('refuses other users\' documents and empty bytes without storing anything', async () => {
    const documentId = await insertDocument(service, alice.id);
    await expect(attachFile(service.ctx, { documentId, profileId: bob.id, groupId: null, body: Buffer.from('no'), mimeType: 'text/plain' })).rejects.toMatchObject({ statusCode: 404 });
    await expect(attachFile(service.ctx, { documentId, profileId: alice.id, groupId: null, body: Buffer.alloc(0), mimeType: 'text/plain' })).rejects.toMatchObject({ statusCode: 400 });
    expect(await service.ctx.blobs.exists(createHash('sha1').update('no').digest('hex'))).toBe(false);
    expect(await service.ctx.db.selectFrom('files').select('id').where('document_id', '=', documentId).execute()).toEqual([]);
  });

  it('deleteFilesOfDocument removes a document\'s files and their bytes', async () => {
    const documentId = await insertDocument(service, alice.id);
    const file = await attachFile(service.ctx, { documentId, profileId: alice.id, groupId: null, body: Buffer.from(`gone ${Date.now()}`), mimeType: 'text/plain' });
    await deleteFilesOfDocument(service.ctx, documentId);
    expect(await service.ctx.db.selectFrom('files').select('id').where('document_id', '=', documentId).execute()).toEqual([]);
    expect(await service.ctx.blobs.exists(file.filehash)).toBe(false);
    expect(await service.ctx.db.selectFrom('tombstones').select('id').where('kind', '=', 'file').where('id', '=', file.id).execute()).toEqual([{ id: file.id }]);
  });
});
