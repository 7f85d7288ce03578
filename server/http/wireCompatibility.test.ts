// What existing clients of the real interface send without thinking about it, against a
// service set to their vendor word (real-api notes "Wire names"): media types with a
// charset, q-values, a BOM, generic Accept headers, objects sent back as they were read.
// Bad bytes get a JSON 400 and store nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { parseLinkHeader } from '../../shared/paging.ts';

let service: TestService;
let alice: TestUser;
let bob: TestUser;
let mt: TestService['ctx']['mediaTypes'];

beforeAll(async () => {
  service = await startTestService({ vendor: 'mendeley' });
  mt = service.ctx.mediaTypes;
  alice = await service.createUser();
  bob = await service.createUser();
});
afterAll(async () => service.stop());

function call(user: TestUser, method: string, path: string, body?: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  return service.fetch(path, { method, headers: { ...user.auth, Accept: '*/*', ...headers }, body });
}

/** A JSON body with the media type as an SDK sends it: `; charset=UTF-8` appended. */
function send(user: TestUser, method: string, path: string, type: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(user, method, path, JSON.stringify(body), { 'Content-Type': `${type}; charset=UTF-8`, ...headers });
}

async function created(res: Response): Promise<Record<string, unknown> & { id: string }> {
  const text = await res.text();
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown> & { id: string };
}

async function expectJsonError(res: Response, status: number, message: RegExp): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({ message: expect.stringMatching(message) });
}

