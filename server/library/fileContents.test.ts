import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { insertDocument } from './libraryTestData.ts';
import { NO_PROVEN_CONTENT, TICKET_LIFETIME_MS } from './fileContentsRoutes.ts';

let service: TestService;
let alice: TestUser;
let bob: TestUser;
let mt: TestService['ctx']['mediaTypes'];

beforeAll(async () => {
  service = await startTestService();
  mt = service.ctx.mediaTypes;
  alice = await service.createUser();
  bob = await service.createUser();
});
afterAll(async () => service.stop());

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');

async function postBytes(user: TestUser, bytes: Buffer, path = '/file_contents', type = 'application/zip'): Promise<Response> {
  return service.fetch(path, { method: 'POST', headers: { ...user.auth, Accept: mt.contentTicket, 'Content-Type': type }, body: new Uint8Array(bytes) });
}

async function postHash(user: TestUser, body: unknown): Promise<Response> {
  return service.fetch('/file_contents', {
    method: 'POST',
    headers: { ...user.auth, Accept: mt.contentTicket, 'Content-Type': mt.fileHash },
    body: JSON.stringify(body),
  });
}

describe('POST /file_contents with bytes', () => {
  it('answers 201 {id} and records the content', async () => {
    const bytes = Buffer.from(`dataset archive ${Date.now()}`);
    const res = await postBytes(alice, bytes);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toContain(mt.contentTicket);
    const body = await res.json();
    expect(body).toEqual({ id: expect.any(String) });
    const row = await service.ctx.db.selectFrom('file_contents').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sha1: sha1(bytes), sha256: sha256(bytes), size: bytes.length, mime_type: 'application/zip', profile_id: alice.id });
    expect(await service.ctx.blobs.exists(row.sha1)).toBe(true);
  });

  it('answers the same on the quick-start path /file_content', async () => {
    const res = await postBytes(alice, Buffer.from('quick start'), '/file_content', 'text/plain');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: expect.any(String) });
  });

  it('refuses an empty body and needs a user', async () => {
    expect((await postBytes(alice, Buffer.alloc(0))).status).toBe(400);
    const emptyStream = await service.fetch('/file_contents', {
      method: 'POST',
      headers: { ...alice.auth, 'Content-Type': 'application/zip' },
      body: new ReadableStream({ start: (controller) => controller.close() }),
      duplex: 'half',
    } as RequestInit);
    expect(emptyStream.status).toBe(400);
    const anonymous = await service.fetch('/file_contents', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /files with a content ticket', () => {
  it('attaches the ticket\'s bytes to the document', async () => {
    const bytes = Buffer.from(`%PDF ticketed ${Date.now()}`);
    const { id: ticket } = await (await postBytes(alice, bytes, '/file_contents', 'application/pdf')).json();
    const documentId = await insertDocument(service, alice.id, { title: 'Ticketed paper', year: 2022 });
    const res = await service.fetch('/files', {
      method: 'POST',
      headers: { ...alice.auth, Accept: mt.file, 'Content-Type': mt.fileLink, Link: `<${service.url}/documents/${documentId}>; rel=document` },
      body: JSON.stringify({ file_content_ticket: ticket }),
    });
    expect(res.status).toBe(201);
    const file = await res.json();
    expect(file).toEqual({
      id: expect.any(String),
      document_id: documentId,
      mime_type: 'application/pdf',
      file_name: '2022-Ticketed_paper.pdf',
      size: bytes.length,
      filehash: sha1(bytes),
    });
    expect(res.headers.get('location')).toBe(`${service.url}/files/${file.id}`);
    const download = await service.fetch(`/files/${file.id}`, { headers: alice.auth });
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses unknown and other users\' tickets and bad bodies', async () => {
    const { id: ticket } = await (await postBytes(alice, Buffer.from('alice only'))).json();
    const bobsDocument = await insertDocument(service, bob.id);
    const post = (user: TestUser, body: string) =>
      service.fetch('/files', {
        method: 'POST',
        headers: { ...user.auth, 'Content-Type': mt.fileLink, Link: `<${service.url}/documents/${bobsDocument}>; rel=document` },
        body,
      });
    const foreign = await post(bob, JSON.stringify({ file_content_ticket: ticket }));
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).message).toMatch(/ticket/);
    expect((await post(bob, JSON.stringify({ file_content_ticket: 'nope' }))).status).toBe(404);
    expect((await post(bob, JSON.stringify({ ticket }))).status).toBe(400);
    expect((await post(bob, JSON.stringify({ file_content_ticket: 12 }))).status).toBe(400);
    expect((await post(bob, '{not json')).status).toBe(400);
    expect((await post(bob, '[]')).status).toBe(400);
  });
});

