// Draft datasets over real HTTP: creation, reading (owner, access code), listing, patching
// (several fields, several files, the single-file form), licences and deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { DRAFT_PERMISSIONS } from '../../shared/schemas/dataset.ts';
import { datasetsClient, jsonOf, type Json } from './datasetsTesting.ts';
import { setDatasetClock } from './clock.ts';

let service: TestService;
let owner: TestUser;
let stranger: TestUser;
let api: ReturnType<typeof datasetsClient>;
const CC_BY = '01d9c749-3c4d-4431-9df3-620b2dcfe144';

beforeAll(async () => {
  service = await startTestService();
  owner = await service.createUser();
  stranger = await service.createUser();
  api = datasetsClient(service);
});
afterAll(async () => service.stop());

describe('GET /datasets/licences', () => {
  it('lists the 8 data licences with the licence-info media type', async () => {
    const res = await api.get('/datasets/licences', owner.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(api.mt.licenceInfo);
    const list = (await res.json()) as Json[];
    expect(list).toHaveLength(8);
    expect(list.map((l) => l.short_name)).toContain('CC BY 4.0');
    expect(list.find((l) => l.id === CC_BY)).toMatchObject({ full_name: 'Creative Commons Attribution 4.0 International' });
    for (const l of list) expect(Object.keys(l).sort()).toEqual(['description', 'full_name', 'id', 'short_name', 'url']);
  });

  it('works with a client-credentials token too', async () => {
    const res = await api.get('/datasets/licences', { Authorization: `Bearer ${await service.clientToken()}` });
    expect(res.status).toBe(200);
  });
});

describe('POST /datasets/drafts', () => {
  it('creates a draft at version 1 with a reserved DOI, an access code and the owner permissions', async () => {
    const res = await api.create(owner.auth, { name: 'Soil samples', description: 'pH of soils', contributors: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org' }] });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toContain(api.mt.draftDataset);
    const draft = await jsonOf(res);
    expect(res.headers.get('location')).toBe(`${service.url}/datasets/drafts/${String(draft.id)}`);
    expect(draft).toMatchObject({ name: 'Soil samples', description: 'pH of soils', version: 1, owner_id: owner.id, roles: ['owner'] });
    expect(draft.permissions).toEqual([...DRAFT_PERMISSIONS]);
    expect(draft.permissions).toEqual(['Read', 'ReadAccessCode', 'ReadAuthorEmailAddresses', 'ReadCollaborators', 'Update', 'Publish']);
    expect(draft.doi).toEqual({ id: expect.stringMatching(new RegExp(`^10\\.\\d+/${String(draft.id)}\\.1$`)), status: 'reserved' });
    expect(typeof draft.access_code).toBe('string');
    expect((draft.access_code as string).length).toBeGreaterThanOrEqual(16);
    expect(draft.created_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(draft.created_data).toBe(draft.created_date);
    expect(draft.last_modification_date).toBe(draft.created_date);
    expect(draft.files).toEqual([]);
    expect((draft.contributors as Json[])[0]!.email).toBe('ada@example.org');
    expect(draft).not.toHaveProperty('publish_date');
  });

  it('needs only a name, and refuses a missing name, wrong types and bad content types', async () => {
    expect((await api.create(owner.auth, { name: 'Just a name' })).status).toBe(201);
    const noName = await api.create(owner.auth, { description: 'no name' });
    expect(noName.status).toBe(400);
    expect((await jsonOf(noName)).message).toContain('name');
    expect((await api.create(owner.auth, { name: 12 })).status).toBe(400);
    expect((await api.create(owner.auth, { name: '' })).status).toBe(400);
    expect((await api.create(owner.auth, { name: 'x', categories: [{ label: 'Astrology' }] })).status).toBe(400);
    expect((await api.create(owner.auth, '{not json')).status).toBe(400);
    const wrongType = await service.fetch('/datasets/drafts', { method: 'POST', headers: { ...owner.auth, 'Content-Type': 'text/plain' }, body: 'name' });
    expect(wrongType.status).toBe(415);
    const clientOnly = await api.create({ Authorization: `Bearer ${await service.clientToken()}` }, { name: 'x' });
    expect(clientOnly.status).toBe(400);
  });

  it('accepts other draft fields on creation, including a licence and files', async () => {
    const ticket = await api.upload(owner, 'a,b\n1,2\n', 'text/csv');
    const draft = await api.createOk(owner, {
      name: 'Full', data_licence: { id: CC_BY }, categories: [{ label: 'Mathematics' }],
      files: [{ filename: 'data.csv', description: 'numbers', content_details: { id: ticket } }],
    });
    expect(draft.data_licence).toMatchObject({ id: CC_BY, short_name: 'CC BY 4.0' });
    expect(draft.categories).toEqual([{ id: expect.any(String), label: 'Mathematics' }]);
    expect((draft.files as Json[])[0]).toMatchObject({ filename: 'data.csv', description: 'numbers', content_details: { id: ticket, size: 8, content_type: 'text/csv', status: 'claimed' } });
  });
});

describe('GET /datasets/drafts/{id}', () => {
  it('shows the draft to its owner and answers 404 to anyone else', async () => {
    const draft = await api.createOk(owner, { name: 'Private' });
    const mine = await api.get(`/datasets/drafts/${String(draft.id)}`, owner.auth);
    expect(mine.status).toBe(200);
    expect((await jsonOf(mine)).name).toBe('Private');
    const theirs = await api.get(`/datasets/drafts/${String(draft.id)}`, stranger.auth);
    expect(theirs.status).toBe(404);
    expect((await jsonOf(theirs)).message).toBeTruthy();
    expect((await api.get('/datasets/drafts/nosuchdraft', owner.auth)).status).toBe(404);
    expect((await api.get(`/datasets/drafts/${String(draft.id)}?access_code=wrong`, stranger.auth)).status).toBe(404);
  });

  it('lets anyone with the access code read, not edit; e-mails and the code stay hidden', async () => {
    const draft = await api.createOk(owner, { name: 'Shared', contributors: [{ last_name: 'Curie', email: 'marie@example.org' }] });
    const path = `/datasets/drafts/${String(draft.id)}?access_code=${encodeURIComponent(String(draft.access_code))}`;
    const res = await api.get(path, stranger.auth);
    expect(res.status).toBe(200);
    const seen = await jsonOf(res);
    expect(seen.name).toBe('Shared');
    expect(seen.permissions).toEqual(['Read']);
    expect(seen.roles).toEqual([]);
    expect(seen).not.toHaveProperty('access_code');
    expect(seen.contributors).toEqual([{ last_name: 'Curie' }]);
    // A client-credentials token holding the code may read too.
    expect((await api.get(path, { Authorization: `Bearer ${await service.clientToken()}` })).status).toBe(200);

    const edit = await api.patch(String(draft.id), stranger.auth, { name: 'Hijacked' }, `?access_code=${String(draft.access_code)}`);
    expect(edit.status).toBe(403);
    const publish = await api.publish(String(draft.id), stranger.auth, undefined, `?access_code=${String(draft.access_code)}`);
    expect(publish.status).toBe(403);
    const del = await service.fetch(`/datasets/drafts/${String(draft.id)}?access_code=${String(draft.access_code)}`, { method: 'DELETE', headers: stranger.auth });
    expect(del.status).toBe(403);
    expect((await jsonOf(await api.get(`/datasets/drafts/${String(draft.id)}`, owner.auth))).name).toBe('Shared');
  });
});

describe('GET /datasets/drafts', () => {
  let lister: TestUser;
  const ids: string[] = [];
  beforeAll(async () => {
    lister = await service.createUser();
    for (const name of ['one', 'two', 'three']) ids.push(String((await api.createOk(lister, { name, description: `about ${name}` })).id));
  });

  it('lists the caller own drafts, ids only by default', async () => {
    const res = await api.get('/datasets/drafts', lister.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get(service.ctx.headers.count)).toBe('3');
    expect(await res.json()).toEqual(ids.map((id) => ({ id })));
    const theirs = (await (await api.get('/datasets/drafts', stranger.auth)).json()) as Json[];
    expect(theirs.filter((d) => ids.includes(String(d.id)))).toEqual([]);
  });

  it('trims to fields named without the results prefix, with * for everything', async () => {
    const named = (await (await api.get('/datasets/drafts?fields=name,doi.status', lister.auth)).json()) as Json[];
    expect(named[0]).toEqual({ id: ids[0], name: 'one', doi: { status: 'reserved' } });
    const prefixed = (await (await api.get('/datasets/drafts?fields=results.name', lister.auth)).json()) as Json[];
    expect(prefixed[0]).toEqual({ id: ids[0] });
    const all = (await (await api.get('/datasets/drafts?fields=*', lister.auth)).json()) as Json[];
    expect(all[0]).toMatchObject({ id: ids[0], name: 'one', description: 'about one', version: 1, roles: ['owner'] });
  });

  it('pages with limit and order, and filters by roles', async () => {
    const first = await api.get('/datasets/drafts?limit=2&order=desc', lister.auth);
    expect(((await first.json()) as Json[]).map((d) => d.id)).toEqual([ids[2], ids[1]]);
    const link = first.headers.get('link') ?? '';
    const next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
    expect(next).toBeTruthy();
    const second = await fetch(next!, { headers: { ...lister.auth, Accept: '*/*' } });
    expect(((await second.json()) as Json[]).map((d) => d.id)).toEqual([ids[0]]);

    expect(((await (await api.get('/datasets/drafts?roles=owner', lister.auth)).json()) as Json[])).toHaveLength(3);
    expect(((await (await api.get('/datasets/drafts?roles=collaborator', lister.auth)).json()) as Json[])).toEqual([]);
    expect((await api.get('/datasets/drafts?roles=admin', lister.auth)).status).toBe(400);
    expect((await api.get('/datasets/drafts?limit=501', lister.auth)).status).toBe(400);
    expect((await api.get('/datasets/drafts?order=sideways', lister.auth)).status).toBe(400);
  });
});

describe('PATCH /datasets/drafts/{id}', () => {
  it('replaces several fields in one request and moves last_modification_date', async () => {
    const draft = await api.createOk(owner, { name: 'Before' });
    await new Promise((r) => setTimeout(r, 5));
    const patched = await api.patchOk(String(draft.id), owner, {
      name: 'After',
      description: 'Now described',
      data_licence: { id: CC_BY },
      categories: [{ label: 'Social Sciences' }, { label: 'Mathematics' }, { label: 'Mathematics' }],
      contributors: [{ first_name: 'Grace', last_name: 'Hopper', contribution: 'analysis', institution: { name: 'Yale' }, corresponding_author: true }],
      articles: [{ title: 'Paper', doi: '10.1000/paper.1' }],
    });
    expect(patched).toMatchObject({ name: 'After', description: 'Now described', data_licence: { id: CC_BY, short_name: 'CC BY 4.0' } });
    expect((patched.categories as Json[]).map((c) => c.label)).toEqual(['Mathematics', 'Social Sciences']);
    expect(patched.contributors).toEqual([{ first_name: 'Grace', last_name: 'Hopper', contribution: 'analysis', institution: { name: 'Yale' }, corresponding_author: true }]);
    expect(patched.articles).toEqual([{ title: 'Paper', doi: '10.1000/paper.1' }]);
    expect(Date.parse(String(patched.last_modification_date))).toBeGreaterThan(Date.parse(String(draft.last_modification_date)));
    expect(patched.created_date).toBe(draft.created_date);

    const cleared = await api.patchOk(String(draft.id), owner, { description: null, data_licence: null });
    expect(cleared).not.toHaveProperty('description');
    expect(cleared).not.toHaveProperty('data_licence');
    expect(cleared.name).toBe('After');
  });

  it('refuses a licence that is not in the list, bad bodies and other users', async () => {
    const draft = await api.createOk(owner, { name: 'L' });
    const bad = await api.patch(String(draft.id), owner.auth, { data_licence: { id: 'made-up' } });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad)).message).toContain('licence');
    expect((await api.patch(String(draft.id), owner.auth, { name: null })).status).toBe(400);
    expect((await api.patch(String(draft.id), owner.auth, [1, 2])).status).toBe(400);
    expect((await api.patch(String(draft.id), owner.auth, { embargo_date: 'tomorrow' })).status).toBe(400);
    expect((await api.patch(String(draft.id), owner.auth, { contributors: [{ last_name: 'X', email: 'not an address' }] })).status).toBe(400);
    expect((await api.patch(String(draft.id), owner.auth, { categories: [{ label: 'Astrology' }] })).status).toBe(400);
    expect((await api.patch(String(draft.id), owner.auth, { files: [{ content_details: { id: 'x' } }] })).status).toBe(400);
    expect((await api.patch(String(draft.id), stranger.auth, { name: 'x' })).status).toBe(404);
    expect((await api.patch('nosuchdraft', owner.auth, { name: 'x' })).status).toBe(404);
    const unchanged = await api.patchOk(String(draft.id), owner, {});
    expect(unchanged.last_modification_date).toBe(draft.last_modification_date);
  });

  it('sets an embargo with a future date and removes it with a past one', async () => {
    const draft = await api.createOk(owner, { name: 'E' });
    const future = new Date(Date.now() + 30 * 86400_000).toISOString();
    const embargoed = await api.patchOk(String(draft.id), owner, { embargo_date: future });
    expect(embargoed.embargo_date).toBe(future);
    const lifted = await api.patchOk(String(draft.id), owner, { embargo_date: '2001-01-01T00:00:00Z' });
    expect(lifted).not.toHaveProperty('embargo_date');
  });

  it('adds several files in one request, replacing the file list', async () => {
    const draft = await api.createOk(owner, { name: 'Files' });
    const a = await api.upload(owner, 'first file', 'text/plain');
    const b = await api.upload(owner, Buffer.from([0x50, 0x4b, 3, 4, 9, 9]), 'application/zip');
    const patched = await api.patchOk(String(draft.id), owner, {
      files: [
        { filename: 'a.txt', description: 'A', content_details: { id: a } },
        { filename: 'b.zip', name: 'Archive', description: 'B', content_details: { id: b } },
      ],
    });
    const files = patched.files as Json[];
    expect(files.map((f) => f.filename)).toEqual(['a.txt', 'b.zip']);
    expect(files[1]).toMatchObject({ name: 'Archive', description: 'B' });
    const details = files[0]!.content_details as Json;
    expect(details).toMatchObject({ id: a, content_type: 'text/plain', size: 10, status: 'claimed' });
    expect(details.sha256_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(details.sha1_hash).toMatch(/^[0-9a-f]{40}$/);
    expect(details.download_url).toMatch(/^http/);
    expect(details.view_url).toMatch(/^http/);
    expect(Date.parse(String(details.download_expiry_time))).toBeGreaterThan(Date.now());

    const replaced = await api.patchOk(String(draft.id), owner, { files: [{ filename: 'only.txt', content_details: { id: a } }] });
    expect((replaced.files as Json[]).map((f) => f.filename)).toEqual(['only.txt']);
  });

  it('adds one file with the top-level form of the reference client', async () => {
    const draft = await api.createOk(owner, { name: 'Single', description: 'dataset description' });
    const first = await api.upload(owner, 'one', 'text/plain');
    const second = await api.upload(owner, 'two', 'text/plain');
    await api.patchOk(String(draft.id), owner, { filename: 'one.txt', description: 'file one', content_details: { id: first } });
    const both = await api.patchOk(String(draft.id), owner, { filename: 'two.txt', description: 'file two', content_details: { id: second } });
    expect((both.files as Json[]).map((f) => [f.filename, f.description])).toEqual([['one.txt', 'file one'], ['two.txt', 'file two']]);
    expect(both.description).toBe('dataset description'); // the top-level description was the file's
    const renamed = await api.patchOk(String(draft.id), owner, { filename: 'uno.txt', content_details: { id: first } });
    expect((renamed.files as Json[]).map((f) => f.filename)).toEqual(['two.txt', 'uno.txt']);
    expect((await api.patch(String(draft.id), owner.auth, { filename: 'x.txt' })).status).toBe(400);
    expect((await api.patch(String(draft.id), owner.auth, { content_details: { id: first } })).status).toBe(400);
  });

  it('only attaches content uploaded by the caller', async () => {
    const draft = await api.createOk(owner, { name: 'Tickets' });
    const theirs = await api.upload(stranger, 'stranger bytes', 'text/plain');
    const res = await api.patch(String(draft.id), owner.auth, { files: [{ filename: 'x', content_details: { id: theirs } }] });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).message).toContain('content_details.id');
    expect((await api.patch(String(draft.id), owner.auth, { filename: 'x', content_details: { id: 'no-such-ticket' } })).status).toBe(400);
    expect((await jsonOf(await api.get(`/datasets/drafts/${String(draft.id)}`, owner.auth))).files).toEqual([]);
  });
});

describe('DELETE /datasets/drafts/{id}', () => {
  it('removes the draft (204) and then answers 404; other users get 404', async () => {
    const draft = await api.createOk(owner, { name: 'Doomed' });
    const path = `/datasets/drafts/${String(draft.id)}`;
    expect((await service.fetch(path, { method: 'DELETE', headers: stranger.auth })).status).toBe(404);
    const res = await service.fetch(path, { method: 'DELETE', headers: owner.auth });
    expect(res.status).toBe(204);
    expect((await api.get(path, owner.auth)).status).toBe(404);
    expect((await service.fetch(path, { method: 'DELETE', headers: owner.auth })).status).toBe(404);
  });
});

describe('the datasets clock', () => {
  it('is the injectable time source of the area', async () => {
    const fixed = new Date('2031-05-06T07:08:09.000Z');
    setDatasetClock(service.ctx, () => fixed);
    try {
      const draft = await api.createOk(owner, { name: 'Clocked' });
      expect(draft.created_date).toBe(fixed.toISOString());
    } finally {
      setDatasetClock(service.ctx, undefined);
    }
  });
});