describe('the mendeley wire names', () => {
  it('names the media types, the count header and the trace id after the vendor word', async () => {
    await created(await send(alice, 'POST', '/documents', mt.document, { title: 'Wire names' }));
    const res = await call(alice, 'GET', '/documents', undefined, { Accept: 'application/vnd.mendeley-document.1+json' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.mendeley-document.1+json; charset=utf-8');
    expect(res.headers.get('mendeley-count')).toBe('1');
    expect(res.headers.get('x-mendeley-trace-id')).toMatch(/^[0-9a-f]{16}$/);
    const denied = await service.fetch('/documents');
    expect(denied.headers.get('x-mendeley-trace-id')).toMatch(/^[0-9a-f]{16}$/);
    expect(denied.headers.get('www-authenticate')).toBe('Bearer realm="mendeley"');
  });

  it('takes the token from an access_token query parameter or a lower-case "bearer", and never echoes it into Link', async () => {
    const user = await service.createUser();
    for (let i = 0; i < 3; i++) await created(await send(user, 'POST', '/documents', mt.document, { title: `Token ${i}` }));
    const res = await service.fetch(`/documents?limit=2&access_token=${user.token}`);
    expect(res.status).toBe(200);
    const link = res.headers.get('link') ?? '';
    expect(parseLinkHeader(link).next).toBeDefined();
    expect(link).not.toContain(user.token);
    expect(link).not.toContain('access_token');
    expect((await service.fetch('/profiles/me', { headers: { authorization: `bearer ${user.token}` } })).status).toBe(200);
  });

  it('reads Accept headers with parameters, q-values and any case', async () => {
    const doc = await created(await send(alice, 'POST', '/documents', mt.document, { title: 'Negotiated' }));
    for (const accept of [
      `${mt.document}; charset=UTF-8`,
      `${mt.document};q=0.9, application/json;q=0.5`,
      `text/html;q=0.1, ${mt.document.toUpperCase()}`,
      'application/json',
      '*/*',
    ]) {
      const res = await call(alice, 'GET', `/documents/${doc.id}`, undefined, { Accept: accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-type')).toContain(mt.document);
    }
    await expectJsonError(await call(alice, 'GET', `/documents/${doc.id}`, undefined, { Accept: `${mt.document};q=0, text/html` }), 406, /Cannot produce/);
  });

  it('serves profiles under the singular type the JavaScript SDK asks for, and academic statuses under the vendor form too', async () => {
    const me = await call(alice, 'GET', '/profiles/me', undefined, { Accept: 'application/vnd.mendeley-profile.1+json' });
    expect(me.status).toBe(200);
    expect(me.headers.get('content-type')).toContain('application/vnd.mendeley-profile.1+json');
    expect(await me.json()).toMatchObject({ id: alice.id, email: alice.email });
    const other = await call(alice, 'GET', `/profiles/${bob.id}`, undefined, { Accept: 'application/vnd.mendeley-profile.1+json' });
    expect(other.status).toBe(200);
    const plural = await call(alice, 'GET', '/profiles/me', undefined, { Accept: mt.profiles });
    expect(plural.headers.get('content-type')).toContain(mt.profiles);
    const amended = await send(alice, 'PATCH', '/profiles/me', mt.profileAmendment, { biography: 'Singular' }, { Accept: 'application/vnd.mendeley-profile.1+json' });
    expect(amended.status).toBe(200);

    const token = await service.clientToken();
    for (const accept of ['application/vnd.academic_status.1+json', 'application/vnd.mendeley-academic-status.1+json']) {
      const res = await service.fetch('/academic_statuses', { headers: { Authorization: `Bearer ${token}`, Accept: accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-type')).toContain(accept);
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const doc = await created(await send(alice, 'POST', '/documents', mt.document, { title: 'Headed' }));
    const res = await call(alice, 'HEAD', `/documents/${doc.id}`, undefined, { Accept: mt.document });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(mt.document);
    expect(await res.text()).toBe('');
  });

  it('walks a collection through rel="next" with Accept: */* until there is none', async () => {
    const user = await service.createUser();
    for (let i = 0; i < 5; i++) await created(await send(user, 'POST', '/documents', mt.document, { title: `Paged ${i}` }));
    const seen: string[] = [];
    let path: string | undefined = '/documents?limit=2&sort=title&order=desc';
    let pages = 0;
    while (path && pages < 10) {
      const res = await call(user, 'GET', path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(mt.document);
      expect(res.headers.get('mendeley-count')).toBe(pages === 0 ? '5' : null);
      seen.push(...((await res.json()) as { title: string }[]).map((d) => d.title));
      const next = parseLinkHeader(res.headers.get('link')).next;
      path = next ? next.slice(service.url.length) : undefined;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(['Paged 4', 'Paged 3', 'Paged 2', 'Paged 1', 'Paged 0']);
  });
});

describe('JSON bodies with a charset parameter', () => {
  it('are read on every kind of JSON route, not only where files may arrive', async () => {
    const doc = await created(await send(alice, 'POST', '/documents', mt.document, { title: 'Charset' }));
    const patched = await send(alice, 'PATCH', `/documents/${doc.id}`, mt.document, { title: 'Charset, patched' });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ title: 'Charset, patched' });

    const empty = await send(alice, 'PATCH', `/documents/${doc.id}`, mt.document, {});
    expect(empty.status).toBe(200);
    expect(await empty.json()).toMatchObject({ id: doc.id, title: 'Charset, patched' });

    const folder = await created(await send(alice, 'POST', '/folders', mt.folder, { name: 'Charset folder' }));
    expect((await send(alice, 'PATCH', `/folders/${folder.id}`, mt.folder, { name: 'Renamed' })).status).toBe(204);
    expect((await send(alice, 'POST', `/folders/${folder.id}/documents`, mt.document, { id: doc.id })).status).toBe(201);

    const note = await created(await send(alice, 'POST', '/annotations', mt.annotation, { document_id: doc.id, text: 'A note' }));
    expect((await send(alice, 'PATCH', `/annotations/${note.id}`, mt.annotation, { text: 'Changed' })).status).toBe(200);

    const group = await created(await send(alice, 'POST', '/groups/v2', mt.groupV2, { name: 'Charset group' }));
    expect((await send(alice, 'PATCH', `/groups/v2/${group.id}`, mt.groupV2, { description: 'Described' })).status).toBe(200);

    expect((await send(alice, 'PATCH', '/profiles/me', mt.profileAmendment, { biography: 'Charset' })).status).toBe(200);
    await created(await send(alice, 'POST', '/followers', mt.followRequest, { followed: bob.id }));

    const draft = await created(await send(alice, 'POST', '/datasets/drafts', mt.datasetCreationRequest, { name: 'Charset data' }));
    expect((await send(alice, 'PATCH', `/datasets/drafts/${draft.id}`, mt.datasetPatch, { description: 'Described' })).status).toBe(200);
  });

  it('are read whatever the case of the media type', async () => {
    const res = await call(alice, 'POST', '/folders', JSON.stringify({ name: 'Upper case' }), { 'Content-Type': `${mt.folder.toUpperCase()}; Charset=utf-8` });
    expect((await created(res)).name).toBe('Upper case');
  });

  it('may start with a UTF-8 byte order mark', async () => {
    const body = new Uint8Array(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ name: 'Marked' }))]));
    const res = await call(alice, 'POST', '/folders', body, { 'Content-Type': mt.folder });
    expect((await created(res)).name).toBe('Marked');
  });
});

describe('bytes that are not JSON text', () => {
  const countDocuments = async (user: TestUser) =>
    Number((await call(user, 'GET', '/documents', undefined, { Accept: mt.document })).headers.get('mendeley-count'));

  it('refuses a body that is not UTF-8 with a JSON 400 and stores nothing', async () => {
    const user = await service.createUser();
    const latin1 = new Uint8Array(Buffer.from('{"title":"Caf\u00e9"}', 'latin1'));
    await expectJsonError(await call(user, 'POST', '/documents', latin1, { 'Content-Type': mt.document }), 400, /UTF-8/);
    await expectJsonError(await call(user, 'POST', '/folders', latin1, { 'Content-Type': `${mt.folder}; charset=UTF-8` }), 400, /UTF-8/);
    expect(await countDocuments(user)).toBe(0);
  });

  it('refuses NUL characters, which would cut strings short in search, but keeps an escaped backslash before u0000', async () => {
    const user = await service.createUser();
    await expectJsonError(await call(user, 'POST', '/documents', '{"title":"Nul\\u0000byte"}', { 'Content-Type': mt.document }), 400, /NUL/);
    const doc = await created(await send(user, 'POST', '/documents', mt.document, { title: 'Kept' }));
    await expectJsonError(await call(user, 'PATCH', `/documents/${doc.id}`, '{"abstract":"a\\u0000"}', { 'Content-Type': mt.document }), 400, /NUL/);
    expect(await countDocuments(user)).toBe(1);
    const literal = await created(await send(user, 'POST', '/documents', mt.document, { title: 'Back\\u0000slash' }));
    expect(literal.title).toBe('Back\\u0000slash');
  });

  it('refuses a lone UTF-16 surrogate, which would be stored as U+FFFD, and stores nothing', async () => {
    const user = await service.createUser();
    await expectJsonError(await call(user, 'POST', '/documents', '{"title":"Half \\ud83d pair"}', { 'Content-Type': mt.document }), 400, /surrogate/);
    await expectJsonError(await call(user, 'POST', '/documents', '{"title":"t","tags":["\\udc00"]}', { 'Content-Type': mt.document }), 400, /surrogate/);
    expect(await countDocuments(user)).toBe(0);
    const paired = await created(await call(user, 'POST', '/documents', '{"title":"Whole \\ud83d\\ude00 pair"}', { 'Content-Type': mt.document }));
    expect(paired.title).toBe('Whole \u{1F600} pair');
  });

  it('keeps Unicode as it came: combining marks, right-to-left text and emoji', async () => {
    const title = 'Cafe\u0301 \u202bשלום\u202c \u{1F600} \u0645\u0631\u062d\u0628\u0627';
    const doc = await created(await send(alice, 'POST', '/documents', mt.document, { title, authors: [{ last_name: 'Ø\u0308rsted', first_name: '\u{1F9EA}' }] }));
    const again = (await (await call(alice, 'GET', `/documents/${doc.id}`)).json()) as Record<string, unknown>;
    expect(again.title).toBe(title);
    expect(again.authors).toEqual([{ last_name: 'Ø\u0308rsted', first_name: '\u{1F9EA}' }]);
    const found = (await (await call(alice, 'GET', `/search/documents?query=${encodeURIComponent('שלום')}`)).json()) as { id: string }[];
    expect(found.map((d) => d.id)).toContain(doc.id);
  });

  it('counts a title bound in characters, so 500 emoji fit and 501 do not', async () => {
    await created(await send(alice, 'POST', '/documents', mt.document, { title: '\u{1F600}'.repeat(500) }));
    await expectJsonError(await send(alice, 'POST', '/documents', mt.document, { title: '\u{1F600}'.repeat(501) }), 400, /title/);
  });
});

describe('objects sent back as they were read', () => {
  it('folders: server-set fields are ignored on create and change; the library cannot change', async () => {
    const folder = await created(await send(alice, 'POST', '/folders', mt.folder, { name: 'Echoed' }));
    const copy = await created(await send(alice, 'POST', '/folders', mt.folder, { ...folder, name: 'Copy' }));
    expect(copy.id).not.toBe(folder.id);
    expect((await send(alice, 'PATCH', `/folders/${folder.id}`, mt.folder, { ...folder, name: 'Echoed, renamed' })).status).toBe(204);
    const read = (await (await call(alice, 'GET', `/folders/${folder.id}`)).json()) as Record<string, unknown>;
    expect(read).toMatchObject({ id: folder.id, name: 'Echoed, renamed', created: folder.created });
    await expectJsonError(await send(alice, 'PATCH', `/folders/${folder.id}`, mt.folder, { ...folder, group_id: 'elsewhere' }), 400, /group_id cannot be changed/);
    await expectJsonError(await send(alice, 'PATCH', `/folders/${folder.id}`, mt.folder, { name: 'x', colour: 'red' }), 400, /unknown field "colour"/);
  });

  it('groups v2: id, link, owner, created, role and the access flags are ignored', async () => {
    const group = await created(await send(alice, 'POST', '/groups/v2', mt.groupV2, { name: 'Echo group', access_level: 'public' }));
    expect(group).toMatchObject({ invite_only: false, public: true, role: 'owner' });
    const res = await send(alice, 'PATCH', `/groups/v2/${group.id}`, mt.groupV2, { ...group, description: 'Now described' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: group.id, owning_profile_id: alice.id, created: group.created, description: 'Now described', access_level: 'public' });
  });

  it('profiles: the own profile sent back unchanged but for one field amends that field; a changed id is refused', async () => {
    const user = await service.createUser();
    const me = (await (await call(user, 'GET', '/profiles/me')).json()) as Record<string, unknown>;
    const res = await send(user, 'PATCH', '/profiles/me', mt.profileAmendment, { ...me, biography: 'Written back' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...me, biography: 'Written back' });
    await expectJsonError(await send(user, 'PATCH', '/profiles/me', mt.profileAmendment, { ...me, email: 'someone.else@example.org' }), 400, /email cannot be changed/);
    await expectJsonError(await send(user, 'PATCH', '/profiles/me', mt.profileAmendment, { ...me, id: bob.id }), 400, /id cannot be changed/);
  });
});

describe("what Zotero's Mendeley importer asks for", () => {
  it('lists documents with their files and folder ids under vnd.mendeley-document-with-files-list+json, through every page', async () => {
    const user = await service.createUser();
    const docs: { id: string }[] = [];
    for (let i = 0; i < 5; i++) docs.push(await created(await send(user, 'POST', '/documents', mt.document, { title: `Imported ${i}`, year: 2000 + i })));
    const folder = await created(await send(user, 'POST', '/folders', mt.folder, { name: 'Reading' }));
    expect((await send(user, 'POST', `/folders/${folder.id}/documents`, mt.document, { id: docs[1]!.id })).status).toBe(201);
    const upload = await call(user, 'POST', '/files', new Uint8Array(Buffer.from('%PDF-1.4 imported')), {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="imported.pdf"',
      Link: `<${service.url}/documents/${docs[1]!.id}>; rel="document"`,
    });
    const file = await created(upload);

    const accept = 'application/vnd.mendeley-document-with-files-list+json';
    const seen: Record<string, unknown>[] = [];
    let path: string | undefined = '/documents?view=all&limit=2';
    let pages = 0;
    while (path && pages++ < 10) {
      const res = await call(user, 'GET', path, undefined, { Accept: accept });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(accept);
      seen.push(...((await res.json()) as Record<string, unknown>[]));
      // The importer's own reading of Link: a lazy <(.*?)> from the first '<' works only when
      // rel="next" comes first, so a middle page (next, first, previous, last) must keep it first.
      const next = /<(.*?)>;\s+rel="next"/i.exec(res.headers.get('link') ?? '')?.[1];
      path = next ? next.slice(service.url.length) : undefined;
    }
    expect(pages).toBe(3);
    expect(seen.map((d) => d.title).sort()).toEqual(['Imported 0', 'Imported 1', 'Imported 2', 'Imported 3', 'Imported 4']);
    const withFile = seen.find((d) => d.id === docs[1]!.id)!;
    expect(withFile).toMatchObject({ file_attached: true, folder_uuids: [folder.id], files: [{ id: file.id, file_name: file.file_name, mime_type: 'application/pdf', filehash: file.filehash, size: file.size }] });
    expect(seen.find((d) => d.id === docs[0]!.id)).toMatchObject({ files: [], folder_uuids: [] });

    // A plain document Accept keeps the plain shape.
    const plain = (await (await call(user, 'GET', '/documents?view=all', undefined, { Accept: mt.document })).json()) as Record<string, unknown>[];
    expect(plain[0]).not.toHaveProperty('files');
  });

  it('reads the own profile at /profiles/v2/me, and lists groups and annotations as it asks', async () => {
    const me = await call(alice, 'GET', '/profiles/v2/me', undefined, { Accept: 'application/vnd.mendeley-profiles.2+json' });
    expect(me.status).toBe(200);
    expect(me.headers.get('content-type')).toContain('application/vnd.mendeley-profiles.2+json');
    expect(await me.json()).toMatchObject({ id: alice.id, email: alice.email });
    const groups = await call(alice, 'GET', '/groups/v2?type=all&limit=500', undefined, { Accept: mt.groupList });
    expect(groups.status).toBe(200);
    const annotations = await call(alice, 'GET', '/annotations?limit=200', undefined, { Accept: mt.annotation });
    expect(annotations.status).toBe(200);
  });
});
