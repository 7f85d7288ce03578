import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { parseLinkHeader } from '../../shared/paging.ts';
import { insertDocument, insertGroup } from './libraryTestData.ts';
import { signedDownloadPath } from './signedUrls.ts';

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

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

async function upload(user: TestUser, documentId: string, bytes: Buffer, headers: Record<string, string> = {}): Promise<Response> {
  return service.fetch('/files', {
    method: 'POST',
    headers: {
      ...user.auth,
      Accept: mt.file,
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="paper.pdf"',
      Link: `<${service.url}/documents/${documentId}>; rel=document`,
      ...headers,
    },
    body: new Uint8Array(bytes),
  });
}

async function uploaded(user: TestUser, documentId: string, bytes: Buffer, headers: Record<string, string> = {}) {
  const res = await upload(user, documentId, bytes, headers);
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; document_id: string; mime_type: string; file_name: string; size: number; filehash: string };
}

async function downloadUrl(user: TestUser, fileId: string, query = ''): Promise<string> {
  const res = await service.fetch(`/files/${fileId}${query}`, { headers: user.auth, redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

describe('POST /files with bytes', () => {
  it('stores the bytes and answers the file with an absolute Location', async () => {
    const documentId = await insertDocument(service, alice.id, { title: 'Underwater basket weaving', year: 2014 });
    const before = await service.ctx.db.selectFrom('documents').select('last_modified').where('id', '=', documentId).executeTakeFirstOrThrow();
    const bytes = Buffer.from('%PDF-1.4 underwater baskets');
    const res = await upload(alice, documentId, bytes);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toContain(mt.file);
    const file = await res.json();
    expect(file).toEqual({
      id: expect.any(String),
      document_id: documentId,
      mime_type: 'application/pdf',
      file_name: '2014-Underwater_basket_weaving.pdf',
      size: bytes.length,
      filehash: sha1(bytes),
    });
    expect(res.headers.get('location')).toBe(`${service.url}/files/${file.id}`);
    expect(await service.ctx.blobs.exists(file.filehash)).toBe(true);
    const after = await service.ctx.db.selectFrom('documents').select('last_modified').where('id', '=', documentId).executeTakeFirstOrThrow();
    expect(after.last_modified > before.last_modified).toBe(true);
  });

  it('reads filename*=UTF-8 names and guesses the type of octet-stream uploads from them', async () => {
    const documentId = await insertDocument(service, alice.id, { title: 'Notes on knots', year: 2001 });
    const file = await uploaded(alice, documentId, Buffer.from('plain notes'), {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': "attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.txt",
    });
    expect(file.file_name).toBe('2001-Notes_on_knots.txt');
    expect(file.mime_type).toBe('text/plain');
  });

  it('keeps a JSON file as bytes instead of parsing it', async () => {
    const documentId = await insertDocument(service, alice.id, { title: 'Data', year: 2020 });
    const bytes = Buffer.from('{ "spaced" :  1 }');
    const file = await uploaded(alice, documentId, bytes, { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="d.json"' });
    expect(file.filehash).toBe(sha1(bytes));
    expect(file.file_name).toBe('2020-Data.json');
  });

  it('needs a Link to a document it can write', async () => {
    const documentId = await insertDocument(service, alice.id);
    const bytes = Buffer.from('x');
    const noLink = await upload(alice, documentId, bytes, { Link: '' });
    expect(noLink.status).toBe(400);
    expect((await noLink.json()).message).toMatch(/Link/);
    expect((await upload(alice, documentId, bytes, { Link: `<${service.url}/folders/${documentId}>; rel=document` })).status).toBe(400);
    expect((await upload(alice, documentId, bytes, { Link: `<${service.url}/documents/${documentId}>; rel=next` })).status).toBe(400);
    const unknown = await upload(alice, '00000000-0000-4000-8000-000000000000', bytes);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Document not found' });
    expect((await upload(bob, documentId, bytes)).status).toBe(404);
    const trashed = await insertDocument(service, alice.id, { trashed: true });
    expect((await upload(alice, trashed, bytes)).status).toBe(404);
    expect((await upload(alice, documentId, Buffer.alloc(0))).status).toBe(400);
  });

  it('lets group members attach but not followers', async () => {
    const groupId = await insertGroup(service, alice.id, { [bob.id]: 'follower' });
    const documentId = await insertDocument(service, alice.id, { groupId });
    const refused = await upload(bob, documentId, Buffer.from('follower bytes'));
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/follower/);
    const file = await uploaded(alice, documentId, Buffer.from('group bytes'));
    // Followers may read (list and download) the group's files.
    const listed = await service.fetch(`/files?group_id=${groupId}`, { headers: bob.auth });
    expect((await listed.json()).map((f: { id: string }) => f.id)).toEqual([file.id]);
    const url = await downloadUrl(bob, file.id);
    expect(await (await fetch(url)).text()).toBe('group bytes');
    expect((await service.fetch(`/files/${file.id}`, { method: 'DELETE', headers: bob.auth })).status).toBe(403);
  });
});

describe('downloads', () => {
  let file: { id: string; filehash: string };
  const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));

  beforeAll(async () => {
    const documentId = await insertDocument(service, alice.id, { title: 'Range reading', year: 2019 });
    file = await uploaded(alice, documentId, bytes);
  });

  it('GET /files/{id} answers 303 to a signed URL that serves the bytes without a token', async () => {
    const location = await downloadUrl(alice, file.id);
    expect(location.startsWith(`${service.url}/`)).toBe(true);
    expect(location).toMatch(/signature=/);
    const res = await fetch(location);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="2019-Range_reading.pdf"');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('follows the redirect transparently for clients that do', async () => {
    const res = await service.fetch(`/files/${file.id}`, { headers: alice.auth });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('serves byte ranges for PDF viewers', async () => {
    const location = await downloadUrl(alice, file.id);
    const part = await fetch(location, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await fetch(location, { headers: { Range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const outside = await fetch(location, { headers: { Range: `bytes=${bytes.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${bytes.length}`);

    const stale = await fetch(location, { headers: { Range: 'bytes=0-1', 'If-Range': '"other"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('offers an inline variant whose disposition is covered by the signature', async () => {
    const location = await downloadUrl(alice, file.id, '?disposition=inline');
    const res = await fetch(location);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('inline; filename="2019-Range_reading.pdf"');
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
    await res.arrayBuffer();
    const switched = await fetch(location.replace('disposition=inline', 'disposition=attachment'));
    expect(switched.status).toBe(403);
    expect((await service.fetch(`/files/${file.id}?disposition=download`, { headers: alice.auth, redirect: 'manual' })).status).toBe(400);
  });

  it('refuses tampered and expired URLs with a message', async () => {
    const location = new URL(await downloadUrl(alice, file.id));
    const signature = location.searchParams.get('signature')!;
    const tampered = new URL(location);
    tampered.searchParams.set('signature', (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1));
    const res = await fetch(tampered);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/signature/);

    const extended = new URL(location);
    extended.searchParams.set('expires', String(Number(location.searchParams.get('expires')) + 3600));
    expect((await fetch(extended)).status).toBe(403);

    const unsigned = await service.fetch(`/downloads/files/${file.id}`);
    expect(unsigned.status).toBe(403);

    const past = Math.floor(Date.now() / 1000) - 5;
    const expired = await service.fetch(signedDownloadPath(service.ctx.signingKey, { fileId: file.id, expires: past, disposition: 'attachment' }));
    expect(expired.status).toBe(403);
    expect((await expired.json()).message).toMatch(/expired/);
  });

  it('names non-ASCII downloads with filename*', async () => {
    const documentId = await insertDocument(service, alice.id, { title: 'Café society', year: 2010 });
    const f = await uploaded(alice, documentId, Buffer.from('café'));
    const res = await fetch(await downloadUrl(alice, f.id));
    expect(res.headers.get('content-disposition')).toBe("attachment; filename=\"2010-Cafe_society.pdf\"; filename*=UTF-8''2010-Caf%C3%A9_society.pdf");
    await res.arrayBuffer();
  });

  it('hides other users\' files', async () => {
    expect((await service.fetch(`/files/${file.id}`, { headers: bob.auth, redirect: 'manual' })).status).toBe(404);
    expect((await service.fetch(`/files/${file.id}`, { method: 'DELETE', headers: bob.auth })).status).toBe(404);
    expect((await service.fetch('/files/not-a-file', { headers: alice.auth, redirect: 'manual' })).status).toBe(404);
  });
});

describe('GET /files', () => {
  let carol: TestUser;
  let documentA: string;
  let documentB: string;
  const ids: string[] = [];

  beforeAll(async () => {
    carol = await service.createUser();
    documentA = await insertDocument(service, carol.id, { title: 'A' });
    documentB = await insertDocument(service, carol.id, { title: 'B' });
    for (let i = 0; i < 3; i++) ids.push((await uploaded(carol, documentA, Buffer.from(`a${i}`))).id);
    for (let i = 0; i < 2; i++) ids.push((await uploaded(carol, documentB, Buffer.from(`b${i}`))).id);
    await insertDocument(service, bob.id).then((d) => uploaded(bob, d, Buffer.from('bob')));
  });

  it('pages the caller\'s own files with a count and next links', async () => {
    const first = await service.fetch('/files?limit=2', { headers: { ...carol.auth, Accept: mt.file } });
    expect(first.status).toBe(200);
    expect(first.headers.get('service-count')).toBe('5');
    const seen = (await first.json()).map((f: { id: string }) => f.id);
    let next = parseLinkHeader(first.headers.get('link')).next;
    while (next) {
      const page = await fetch(next, { headers: { ...carol.auth, Accept: '*/*' } });
      expect(page.headers.get('service-count')).toBeNull();
      seen.push(...(await page.json()).map((f: { id: string }) => f.id));
      next = parseLinkHeader(page.headers.get('link')).next;
    }
    const expected = await service.ctx.db.selectFrom('files').select('id').where('profile_id', '=', carol.id).orderBy('added').orderBy('id').execute();
    expect(seen).toEqual(expected.map((r) => r.id));
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it('filters by document and by added_since', async () => {
    const byDocument = await (await service.fetch(`/files?document_id=${documentB}`, { headers: carol.auth })).json();
    expect(new Set(byDocument.map((f: { id: string }) => f.id))).toEqual(new Set(ids.slice(3)));
    const rows = await service.ctx.db.selectFrom('files').select(['id', 'added']).where('id', 'in', ids).orderBy('added').orderBy('id').execute();
    const since = rows[2]!.added;
    const recent = await (await service.fetch(`/files?added_since=${encodeURIComponent(since)}`, { headers: carol.auth })).json();
    expect(recent.map((f: { id: string }) => f.id)).toEqual(rows.filter((r) => r.added > since).map((r) => r.id));
    expect((await service.fetch(`/files?document_id=${documentA}`, { headers: bob.auth })).status).toBe(404);
  });

  it('answers 404 for an unknown catalog id and 400 for bad filters', async () => {
    const res = await service.fetch('/files?catalog_id=abc', { headers: carol.auth });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Document not found' });
    for (const query of ['added_since=yesterday', 'deleted_since=2024-13-45T00:00:00Z', 'limit=501', 'limit=0', 'marker=garbage', 'added_since=2024-01-01&deleted_since=2024-01-01']) {
      const bad = await service.fetch(`/files?${query}`, { headers: carol.auth });
      expect(bad.status, query).toBe(400);
      expect((await bad.json()).message, query).toEqual(expect.any(String));
    }
    expect((await service.fetch('/files?group_id=00000000-0000-4000-8000-000000000000', { headers: carol.auth })).status).toBe(404);
  });
});

describe('DELETE /files/{id}', () => {
  it('removes the file, leaves a tombstone and frees bytes nobody references', async () => {
    const documentId = await insertDocument(service, alice.id);
    const bytes = Buffer.from(`unique bytes ${Date.now()}`);
    const file = await uploaded(alice, documentId, bytes);
    const since = new Date(Date.now() - 1000).toISOString();
    const res = await service.fetch(`/files/${file.id}`, { method: 'DELETE', headers: alice.auth });
    expect(res.status).toBe(204);
    expect((await service.fetch(`/files/${file.id}`, { headers: alice.auth, redirect: 'manual' })).status).toBe(404);
    expect((await service.fetch(`/files/${file.id}`, { method: 'DELETE', headers: alice.auth })).status).toBe(404);
    expect(await service.ctx.blobs.exists(file.filehash)).toBe(false);
    const deleted = await service.fetch(`/files?deleted_since=${encodeURIComponent(since)}`, { headers: { ...alice.auth, Accept: mt.file } });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toContainEqual({ id: file.id });
    const listed = await (await service.fetch(`/files?document_id=${documentId}`, { headers: alice.auth })).json();
    expect(listed).toEqual([]);
    const later = await (await service.fetch(`/files?deleted_since=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`, { headers: alice.auth })).json();
    expect(later).toEqual([]);
    // Bob sees none of Alice's deletions.
    const bobs = await (await service.fetch(`/files?deleted_since=${encodeURIComponent(since)}`, { headers: bob.auth })).json();
    expect(bobs).not.toContainEqual({ id: file.id });
  });

  it('keeps bytes another file still references', async () => {
    const bytes = Buffer.from(`shared bytes ${Date.now()}`);
    const one = await uploaded(alice, await insertDocument(service, alice.id), bytes);
    const two = await uploaded(alice, await insertDocument(service, alice.id), bytes);
    expect(one.filehash).toBe(two.filehash);
    expect((await service.fetch(`/files/${one.id}`, { method: 'DELETE', headers: alice.auth })).status).toBe(204);
    expect(await service.ctx.blobs.exists(two.filehash)).toBe(true);
    const res = await fetch(await downloadUrl(alice, two.id));
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await service.fetch(`/files/${two.id}`, { method: 'DELETE', headers: alice.auth })).status).toBe(204);
    expect(await service.ctx.blobs.exists(two.filehash)).toBe(false);
  });

  it('keeps bytes a content ticket still references', async () => {
    const bytes = Buffer.from(`ticketed bytes ${Date.now()}`);
    const ticket = await service.fetch('/file_contents', { method: 'POST', headers: { ...alice.auth, 'Content-Type': 'application/zip' }, body: new Uint8Array(bytes) });
    expect(ticket.status).toBe(201);
    const file = await uploaded(alice, await insertDocument(service, alice.id), bytes);
    expect((await service.fetch(`/files/${file.id}`, { method: 'DELETE', headers: alice.auth })).status).toBe(204);
    expect(await service.ctx.blobs.exists(file.filehash)).toBe(true);
  });

  it('makes the document look changed to sync clients', async () => {
    const documentId = await insertDocument(service, alice.id);
    const file = await uploaded(alice, documentId, Buffer.from(`touch ${Date.now()}`));
    const before = await service.ctx.db.selectFrom('documents').select('last_modified').where('id', '=', documentId).executeTakeFirstOrThrow();
    await service.fetch(`/files/${file.id}`, { method: 'DELETE', headers: alice.auth });
    const after = await service.ctx.db.selectFrom('documents').select('last_modified').where('id', '=', documentId).executeTakeFirstOrThrow();
    expect(after.last_modified > before.last_modified).toBe(true);
  });
});