describe('POST /file_contents with a hash and signature', () => {
  const bytes = Buffer.from(`content the service already holds ${Date.now()}`);

  beforeAll(async () => {
    expect((await postBytes(alice, bytes)).status).toBe(201);
  });

  it('gives a ticket to a caller who proves holding the bytes', async () => {
    const res = await postHash(bob, { file_hash: sha256(bytes), signature: sha256(Buffer.concat([Buffer.from(bob.id), bytes])) });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const row = await service.ctx.db.selectFrom('file_contents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ profile_id: bob.id, sha256: sha256(bytes), size: bytes.length });
    // The ticket is usable by its new holder.
    const documentId = await insertDocument(service, bob.id);
    const attached = await service.fetch('/files', {
      method: 'POST',
      headers: { ...bob.auth, 'Content-Type': mt.fileLink, Link: `<${service.url}/documents/${documentId}>; rel=document` },
      body: JSON.stringify({ file_content_ticket: id }),
    });
    expect(attached.status).toBe(201);
  });

  it('answers 412 for a signature made for another profile or without the bytes', async () => {
    for (const signature of [sha256(Buffer.concat([Buffer.from(alice.id), bytes])), sha256(bob.id), 'zz', '']) {
      const res = await postHash(bob, { file_hash: sha256(bytes), signature });
      expect(res.status, signature).toBe(412);
      expect((await res.json()).message).toBe(NO_PROVEN_CONTENT);
    }
  });

  it('answers an unknown hash exactly as a wrong signature, and 412 for a malformed one', async () => {
    const other = Buffer.from('never uploaded');
    const unknown = await postHash(bob, { file_hash: sha256(other), signature: sha256(Buffer.concat([Buffer.from(bob.id), other])) });
    expect(unknown.status).toBe(412);
    expect((await unknown.json()).message).toBe(NO_PROVEN_CONTENT);
    expect((await postHash(bob, { file_hash: 'abc', signature: 'def' })).status).toBe(412);
  });

  it('slows down repeated failed proofs (429 with Retry-After), even a right one', async () => {
    const res = await postHash(bob, { file_hash: sha256(bytes), signature: sha256(Buffer.concat([Buffer.from(bob.id), bytes])) });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).message).toMatch(/Too many failed content proofs/);
  });

  it('answers 400 for a body that is not the hash form', async () => {
    expect((await postHash(bob, { file_hash: sha256(bytes) })).status).toBe(400);
    expect((await postHash(bob, { file_hash: 1, signature: 2 })).status).toBe(400);
  });
});

describe('size limit', () => {
  let small: TestService;
  let user: TestUser;

  beforeAll(async () => {
    small = await startTestService({ fileBodyLimit: 2048 });
    user = await small.createUser();
  });
  afterAll(async () => small.stop());

  const tooBig = Buffer.alloc(4096, 7);

  it('answers 413 to uploads over the limit on every upload path', async () => {
    const documentId = await insertDocument(small, user.id);
    const requests = [
      small.fetch('/file_contents', { method: 'POST', headers: { ...user.auth, 'Content-Type': 'application/zip' }, body: new Uint8Array(tooBig) }),
      small.fetch('/files', {
        method: 'POST',
        headers: { ...user.auth, 'Content-Type': 'application/pdf', Link: `<${small.url}/documents/${documentId}>; rel=document` },
        body: new Uint8Array(tooBig),
      }),
    ];
    for (const res of await Promise.all(requests)) {
      expect(res.status).toBe(413);
      expect((await res.json()).message).toMatch(/2048/);
    }
    const justRight = await small.fetch('/file_contents', { method: 'POST', headers: { ...user.auth, 'Content-Type': 'application/zip' }, body: new Uint8Array(tooBig.subarray(0, 2048)) });
    expect(justRight.status).toBe(201);
  });

  it('answers 413 to a streamed upload without Content-Length and stores nothing', async () => {
    const chunks = [tooBig.subarray(0, 1500), tooBig.subarray(1500)];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    });
    const res = await small.fetch('/file_contents', {
      method: 'POST',
      headers: { ...user.auth, 'Content-Type': 'application/zip' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await small.ctx.db.selectFrom('file_contents').select('id').where('size', '>', 2048).execute()).toEqual([]);
    expect(await small.ctx.blobs.exists(sha1(tooBig))).toBe(false);
  });
});

describe('storage quota and ticket expiry', () => {
  const clock = { t: Date.UTC(2026, 10, 24, 12) };
  let limited: TestService;
  let user: TestUser;

  beforeAll(async () => {
    limited = await startTestService({ storageQuotaBytes: 3000 }, { now: () => clock.t });
    user = await limited.createUser();
  });
  afterAll(async () => limited.stop());

  const upload = (bytes: Buffer, body: BodyInit = new Uint8Array(bytes)) =>
    limited.fetch('/file_contents', { method: 'POST', headers: { ...user.auth, 'Content-Type': 'application/zip' }, body, duplex: 'half' } as RequestInit);

  it('answers 413 once a user\'s stored bytes would pass the quota, declared or streamed', async () => {
    expect((await upload(Buffer.alloc(2000, 1))).status).toBe(201);
    const declared = await upload(Buffer.alloc(1500, 2));
    expect(declared.status).toBe(413);
    expect((await declared.json()).message).toMatch(/storage quota .* is used up/);
    const chunks = [Buffer.alloc(700, 3), Buffer.alloc(800, 3)];
    const streamed = await upload(Buffer.alloc(0), new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    }));
    expect(streamed.status).toBe(413);
    expect(await limited.ctx.blobs.exists(sha1(Buffer.alloc(1500, 3)))).toBe(false);
    expect((await upload(Buffer.alloc(900, 4))).status).toBe(201);
  });

  it('forgets tickets a day old (and their bytes), which frees the quota', async () => {
    clock.t += TICKET_LIFETIME_MS + 1;
    const { accessToken } = await limited.ctx.tokens.issue('test', user.id, 'all', false);
    user.auth = { Authorization: `Bearer ${accessToken}` };
    const fresh = await upload(Buffer.alloc(2500, 5));
    expect(fresh.status).toBe(201);
    const left = await limited.ctx.db.selectFrom('file_contents').select('size').where('profile_id', '=', user.id).execute();
    expect(left.map((r) => Number(r.size))).toEqual([2500]);
    expect(await limited.ctx.blobs.exists(sha1(Buffer.alloc(2000, 1)))).toBe(false);
  });
});
