import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { documentClient, joinGroup, type DocumentClient } from './documentsTesting.ts';
import { titleFromFileName } from './documentUpload.ts';

let service: TestService;
let alice: TestUser;
let a: DocumentClient;

beforeAll(async () => {
  service = await startTestService();
  alice = await service.createUser();
  a = documentClient(service, alice);
});
afterAll(async () => service.stop());

function upload(bytes: Buffer, headers: Record<string, string>) {
  return service.fetch('/documents', {
    method: 'POST',
    headers: { ...alice.auth, Accept: service.ctx.mediaTypes.document, ...headers },
    body: new Uint8Array(bytes),
  });
}

describe('POST /documents with file bytes', () => {
  it('creates a document titled from the file name with the file attached', async () => {
    const bytes = Buffer.from('%PDF-1.4 pretend pdf');
    const res = await upload(bytes, { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="Underwater_basket_weaving.pdf"' });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as Record<string, unknown> & { id: string };
    expect(doc).toMatchObject({ title: 'Underwater basket weaving', type: 'journal', file_attached: true, profile_id: alice.id });
    expect(res.headers.get('location')).toBe(`${service.url}/documents/${doc.id}`);
    const files = await service.ctx.db.selectFrom('files').selectAll().where('document_id', '=', doc.id).execute();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ mime_type: 'application/pdf', filehash: createHash('sha1').update(bytes).digest('hex'), size: bytes.length });
    expect((await a.json<{ file_attached: boolean }>(`/documents/${doc.id}?view=client`)).file_attached).toBe(true);
  });

  it('reads the RFC 5987 filename* form', async () => {
    const res = await upload(Buffer.from('hello'), {
      'Content-Type': 'text/plain',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('Über_die Wärme.txt')}`,
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { title: string }).title).toBe('Über die Wärme');
  });

  it('answers 400 without a file name and leaves no document behind', async () => {
    const before = await service.ctx.db.selectFrom('documents').select('id').execute();
    const res = await upload(Buffer.from('bytes'), { 'Content-Type': 'application/pdf' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/Content-Disposition/);
    expect(await service.ctx.db.selectFrom('documents').select('id').execute()).toHaveLength(before.length);
  });

  it('keeps text/plain as bytes (not decoded text) and needs a Content-Type', async () => {
    const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9]); // "café" in Latin-1: not valid UTF-8
    const res = await upload(latin1, { 'Content-Type': 'text/plain', 'Content-Disposition': 'attachment; filename=cafe.txt' });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const file = await service.ctx.db.selectFrom('files').selectAll().where('document_id', '=', id).executeTakeFirstOrThrow();
    expect(file.filehash).toBe(createHash('sha1').update(latin1).digest('hex'));
    const untyped = await service.fetch('/documents', { method: 'POST', headers: alice.auth });
    expect(untyped.status).toBe(400);
  });

  it('creates the document in the group a Link rel="group" names (the JavaScript SDK\'s createFromFileInGroup)', async () => {
    const groupId = await joinGroup(service, alice.id, 'normal');
    const res = await upload(Buffer.from('shared notes'), {
      'Content-Type': 'text/plain',
      'Content-Disposition': "attachment; filename*=UTF-8''Group%20notes.txt",
      Link: `<${service.url}/groups/${groupId}>; rel="group"`,
    });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as { id: string; group_id?: string; title: string };
    expect(doc).toMatchObject({ group_id: groupId, title: 'Group notes' });
    const file = await service.ctx.db.selectFrom('files').selectAll().where('document_id', '=', doc.id).executeTakeFirstOrThrow();
    expect(file.group_id).toBe(groupId);
    const listed = (await (await a.get(`/documents?group_id=${groupId}`)).json()) as { id: string }[];
    expect(listed.map((d) => d.id)).toEqual([doc.id]);

    const reader = await joinGroup(service, alice.id, 'follower');
    const refused = await upload(Buffer.from('x'), { 'Content-Type': 'text/plain', 'Content-Disposition': 'attachment; filename="x.txt"', Link: `<${service.url}/groups/${reader}>; rel="group"` });
    expect(refused.status).toBe(403);
    const notAGroup = await upload(Buffer.from('x'), { 'Content-Type': 'text/plain', 'Content-Disposition': 'attachment; filename="x.txt"', Link: `<${service.url}/folders/x>; rel="group"` });
    expect(notAGroup.status).toBe(400);
    expect(await notAGroup.json()).toEqual({ message: expect.stringContaining('not a group URL') });
  });

  it('answers 415 for a form body, which is neither JSON nor a file', async () => {
    const res = await upload(Buffer.from('title=x'), { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
  });
});

describe('upload helpers', () => {
  it('turns file names into titles', () => {
    expect(titleFromFileName('Underwater_basket_weaving.pdf')).toBe('Underwater basket weaving');
    expect(titleFromFileName('notes')).toBe('notes');
    expect(titleFromFileName('.pdf')).toBe('.pdf');
    expect(titleFromFileName(`${'x'.repeat(600)}.pdf`)).toHaveLength(500);
    // 500 characters, not 500 UTF-16 units: an emoji at the bound is kept whole.
    const emoji = titleFromFileName(`${'x'.repeat(499)}\u{1F600}\u{1F600}.pdf`);
    expect(Array.from(emoji)).toHaveLength(500);
    expect(emoji.endsWith('\u{1F600}')).toBe(true);
  });
});

describe('POST /documents with a real PDF', () => {
  it('titles the document from the PDF, not from the file name', async () => {
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(new URL('../../shared/node/pdf/fixtures/survival-approximate.pdf', import.meta.url));
    const res = await upload(bytes, { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="approximate.pdf"' });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as { title: string; year?: number; authors?: { last_name: string }[]; file_attached: boolean };
    expect(doc.title).toBe('Approximating the Cox Model');
    expect(doc.year).toBe(2019);
    expect(doc.authors?.[0]?.last_name).toBe('Zhong');
    expect(doc.file_attached).toBe(true);
  });
});
