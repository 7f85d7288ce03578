import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';

let dataDir: string;
let service: TestService;
let alice: TestUser;
let bob: TestUser;
let mt: TestService['ctx']['mediaTypes'];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-idempotency-'));
  service = await startTestService({ dataDir });
  mt = service.ctx.mediaTypes;
  alice = await service.createUser();
  bob = await service.createUser();
});
afterAll(async () => {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function post(user: TestUser, url: string, type: string, body: unknown, key?: string): Promise<Response> {
  return service.fetch(url, {
    method: 'POST',
    headers: { ...user.auth, Accept: type, 'Content-Type': type, ...(key ? { 'Idempotency-Key': `"${key}"` } : {}) },
    body: JSON.stringify(body),
  });
}

async function countOf(user: TestUser, url: string, type: string): Promise<number> {
  const res = await service.fetch(url, { headers: { ...user.auth, Accept: type } });
  expect(res.status).toBe(200);
  return ((await res.json()) as unknown[]).length;
}

async function answer(res: Response) {
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
}

describe('Idempotency-Key on creates', () => {
  it('answers a repeated document create with the original 201, body and Location, creating one document', async () => {
    const key = randomUUID();
    const body = { title: `Once ${key}`, type: 'journal' };
    const first = await answer(await post(alice, '/documents', mt.document, body, key));
    const again = await post(alice, '/documents', mt.document, body, key);
    expect(first.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await answer(again)).toEqual(first);
    const listed = (await (await service.fetch('/documents?limit=500', { headers: { ...alice.auth, Accept: mt.document } })).json()) as { title: string }[];
    expect(listed.filter((d) => d.title === body.title)).toHaveLength(1);
  });

  it('refuses the same key with a different body as a 422 with a message', async () => {
    const key = randomUUID();
    expect((await post(alice, '/documents', mt.document, { title: 'First', type: 'journal' }, key)).status).toBe(201);
    const res = await post(alice, '/documents', mt.document, { title: 'Second', type: 'journal' }, key);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(/Idempotency-Key/);
  });

  it('keeps keys per user, and creates twice without a key as before', async () => {
    const key = randomUUID();
    const body = { name: `Shared key ${key}` };
    const mine = (await (await post(alice, '/folders', mt.folder, body, key)).json()) as { id: string };
    const theirs = (await (await post(bob, '/folders', mt.folder, body, key)).json()) as { id: string };
    expect(theirs.id).not.toBe(mine.id);
    const a = (await (await post(alice, '/folders', mt.folder, { name: 'No key' })).json()) as { id: string };
    const b = (await (await post(alice, '/folders', mt.folder, { name: 'No key' })).json()) as { id: string };
    expect(a.id).not.toBe(b.id);
  });

  it('creates annotations, folders and files once per key', async () => {
    const doc = (await (await post(alice, '/documents', mt.document, { title: 'Annotated', type: 'journal' })).json()) as { id: string };
    const noteKey = randomUUID();
    const sticky = { document_id: doc.id, type: 'note', text: 'Hello' };
    const a1 = await answer(await post(alice, '/annotations', mt.annotation, sticky, noteKey));
    const a2 = await answer(await post(alice, '/annotations', mt.annotation, sticky, noteKey));
    expect(a1.status).toBe(201);
    expect(a2).toEqual(a1);
    expect(await countOf(alice, `/annotations?document_id=${doc.id}`, mt.annotation)).toBe(1);

    const fileKey = randomUUID();
    const upload = () =>
      service.fetch('/files', {
        method: 'POST',
        headers: {
          ...alice.auth,
          Accept: mt.file,
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="paper.pdf"',
          Link: `<${service.url}/documents/${doc.id}>; rel=document`,
          'Idempotency-Key': fileKey,
        },
        body: new Uint8Array(Buffer.from('%PDF-1.4 a file sent twice')),
      });
    const f1 = await answer(await upload());
    const f2 = await answer(await upload());
    expect(f1.status).toBe(201);
    expect(f2).toEqual(f1);
    expect(await countOf(alice, `/files?document_id=${doc.id}`, mt.file)).toBe(1);
  });

  it('rebuilds the answer of a create whose reply was lost with the service, and creates a never-committed one with its reserved id', async () => {
    const key = randomUUID();
    const first = (await (await post(alice, '/folders', mt.folder, { name: 'Committed' }, key)).json()) as { id: string };
    // As if the service had stopped between committing the folder and storing its answer.
    await service.ctx.db.updateTable('idempotency_keys').set({ status: null, body: null, location: null }).where('key', '=', key).execute();
    const rebuilt = await post(alice, '/folders', mt.folder, { name: 'Committed' }, key);
    expect(rebuilt.status).toBe(201);
    expect(((await rebuilt.json()) as { id: string }).id).toBe(first.id);

    // Reserved, then the service stopped before the folder was committed: it is created now.
    const key2 = randomUUID();
    const reserved = randomUUID();
    const pending = { profile_id: alice.id, key: key2, resource_id: reserved, status: null, content_type: null, location: null, body: null, created: new Date().toISOString() };
    await service.ctx.db.insertInto('idempotency_keys').values({ ...pending, fingerprint: 'unknown' }).execute();
    expect((await post(alice, '/folders', mt.folder, { name: 'Never committed' }, key2)).status).toBe(422);
    const key3 = randomUUID();
    const probe = await post(bob, '/folders', mt.folder, { name: 'Never committed' }, key3);
    const fingerprint = (await service.ctx.db.selectFrom('idempotency_keys').select('fingerprint').where('key', '=', key3).executeTakeFirstOrThrow()).fingerprint;
    expect(probe.status).toBe(201);
    await service.ctx.db.updateTable('idempotency_keys').set({ fingerprint }).where('key', '=', key2).execute();
    const created = await post(alice, '/folders', mt.folder, { name: 'Never committed' }, key2);
    expect(created.status).toBe(201);
    expect(((await created.json()) as { id: string }).id).toBe(reserved);
  });

  it('remembers keys in the database across a restart', async () => {
    const key = randomUUID();
    const first = await answer(await post(alice, '/documents', mt.document, { title: 'Before restart', type: 'journal' }, key));
    const port = Number(new URL(service.url).port);
    await service.close();
    service = await startTestService({ dataDir, port, publicUrl: service.url });
    // A keep-alive connection to the stopped service may fail the first request on it.
    await service.fetch('/profiles/me', { headers: alice.auth }).catch(() => undefined);
    const again = await answer(await post(alice, '/documents', mt.document, { title: 'Before restart', type: 'journal' }, key));
    expect(again).toEqual(first);
  });

  it('refuses a malformed key with a 400 and a message', async () => {
    const res = await service.fetch('/folders', {
      method: 'POST',
      headers: { ...alice.auth, Accept: mt.folder, 'Content-Type': mt.folder, 'Idempotency-Key': 'x'.repeat(300) },
      body: JSON.stringify({ name: 'Bad key' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/Idempotency-Key/);
  });
});
