import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { documentClient, joinGroup, type DocumentClient } from './documentsTesting.ts';

let service: TestService;
let alice: TestUser;
let bob: TestUser;
let a: DocumentClient;
let b: DocumentClient;
let mt: string;

beforeAll(async () => {
  service = await startTestService();
  alice = await service.createUser();
  bob = await service.createUser();
  a = documentClient(service, alice);
  b = documentClient(service, bob);
  mt = service.ctx.mediaTypes.document;
});
afterAll(async () => service.stop());

const full = {
  title: 'Underwater basket weaving',
  type: 'book',
  year: 2014,
  authors: [{ first_name: 'Ana', last_name: 'Silva' }],
  abstract: 'Baskets, under water.',
  identifiers: { doi: '10.1000/xyz' },
  keywords: ['baskets'],
  pages: '1-10',
  month: 5,
  accessed: '2015-03-04T10:11:12.000Z',
  tags: ['craft'],
  read: true,
  patent_owner: 'ACME',
};

describe('POST /documents (JSON)', () => {
  it('answers 201 with the whole document and an absolute Location that GETs it', async () => {
    const res = await a.send('POST', '/documents', full);
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, unknown>;
    expect(res.headers.get('location')).toBe(`${service.url}/documents/${created.id}`);
    expect(res.headers.get('content-type')).toContain(mt);
    expect(created).toMatchObject({
      ...full,
      accessed: '2015-03-04',
      profile_id: alice.id,
      file_attached: false,
      starred: false,
    });
    expect(created.created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(created.last_modified).toBe(created.created);
    expect(created).not.toHaveProperty('group_id');
    const again = await service.fetch(new URL(res.headers.get('location')!).pathname + '?view=all', { headers: alice.auth });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(created);
  });

  it('defaults the type to journal, omits absent attributes and ignores echoed server fields', async () => {
    const created = await a.create({ title: 'Only a title', id: 'mine', profile_id: bob.id, created: 'x', file_attached: true });
    expect(created.type).toBe('journal');
    expect(created.id).not.toBe('mine');
    expect(created.profile_id).toBe(alice.id);
    expect(created.file_attached).toBe(false);
    for (const absent of ['abstract', 'year', 'authors', 'pages', 'tags', 'group_id']) expect(created).not.toHaveProperty(absent);
  });

  it.each([
    ['a missing title', { type: 'book' }, /title/],
    ['an empty title', { title: '' }, /title/],
    ['a 501-character title', { title: 'x'.repeat(501) }, /title/],
    ['month 13', { title: 't', month: 13 }, /month/],
    ['day 0', { title: 't', day: 0 }, /day/],
    ['an unknown type', { title: 't', type: 'novel' }, /type must be one of/],
    ['a string year', { title: 't', year: '2014' }, /year/],
    ['a 21-character volume', { title: 't', volume: 'v'.repeat(21) }, /volume/],
    ['a 101-character tag', { title: 't', tags: ['t'.repeat(101)] }, /tags/],
    ['an author without last name', { title: 't', authors: [{ first_name: 'A' }] }, /last_name/],
    ['an unknown identifier', { title: 't', identifiers: { foo: '1' } }, /identifiers/],
    ['an unknown field', { title: 't', colour: 'red' }, /unknown field "colour"/],
    ['websites over 5000 characters in total', { title: 't', websites: ['a'.repeat(2600), 'b'.repeat(2600)] }, /websites must not exceed 5000/],
    ['a null title', { title: null }, /title/],
  ])('rejects %s with 400', async (_what, body, message) => {
    const res = await a.send('POST', '/documents', body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
  });

  it('accepts the bounds themselves (500-character title, websites of exactly 5000)', async () => {
    const created = await a.create({ title: 'x'.repeat(500), websites: ['a'.repeat(2500), 'b'.repeat(2500)], month: 12, day: 31 });
    expect((created.title as string).length).toBe(500);
  });

  it('takes null attributes as absent, as the official Python SDK sends "group_id": null for the personal library', async () => {
    const res = await a.send('POST', '/documents', { title: 'From the SDK', type: 'book', group_id: null, abstract: null, year: null, authors: null });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, unknown>;
    expect(created).toMatchObject({ title: 'From the SDK', type: 'book', profile_id: alice.id });
    for (const absent of ['group_id', 'abstract', 'year', 'authors']) expect(created).not.toHaveProperty(absent);
    expect((await a.send('POST', '/documents', { title: 'Typeless', type: null })).status).toBe(201);
  });

  it('rejects malformed JSON, a JSON array and an empty body with 400', async () => {
    for (const body of ['{"title": ', '[{"title":"x"}]', '"just a string"']) {
      const res = await a.send('POST', '/documents', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: expect.any(String) });
    }
    const empty = await service.fetch('/documents', { method: 'POST', headers: { ...alice.auth, 'Content-Type': mt } });
    expect(empty.status).toBe(400);
  });

  it('accepts plain application/json but answers 415 for another JSON media type', async () => {
    const plain = await a.send('POST', '/documents', { title: 'plain json' }, { 'Content-Type': 'application/json' });
    expect(plain.status).toBe(201);
    const folder = await a.send('POST', '/documents', { title: 'x' }, { 'Content-Type': service.ctx.mediaTypes.folder });
    expect(folder.status).toBe(415);
    expect(await folder.json()).toEqual({ message: expect.stringContaining('not supported') });
  });

  it('answers 406 for an Accept it cannot produce, 401 without a token', async () => {
    const res = await a.send('POST', '/documents', { title: 'x' }, { Accept: 'text/html' });
    expect(res.status).toBe(406);
    const anonymous = await service.fetch('/documents', { method: 'POST', headers: { 'Content-Type': mt }, body: '{"title":"x"}' });
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /documents/{id}', () => {
  let doc: { id: string };
  beforeAll(async () => {
    doc = await a.create(full);
  });

  it('returns the core fields by default and more per view', async () => {
    const core = await a.json<Record<string, unknown>>(`/documents/${doc.id}`);
    expect(Object.keys(core).sort()).toEqual(
      ['id', 'title', 'type', 'year', 'authors', 'abstract', 'identifiers', 'keywords', 'profile_id', 'created', 'last_modified'].sort(),
    );
    const bib = await a.json<Record<string, unknown>>(`/documents/${doc.id}?view=bib`);
    expect(bib).toMatchObject({ pages: '1-10', month: 5, accessed: '2015-03-04' });
    expect(bib).not.toHaveProperty('tags');
    expect(bib).not.toHaveProperty('read');
    const client = await a.json<Record<string, unknown>>(`/documents/${doc.id}?view=client`);
    expect(client).toMatchObject({ read: true, starred: false, authored: false, confirmed: false, hidden: false, file_attached: false });
    expect(client).not.toHaveProperty('pages');
    const tags = await a.json<Record<string, unknown>>(`/documents/${doc.id}?view=tags`);
    expect(tags.tags).toEqual(['craft']);
    expect(tags).not.toHaveProperty('pages');
    const patent = await a.json<Record<string, unknown>>(`/documents/${doc.id}?view=patent`);
    expect(patent.patent_owner).toBe('ACME');
    expect(patent).not.toHaveProperty('tags');
    const all = await a.json<Record<string, unknown>>(`/documents/${doc.id}?view=all`);
    expect(all).toMatchObject({ tags: ['craft'], pages: '1-10', patent_owner: 'ACME', read: true, file_attached: false });
  });

  it('answers 400 Invalid view for an unknown view', async () => {
    for (const view of ['everything', 'BIB', 'bib,all']) {
      const res = await a.get(`/documents/${doc.id}?view=${view}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Invalid view' });
    }
    const twice = await a.get(`/documents/${doc.id}?view=bib&view=all`);
    expect(twice.status).toBe(400);
  });

  it('answers 404 Document not found for unknown ids and for other users', async () => {
    for (const path of [`/documents/${randomUUID()}`, '/documents/not-a-uuid']) {
      const res = await a.get(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Document not found' });
    }
    const foreign = await b.get(`/documents/${doc.id}`);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: 'Document not found' });
  });

  it('answers a generic Accept with the document type and 406 for an unknown one', async () => {
    const star = await a.get(`/documents/${doc.id}`, { Accept: '*/*' });
    expect(star.status).toBe(200);
    expect(star.headers.get('content-type')).toContain(mt);
    const json = await a.get(`/documents/${doc.id}`, { Accept: 'application/json' });
    expect(json.status).toBe(200);
    const wrong = await a.get(`/documents/${doc.id}`, { Accept: 'image/png' });
    expect(wrong.status).toBe(406);
    expect(await wrong.json()).toEqual({ message: expect.any(String) });
  });

  it('answers BibTeX for Accept application/x-bibtex', async () => {
    const res = await a.get(`/documents/${doc.id}?view=bib`, { Accept: 'application/x-bibtex' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-bibtex/);
    const text = await res.text();
    expect(text).toMatch(/^@book\{Silva2014,\n/);
    expect(text).toContain('  title = {{Underwater basket weaving}}');
    expect(text).toContain('  author = {Silva, Ana}');
    expect(text).toContain('  pages = {1--10}');
    expect(text).toContain('  month = may');
    expect(text).toContain('  doi = {10.1000/xyz}');
  });

  it('shows file_attached true once the document has a file', async () => {
    const withFile = await a.create({ title: 'Has a file' });
    // Read first, so a cached answer would be stale if the flag were not part of it.
    expect((await a.json<Record<string, unknown>>(`/documents/${withFile.id}?view=client`)).file_attached).toBe(false);
    expect((await a.json<Record<string, unknown>[]>('/documents?view=all&limit=500')).find((d) => d.id === withFile.id)?.file_attached).toBe(false);
    await service.ctx.db.insertInto('files').values({
      id: randomUUID(), document_id: withFile.id, profile_id: alice.id, group_id: null, filehash: 'a'.repeat(40),
      file_name: 'x.pdf', mime_type: 'application/pdf', size: 1, added: new Date().toISOString(),
    }).execute();
    expect((await a.json<Record<string, unknown>>(`/documents/${withFile.id}?view=client`)).file_attached).toBe(true);
    expect((await a.json<Record<string, unknown>>(`/documents/${withFile.id}?view=all`)).file_attached).toBe(true);
    expect((await a.json<Record<string, unknown>[]>('/documents?view=all&limit=500')).find((d) => d.id === withFile.id)?.file_attached).toBe(true);
    expect(await a.json<Record<string, unknown>>(`/documents/${withFile.id}`)).not.toHaveProperty('file_attached');
  });
});

describe('PATCH /documents/{id}', () => {
  it('changes given fields, clears fields set to null and keeps the rest', async () => {
    const doc = await a.create(full);
    const res = await a.send('PATCH', `/documents/${doc.id}`, { title: 'Renamed', abstract: null, tags: null, year: null, pages: '2-3' });
    expect(res.status).toBe(200);
    const patched = (await res.json()) as Record<string, unknown>;
    expect(patched).toMatchObject({ title: 'Renamed', pages: '2-3', keywords: ['baskets'], type: 'book' });
    for (const cleared of ['abstract', 'tags', 'year']) expect(patched).not.toHaveProperty(cleared);
    expect(patched.last_modified! > doc.last_modified).toBe(true);
    expect(patched.created).toBe(doc.created);
    expect(await a.json(`/documents/${doc.id}?view=all`)).toEqual(patched);
  });

  it('answers {} with 200 and the unchanged document', async () => {
    const doc = await a.create({ title: 'Unchanged' });
    const res = await a.send('PATCH', `/documents/${doc.id}`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(doc);
  });

  it('refuses to clear title or type and enforces bounds', async () => {
    const doc = await a.create({ title: 'Bounded' });
    for (const body of [{ title: null }, { type: null }, { title: 'x'.repeat(501) }, { month: 13 }, { type: 'novel' },
      { websites: ['a'.repeat(5001)] }, { websites: ['a'.repeat(3000), 'b'.repeat(3000)] }, { nonsense: 1 }]) {
      const res = await a.send('PATCH', `/documents/${doc.id}`, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(await res.json()).toEqual({ message: expect.any(String) });
    }
    expect((await a.json<{ title: string }>(`/documents/${doc.id}`)).title).toBe('Bounded');
  });

  it('makes last_modified strictly increase even for back-to-back changes', async () => {
    const doc = await a.create({ title: 'Busy' });
    const stamps = [doc.last_modified];
    for (let i = 0; i < 5; i++) {
      const res = await a.send('PATCH', `/documents/${doc.id}`, { pages: String(i) });
      stamps.push(((await res.json()) as { last_modified: string }).last_modified);
    }
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]! > stamps[i - 1]!).toBe(true);
  });

  it('honours If-Unmodified-Since as an HTTP date (second precision)', async () => {
    const doc = await a.create({ title: 'Dated' });
    const modified = Date.parse(doc.last_modified);
    const sameSecond = new Date(Math.floor(modified / 1000) * 1000).toUTCString();
    const ok = await a.send('PATCH', `/documents/${doc.id}`, { pages: '1' }, { 'If-Unmodified-Since': sameSecond });
    expect(ok.status).toBe(200);
    const before = new Date(modified - 60_000).toUTCString();
    const stale = await a.send('PATCH', `/documents/${doc.id}`, { pages: '2' }, { 'If-Unmodified-Since': before });
    expect(stale.status).toBe(412);
    expect(await stale.json()).toEqual({ message: expect.any(String) });
    // The obsolete forms RFC 7231 still requires recipients to accept.
    const rfc850 = 'Sunday, 06-Nov-94 08:49:37 GMT';
    const asctime = 'Sun Nov  6 08:49:37 1994';
    for (const old of [rfc850, asctime]) {
      expect((await a.send('PATCH', `/documents/${doc.id}`, { pages: '3' }, { 'If-Unmodified-Since': old })).status).toBe(412);
    }
    expect((await a.json<{ pages?: string }>(`/documents/${doc.id}?view=bib`)).pages).toBe('1');
  });

  it('honours If-Unmodified-Since as an ISO timestamp with milliseconds (exact)', async () => {
    const doc = await a.create({ title: 'Exact' });
    const oneMsEarlier = new Date(Date.parse(doc.last_modified) - 1).toISOString();
    const stale = await a.send('PATCH', `/documents/${doc.id}`, { pages: '9' }, { 'If-Unmodified-Since': oneMsEarlier });
    expect(stale.status).toBe(412);
    const ok = await a.send('PATCH', `/documents/${doc.id}`, { pages: '9' }, { 'If-Unmodified-Since': doc.last_modified });
    expect(ok.status).toBe(200);
    const reused = await a.send('PATCH', `/documents/${doc.id}`, { pages: '10' }, { 'If-Unmodified-Since': doc.last_modified });
    expect(reused.status).toBe(412);
  });

  it('answers 400 for an unparseable If-Unmodified-Since', async () => {
    const doc = await a.create({ title: 'Garbled' });
    for (const value of ['yesterday', 'Sun, 31 Feb 2021 00:00:00 GMT', '2021-13-01T00:00:00Z']) {
      const res = await a.send('PATCH', `/documents/${doc.id}`, { pages: '1' }, { 'If-Unmodified-Since': value });
      expect(res.status, value).toBe(400);
    }
  });

  it('answers 404 for other users and unknown ids, 415 for a wrong Content-Type, 400 for bad JSON', async () => {
    const doc = await a.create({ title: 'Private' });
    expect((await b.send('PATCH', `/documents/${doc.id}`, { title: 'mine now' })).status).toBe(404);
    expect((await a.send('PATCH', `/documents/${randomUUID()}`, { title: 'x' })).status).toBe(404);
    const text = await a.send('PATCH', `/documents/${doc.id}`, 'title=x', { 'Content-Type': 'text/plain' });
    expect(text.status).toBe(415);
    const bad = await a.send('PATCH', `/documents/${doc.id}`, '{"title":');
    expect(bad.status).toBe(400);
    expect((await a.json<{ title: string }>(`/documents/${doc.id}`)).title).toBe('Private');
  });
});

describe('group libraries', () => {
  let groupId: string;
  let carol: TestUser;
  let c: DocumentClient;
  beforeAll(async () => {
    carol = await service.createUser();
    c = documentClient(service, carol);
    groupId = await joinGroup(service, alice.id, 'owner');
    await joinGroup(service, carol.id, 'follower', groupId);
  });

  it('lets members add documents, followers read but not write, outsiders see nothing', async () => {
    const doc = await a.create({ title: 'Shared', group_id: groupId });
    expect(doc.group_id).toBe(groupId);
    expect((await c.get(`/documents/${doc.id}`)).status).toBe(200);
    const patch = await c.send('PATCH', `/documents/${doc.id}`, { title: 'follower edit' });
    expect(patch.status).toBe(403);
    expect((await c.send('POST', '/documents', { title: 'x', group_id: groupId })).status).toBe(403);
    expect((await c.send('POST', `/documents/${doc.id}/trash`)).status).toBe(403);
    expect((await c.send('DELETE', `/documents/${doc.id}`)).status).toBe(403);
    expect((await b.get(`/documents/${doc.id}`)).status).toBe(404);
    expect((await b.send('POST', '/documents', { title: 'x', group_id: groupId })).status).toBe(404);
    const listed = await c.json<{ id: string }[]>(`/documents?group_id=${groupId}`);
    expect(listed.map((d) => d.id)).toEqual([doc.id]);
    expect((await b.get(`/documents?group_id=${groupId}`)).status).toBe(404);
    // Group documents are not in the personal library.
    expect((await a.json<{ id: string }[]>('/documents?limit=500')).map((d) => d.id)).not.toContain(doc.id);
  });

  it('refuses to move a document between libraries by PATCH', async () => {
    const doc = await a.create({ title: 'Stays personal' });
    expect((await a.send('PATCH', `/documents/${doc.id}`, { group_id: groupId })).status).toBe(400);
  });
});

describe('DELETE /documents/{id}', () => {
  it('deletes permanently with its files, annotations and folder links, leaving tombstones', async () => {
    const doc = await a.create({ title: 'Doomed' });
    const now = new Date().toISOString();
    const fileId = randomUUID();
    const annotationId = randomUUID();
    const folderId = randomUUID();
    await service.ctx.db.insertInto('files').values({
      id: fileId, document_id: doc.id, profile_id: alice.id, group_id: null, filehash: 'b'.repeat(40),
      file_name: 'x.pdf', mime_type: 'application/pdf', size: 1, added: now,
    }).execute();
    await service.ctx.db.insertInto('annotations').values({
      id: annotationId, type: 'note', document_id: doc.id, profile_id: alice.id, group_id: null, filehash: null,
      text: 'n', color: null, positions: null, privacy_level: 'private', created: now, last_modified: now,
    }).execute();
    await service.ctx.db.insertInto('folder_documents').values({ folder_id: folderId, document_id: doc.id, added: now }).execute();

    expect((await b.send('DELETE', `/documents/${doc.id}`)).status).toBe(404);
    const res = await a.send('DELETE', `/documents/${doc.id}`);
    expect(res.status).toBe(204);
    expect((await a.get(`/documents/${doc.id}`)).status).toBe(404);
    expect((await a.get(`/trash/${doc.id}`)).status).toBe(404);
    expect((await a.send('DELETE', `/documents/${doc.id}`)).status).toBe(404);

    const db = service.ctx.db;
    expect(await db.selectFrom('files').select('id').where('document_id', '=', doc.id).execute()).toEqual([]);
    expect(await db.selectFrom('annotations').select('id').where('document_id', '=', doc.id).execute()).toEqual([]);
    expect(await db.selectFrom('folder_documents').select('folder_id').where('document_id', '=', doc.id).execute()).toEqual([]);
    const tombstones = await db.selectFrom('tombstones').select(['kind', 'id']).where('id', 'in', [doc.id, fileId, annotationId]).orderBy('kind').execute();
    expect(tombstones).toEqual([{ kind: 'annotation', id: annotationId }, { kind: 'document', id: doc.id }, { kind: 'file', id: fileId }]);
  });
});
