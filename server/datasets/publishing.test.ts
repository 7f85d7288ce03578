// Publishing over real HTTP: validation with field_errors, sequential versions, immutable
// snapshots, DOIs, new access codes, and the published versions outliving the draft.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { datasetsClient, jsonOf, type Json } from './datasetsTesting.ts';
import { setDatasetClock } from './clock.ts';
import { DOI_PREFIX, DOI_REGISTRATION_SECONDS } from './doi.ts';

let service: TestService;
let owner: TestUser;
let reader: TestUser;
let api: ReturnType<typeof datasetsClient>;

beforeAll(async () => {
  service = await startTestService();
  owner = await service.createUser();
  reader = await service.createUser();
  api = datasetsClient(service);
});
afterAll(async () => service.stop());

describe('publish validation', () => {
  it('lists description, categories and files as field_errors (400), then publishes once each is fixed', async () => {
    const draft = await api.createOk(owner, { name: 'Incomplete' });
    const id = String(draft.id);
    const fieldsOf = async (res: Response) => ((await jsonOf(res)).field_errors as Json[]).map((e) => e.field);

    const first = await api.publish(id, owner.auth);
    expect(first.status).toBe(400);
    expect(first.headers.get('content-type')).toContain('application/json');
    const body = await jsonOf(first.clone());
    expect(typeof body.message).toBe('string');
    for (const e of body.field_errors as Json[]) expect(typeof e.message).toBe('string');
    expect(await fieldsOf(first)).toEqual(['description', 'categories', 'files']);

    await api.patchOk(id, owner, { description: 'Now described' });
    expect(await fieldsOf(await api.publish(id, owner.auth))).toEqual(['categories', 'files']);
    await api.patchOk(id, owner, { categories: [{ label: 'Health Sciences' }] });
    expect(await fieldsOf(await api.publish(id, owner.auth))).toEqual(['files']);
    // A failed publish leaves the draft as it was.
    const still = await jsonOf(await api.get(`/datasets/drafts/${id}`, owner.auth));
    expect(still.version).toBe(1);
    expect(still.access_code).toBe(draft.access_code);
    expect((await api.get(`/datasets/${id}`, owner.auth)).status).toBe(404);

    const ticket = await api.upload(owner, 'x,y\n', 'text/csv');
    await api.patchOk(id, owner, { filename: 'xy.csv', content_details: { id: ticket } });
    const published = await api.publish(id, owner.auth);
    expect(published.status).toBe(200);
    expect((await jsonOf(published)).version).toBe(1);
  });

  it('applies a draft-shaped body sent with the publish before validating it', async () => {
    const draft = await api.createOk(owner, { name: 'Body publish' });
    const ticket = await api.upload(owner, 'body', 'text/plain');
    const res = await api.publish(String(draft.id), owner.auth, {
      ...draft,
      description: 'from the publish body',
      categories: [{ label: 'Arts and Humanities' }],
      files: [{ filename: 'b.txt', content_details: { id: ticket } }],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const pub = await jsonOf(res);
    expect(pub).toMatchObject({ description: 'from the publish body', version: 1 });
    expect((await api.publish(String(draft.id), owner.auth, { description: 7 })).status).toBe(400);
  });

  it('answers 404 to other users and to unknown drafts', async () => {
    const draft = await api.publishableDraft(owner);
    expect((await api.publish(String(draft.id), reader.auth)).status).toBe(404);
    expect((await api.publish('nosuchdraft', owner.auth)).status).toBe(404);
  });
});

describe('published versions', () => {
  let id: string;
  let draft: Json;
  let v1: Json;

  beforeAll(async () => {
    draft = await api.publishableDraft(owner, { contributors: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org' }] });
    id = String(draft.id);
    v1 = await api.publishOk(id, owner);
  });

  it('answers the public dataset at version 1 with a DOI built from id and version', () => {
    expect(v1).toMatchObject({ id, version: 1, name: 'Bee counts', description: 'Counts of bees per hive' });
    expect(v1.doi).toEqual({ id: `${DOI_PREFIX}/${id}.1`, status: 'requested' });
    expect(v1.publish_date).toMatch(/Z$/);
    expect(v1.versions).toEqual([{ version: 1, publish_date: v1.publish_date, available: true }]);
    expect(v1).not.toHaveProperty('access_code');
    expect(v1).not.toHaveProperty('permissions');
    const file = (v1.files as Json[])[0]!;
    expect(file.content_details).not.toHaveProperty('sha1_hash');
    expect(file.content_details).toMatchObject({ status: 'claimed', sha256_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('omits contributor e-mails in the public dataset', async () => {
    expect(v1.contributors).toEqual([{ first_name: 'Ada', last_name: 'Lovelace' }]);
    const again = await jsonOf(await api.get(`/datasets/${id}`, reader.auth));
    expect(JSON.stringify(again)).not.toContain('ada@example.org');
  });

  it('moves the draft on: version 2, a new reserved DOI and a new access code; the old code stops working', async () => {
    const now = await jsonOf(await api.get(`/datasets/drafts/${id}`, owner.auth));
    expect(now.version).toBe(2);
    expect(now.doi).toEqual({ id: `${DOI_PREFIX}/${id}.2`, status: 'reserved' });
    expect(now.access_code).not.toBe(draft.access_code);
    expect(now.versions).toEqual([{ version: 1, publish_date: v1.publish_date, available: true }]);
    expect(now.all_versions).toEqual([{ version: 1, publish_date: v1.publish_date, available: true }, { version: 2, available: false }]);
    expect((await api.get(`/datasets/drafts/${id}?access_code=${String(draft.access_code)}`, reader.auth)).status).toBe(404);
    expect((await api.get(`/datasets/drafts/${id}?access_code=${String(now.access_code)}`, reader.auth)).status).toBe(200);
  });

  it('keeps version 1 unchanged when the draft is patched and published again as version 2', async () => {
    const ticket = await api.upload(owner, 'version two bytes', 'text/plain');
    await api.patchOk(id, owner, { name: 'Bee counts, revised', description: 'More hives', files: [{ filename: 'v2.txt', content_details: { id: ticket } }] });
    const before = await jsonOf(await api.get(`/datasets/${id}?version=1`, reader.auth));
    expect(before).toMatchObject({ name: 'Bee counts', description: 'Counts of bees per hive', version: 1 });
    expect((before.files as Json[]).map((f) => f.filename)).toEqual(['counts.csv']);

    const v2 = await api.publishOk(id, owner);
    expect(v2).toMatchObject({ version: 2, name: 'Bee counts, revised', doi: { id: `${DOI_PREFIX}/${id}.2` } });
    const latest = await jsonOf(await api.get(`/datasets/${id}`, reader.auth));
    expect(latest.version).toBe(2);
    expect((latest.versions as Json[]).map((v) => v.version)).toEqual([1, 2]);
    const old = await jsonOf(await api.get(`/datasets/${id}?version=1`, reader.auth));
    const strip = (d: Json) => ({ ...d, files: (d.files as Json[]).map((f) => ({ ...f, content_details: { ...(f.content_details as Json), download_url: 0, view_url: 0, download_expiry_time: 0 } })), versions: 0, doi: 0 });
    expect(strip(old)).toEqual(strip(before));
    expect((await jsonOf(await api.get(`/datasets/drafts/${id}`, owner.auth))).version).toBe(3);
  });

  it('answers 404 for an unknown version and 400 for a version that is not a number', async () => {
    expect((await api.get(`/datasets/${id}?version=99`, reader.auth)).status).toBe(404);
    expect((await api.get(`/datasets/${id}?version=zero`, reader.auth)).status).toBe(400);
    expect((await api.get(`/datasets/${id}?version=0`, reader.auth)).status).toBe(400);
    expect((await api.get('/datasets/nosuchdataset', reader.auth)).status).toBe(404);
  });

  it('keeps published versions when the draft is deleted, and has no way to delete them', async () => {
    const other = await api.publishableDraft(owner);
    const otherId = String(other.id);
    await api.publishOk(otherId, owner);
    expect((await service.fetch(`/datasets/drafts/${otherId}`, { method: 'DELETE', headers: owner.auth })).status).toBe(204);
    expect((await api.get(`/datasets/drafts/${otherId}`, owner.auth)).status).toBe(404);
    const still = await api.get(`/datasets/${otherId}`, reader.auth);
    expect(still.status).toBe(200);
    expect((await jsonOf(still)).version).toBe(1);
    const del = await service.fetch(`/datasets/${otherId}`, { method: 'DELETE', headers: owner.auth });
    // No DELETE route for published datasets: the method is not allowed on that path.
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD');
    expect((await api.get(`/datasets/${otherId}`, reader.auth)).status).toBe(200);
  });

  it('reports the DOI as allocated once registration time has passed', async () => {
    const later = new Date(Date.parse(String(v1.publish_date)) + (DOI_REGISTRATION_SECONDS + 1) * 1000);
    setDatasetClock(service.ctx, () => later);
    try {
      const got = await jsonOf(await api.get(`/datasets/${id}?version=1`, reader.auth));
      expect(got.doi).toEqual({ id: `${DOI_PREFIX}/${id}.1`, status: 'allocated' });
    } finally {
      setDatasetClock(service.ctx, undefined);
    }
  });
});
