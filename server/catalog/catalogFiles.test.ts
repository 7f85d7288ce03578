// GET /files?catalog_id= and downloads through open-access catalog documents: one file per
// distinct content of the library documents behind an open-access record, for any user;
// nothing of a closed record, nor any other file of those libraries.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { parseLinkHeader } from '../../shared/paging.ts';
import { addFileShelf } from './fileShelves.ts';

let service: TestService;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let mt: TestService['ctx']['mediaTypes'];

interface FileJson { id: string; document_id: string; mime_type: string; file_name: string; size: number; filehash: string }

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');
const PDF = Buffer.from('%PDF-1.4 open zebra stripes\n%%EOF\n');
const NOTES = Buffer.from('notes on zebra stripes');
const CLOSED_PDF = Buffer.from('%PDF-1.4 closed mutual exclusion\n%%EOF\n');

beforeAll(async () => {
  service = await startTestService();
  mt = service.ctx.mediaTypes;
  alice = await service.createUser();
  bob = await service.createUser();
  carol = await service.createUser();
});
afterAll(async () => service.stop());

async function addDocument(owner: TestUser, body: Record<string, unknown>): Promise<string> {
  const res = await service.fetch('/documents', { method: 'POST', headers: { ...owner.auth, 'Content-Type': mt.document, Accept: mt.document }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function attach(owner: TestUser, documentId: string, bytes: Buffer, type = 'application/pdf', name = 'paper.pdf'): Promise<FileJson> {
  const res = await service.fetch('/files', {
    method: 'POST',
    headers: { ...owner.auth, Accept: mt.file, 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"`, Link: `<${service.url}/documents/${documentId}>; rel=document` },
    body: new Uint8Array(bytes),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as FileJson;
}

async function catalogIdOf(query: string): Promise<string> {
  const res = await service.fetch(`/catalog?${query}`, { headers: { ...bob.auth, Accept: mt.document } });
  const [record] = (await res.json()) as { id: string }[];
  expect(record).toBeDefined();
  return record!.id;
}

const listFiles = (user: TestUser, query: string) => service.fetch(`/files?${query}`, { headers: { ...user.auth, Accept: mt.file } });
const download = (user: TestUser, id: string) => service.fetch(`/files/${id}`, { headers: user.auth, redirect: 'manual' });

describe('files of catalog documents', () => {
  let openId: string;
  let closedId: string;
  const files: Record<string, FileJson> = {};

  beforeAll(async () => {
    // Alice's library is the installation's file shelf. An arXiv preprint is open access.
    // Alice holds it twice with the same PDF (and notes on one copy); a private file of
    // another document of hers must stay hers.
    await addFileShelf(service.ctx.db, alice.id);
    const work = { title: 'Zebra stripes and thermoregulation', type: 'journal', year: 2001, authors: [{ last_name: 'Müller', first_name: 'Hans' }], identifiers: { arxiv: '2101.00001' } };
    const first = await addDocument(alice, work);
    const second = await addDocument(alice, { ...work, tags: ['copy'] });
    files.first = await attach(alice, first, PDF);
    files.copy = await attach(alice, second, PDF);
    files.notes = await attach(alice, second, NOTES, 'text/plain', 'notes.txt');
    const other = await addDocument(alice, { title: 'Alice private manuscript', type: 'journal' });
    files.private = await attach(alice, other, Buffer.from('%PDF-1.4 private\n'));
    // A closed record: a DOI, no open-access mark.
    const closed = await addDocument(carol, { title: 'The Mutual Exclusion Problem', type: 'journal', year: 1986, identifiers: { doi: '10.1145/5383.5384' } });
    files.closed = await attach(carol, closed, CLOSED_PDF);
    openId = await catalogIdOf('arxiv=2101.00001');
    closedId = await catalogIdOf('doi=10.1145/5383.5384');
  });

  it('lists one file per distinct content of an open-access record, in the file shape, for any user', async () => {
    const res = await listFiles(bob, `catalog_id=${openId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(mt.file);
    const listed = (await res.json()) as FileJson[];
    expect(listed).toHaveLength(2);
    // The earliest copy of the PDF stands for both.
    expect(listed.map((f) => f.id).sort()).toEqual([files.first!.id, files.notes!.id].sort());
    expect(listed.find((f) => f.id === files.first!.id)).toEqual(files.first);
    expect(new Set(listed.map((f) => f.filehash))).toEqual(new Set([sha1(PDF), sha1(NOTES)]));
  });

  it('pages with Link headers and the count on the first page', async () => {
    const first = await listFiles(bob, `catalog_id=${openId}&limit=1`);
    expect(first.headers.get(service.ctx.headers.count)).toBe('2');
    const links = parseLinkHeader(first.headers.get('link'));
    expect(links.next).toContain(`catalog_id=${openId}`);
    const second = await fetch(links.next!, { headers: { ...bob.auth, Accept: '*/*' } });
    expect(second.status).toBe(200);
    expect(second.headers.get(service.ctx.headers.count)).toBeNull();
    const ids = [...((await first.json()) as FileJson[]), ...((await second.json()) as FileJson[])].map((f) => f.id);
    expect(new Set(ids)).toEqual(new Set([files.first!.id, files.notes!.id]));
  });

  it('lets another user download a listed file, and nothing else of that library', async () => {
    const res = await download(bob, files.first!.id);
    expect(res.status).toBe(303);
    const bytes = Buffer.from(await (await fetch(res.headers.get('location')!)).arrayBuffer());
    expect(sha1(bytes)).toBe(sha1(PDF));
    expect((await download(bob, files.notes!.id)).status).toBe(303);
    // The second copy of the same bytes is not listed, and the private file never was.
    for (const id of [files.copy!.id, files.private!.id]) {
      const denied = await download(bob, id);
      expect(denied.status, id).toBe(404);
      expect(await denied.json()).toEqual({ message: 'File not found' });
    }
    // Listing does not let anyone change the files.
    expect((await service.fetch(`/files/${files.first!.id}`, { method: 'DELETE', headers: bob.auth })).status).toBe(404);
  });

  it("never offers a user's own copy of an open-access paper, only the shelf's", async () => {
    // Carol holds the same preprint with a PDF of her own (a publisher's version, say).
    const hers = await addDocument(carol, { title: 'Zebra stripes and thermoregulation', type: 'journal', year: 2001, authors: [{ last_name: 'Müller', first_name: 'Hans' }], identifiers: { arxiv: '2101.00001' } });
    const file = await attach(carol, hers, Buffer.from('%PDF-1.4 carol annotated copy\n%%EOF\n'));
    const listed = (await (await listFiles(bob, `catalog_id=${openId}`)).json()) as FileJson[];
    expect(listed.map((f) => f.filehash)).not.toContain(file.filehash);
    expect(listed.map((f) => f.document_id).every((id) => id !== hers)).toBe(true);
    expect((await download(bob, file.id)).status).toBe(404);
    expect((await download(carol, file.id)).status).toBe(303);
    // Gone again, so the record's sources are Alice's alone for the tests below.
    expect((await service.fetch(`/documents/${hers}`, { method: 'DELETE', headers: carol.auth })).status).toBe(204);
  });

  it('lists nothing of a closed record, whose files stay private', async () => {
    const res = await listFiles(bob, `catalog_id=${closedId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    expect((await download(bob, files.closed!.id)).status).toBe(404);
    expect((await download(carol, files.closed!.id)).status).toBe(303);
  });

  it('answers 404 for an unknown catalog id and 400 for conflicting filters', async () => {
    const unknown = await listFiles(bob, 'catalog_id=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Document not found' });
    for (const extra of ['document_id=x', 'group_id=x', 'deleted_since=2024-01-01T00:00:00Z']) {
      const bad = await listFiles(bob, `catalog_id=${openId}&${extra}`);
      expect(bad.status, extra).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toContain('Conflicting filters');
    }
    const since = await listFiles(bob, `catalog_id=${openId}&added_since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(await since.json()).toEqual([]);
  });

  it('stops offering a file whose document went to the trash; another copy takes its place', async () => {
    expect((await service.fetch(`/documents/${files.first!.document_id}/trash`, { method: 'POST', headers: alice.auth })).status).toBe(204);
    const listed = (await (await listFiles(bob, `catalog_id=${openId}`)).json()) as FileJson[];
    expect(listed.map((f) => f.id).sort()).toEqual([files.copy!.id, files.notes!.id].sort());
    expect((await download(bob, files.first!.id)).status).toBe(404);
    expect((await download(bob, files.copy!.id)).status).toBe(303);
  });

  it('stops offering the files of a document that is hidden from the catalog', async () => {
    const res = await service.fetch(`/documents/${files.copy!.document_id}`, {
      method: 'PATCH', headers: { ...alice.auth, 'Content-Type': mt.document, Accept: mt.document }, body: JSON.stringify({ hidden: true }),
    });
    expect(res.status).toBe(200);
    expect((await download(bob, files.copy!.id)).status).toBe(404);
    // The record had no other source left, so it is gone from the catalog.
    expect((await listFiles(bob, `catalog_id=${openId}`)).status).toBe(404);
    expect((await download(alice, files.copy!.id)).status).toBe(303);
  });
});
