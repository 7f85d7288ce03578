// GET /datasets and GET /datasets/{id} over real HTTP: the paged {results} object, field
// selection, the article DOI and ISSN filters, and embargoes before and after their date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { datasetsClient, jsonOf, type Json } from './datasetsTesting.ts';
import { setDatasetClock } from './clock.ts';

let service: TestService;
let owner: TestUser;
let reader: TestUser;
let api: ReturnType<typeof datasetsClient>;
const ids: string[] = [];
const CC0 = '02c4e271-e833-4ed1-856d-f4085d84e0d3';
const ARTICLE_DOI = '10.1016/j.cell.2020.01.001';

beforeAll(async () => {
  service = await startTestService();
  owner = await service.createUser();
  reader = await service.createUser();
  api = datasetsClient(service);
  const extras: Json[] = [
    {
      data_licence: { id: CC0 },
      contributors: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org', institution: { name: 'UCL' } }],
      articles: [{ title: 'Cells', doi: ARTICLE_DOI, journal: { id: 'j1', name: 'Cell', issn: '0092-8674' } }],
    },
    { articles: [{ title: 'Other', doi: '10.1000/other' }] },
    {},
  ];
  for (const extra of extras) {
    const draft = await api.publishableDraft(owner, extra);
    ids.push(String(draft.id));
    await api.publishOk(String(draft.id), owner);
  }
});
afterAll(async () => service.stop());

const list = async (query: string, user: TestUser = reader) => {
  const res = await api.get(`/datasets${query}`, user.auth);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await jsonOf(res)).results as Json[];
};

describe('published datasets', () => {
  it('cannot be deleted: DELETE /datasets/{id} is 405 and the version stays', async () => {
    const res = await service.fetch(`/datasets/${ids[0]}`, { method: 'DELETE', headers: owner.auth });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.json()).toEqual({ message: expect.any(String) });
    expect((await api.get(`/datasets/${ids[0]}`, reader.auth)).status).toBe(200);
  });
});

describe('GET /datasets', () => {
  it('answers a paged object whose results hold only ids by default', async () => {
    const res = await api.get('/datasets', reader.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(api.mt.publicDataset);
    expect(res.headers.get(service.ctx.headers.count)).toBe('3');
    expect(await res.json()).toEqual({ results: ids.map((id) => ({ id })) });
  });

  it('works for a client-credentials token and refuses no token', async () => {
    expect((await api.get('/datasets', { Authorization: `Bearer ${await service.clientToken()}` })).status).toBe(200);
    expect((await service.fetch('/datasets')).status).toBe(401);
  });

  it('pages with limit and order and follows the next link', async () => {
    const res = await api.get('/datasets?limit=2&order=desc', reader.auth);
    expect(((await jsonOf(res)).results as Json[]).map((d) => d.id)).toEqual([ids[2], ids[1]]);
    const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
    const rest = await jsonOf(await fetch(next!, { headers: { ...reader.auth, Accept: '*/*' } }));
    expect((rest.results as Json[]).map((d) => d.id)).toEqual([ids[0]]);
    expect((await api.get('/datasets?limit=0', reader.auth)).status).toBe(400);
    expect((await api.get('/datasets?limit=501', reader.auth)).status).toBe(400);
  });

  it('filters by URL-escaped article DOI and by ISSN', async () => {
    expect(await list(`?article_doi=${encodeURIComponent(ARTICLE_DOI)}`)).toEqual([{ id: ids[0] }]);
    expect(await list(`?article_doi=${encodeURIComponent(encodeURIComponent(ARTICLE_DOI.toUpperCase()))}`)).toEqual([{ id: ids[0] }]);
    expect(await list('?article_doi=10.1000%2Fother')).toEqual([{ id: ids[1] }]);
    expect(await list('?article_doi=10.1000%2Fnothing')).toEqual([]);
    expect(await list('?issn=0092-8674')).toEqual([{ id: ids[0] }]);
    expect(await list('?issn=00928674')).toEqual([{ id: ids[0] }]);
    expect(await list('?issn=1234-5678')).toEqual([]);
  });
});

describe('field selection on GET /datasets', () => {
  it('returns every field for fields=* and results.*', async () => {
    const all = await list('?fields=*');
    const star = await list('?fields=results.*');
    expect(all[0]).toMatchObject({ id: ids[0], name: 'Bee counts', version: 1, description: 'Counts of bees per hive' });
    expect(all[0]).toHaveProperty('files');
    expect(all[0]).toHaveProperty('doi');
    const strip = (d: Json) => JSON.stringify(d).replace(/"(download_url|view_url|download_expiry_time)":"[^"]*"/g, '');
    expect(strip(star[0]!)).toBe(strip(all[0]!));
  });

  it('selects named fields under the results prefix; nested objects need their keys named', async () => {
    const named = await list('?fields=results.name,results.contributors.last_name');
    expect(named[0]).toEqual({ id: ids[0], name: 'Bee counts', contributors: [{ last_name: 'Lovelace' }] });
    expect(named[1]).toEqual({ id: ids[1], name: 'Bee counts' });
    // An object named without its keys gives its id only.
    const licence = await list('?fields=results.data_licence');
    expect(licence[0]).toEqual({ id: ids[0], data_licence: { id: CC0 } });
    const licenceAll = await list('?fields=results.data_licence.*');
    expect((licenceAll[0]!.data_licence as Json).short_name).toBe('CC0 1.0');
  });

  it('selects inside nested arrays of objects, with a star below', async () => {
    const details = await list('?fields=results.files.content_details.*');
    const file = (details[0]!.files as Json[])[0]!;
    expect(Object.keys(file)).toEqual(['content_details']);
    expect(file.content_details).toMatchObject({ status: 'claimed', content_type: 'text/csv' });
    expect(Object.keys(file.content_details as Json).sort()).toEqual(
      ['content_type', 'created_date', 'download_expiry_time', 'download_url', 'id', 'sha256_hash', 'size', 'status', 'view_url'],
    );
    const deep = await list('?fields=results.files.filename,results.files.content_details.size,results.articles.journal.issn');
    expect(deep[0]).toEqual({ id: ids[0], files: [{ filename: 'counts.csv', content_details: { size: expect.any(Number) } }], articles: [{ journal: { issn: '0092-8674' } }] });
  });

  it('ignores unknown names, names without the prefix and an empty value', async () => {
    expect((await list('?fields=results.no_such_field'))[0]).toEqual({ id: ids[0] });
    expect((await list('?fields=name'))[0]).toEqual({ id: ids[0] });
    expect((await list('?fields='))[0]).toEqual({ id: ids[0] });
    expect((await list('?fields=,,results.name,'))[0]).toEqual({ id: ids[0], name: 'Bee counts' });
  });
});

describe('embargo', () => {
  let id: string;
  const embargoDate = new Date(Date.now() + 10 * 86400_000).toISOString();

  beforeAll(async () => {
    const draft = await api.publishableDraft(owner, { name: 'Secret bees', embargo_date: embargoDate, contributors: [{ last_name: 'Hidden' }] });
    id = String(draft.id);
    await api.publishOk(id, owner);
  });

  it('exposes only name, DOI and embargo date before the date', async () => {
    const res = await jsonOf(await api.get(`/datasets/${id}`, reader.auth));
    expect(Object.keys(res).sort()).toEqual(['doi', 'embargo_date', 'id', 'name']);
    expect(res).toMatchObject({ name: 'Secret bees', embargo_date: embargoDate, doi: { id: expect.stringContaining(`${id}.1`) } });
    const listed = (await list('?fields=*')).find((d) => d.id === id)!;
    expect(Object.keys(listed).sort()).toEqual(['doi', 'embargo_date', 'id', 'name']);
    // The owner still sees the whole draft.
    expect((await jsonOf(await api.get(`/datasets/drafts/${id}`, owner.auth))).files).toHaveLength(1);
  });

  it('shows everything once the date has passed', async () => {
    setDatasetClock(service.ctx, () => new Date(Date.parse(embargoDate) + 1000));
    try {
      const res = await jsonOf(await api.get(`/datasets/${id}`, reader.auth));
      expect(res).toMatchObject({ name: 'Secret bees', description: 'Counts of bees per hive', contributors: [{ last_name: 'Hidden' }], embargo_date: embargoDate });
      expect(res.files).toHaveLength(1);
      expect(res.versions).toEqual([{ version: 1, publish_date: expect.any(String), available: true }]);
    } finally {
      setDatasetClock(service.ctx, undefined);
    }
    const before = await jsonOf(await api.get(`/datasets/${id}`, reader.auth));
    expect(before).not.toHaveProperty('files');
    expect(before).not.toHaveProperty('versions');
  });

  it('publishes without embargo when the draft embargo date was set in the past', async () => {
    const draft = await api.publishableDraft(owner, { name: 'Open bees', embargo_date: '2000-01-01T00:00:00.000Z' });
    expect(draft).not.toHaveProperty('embargo_date');
    const pub = await api.publishOk(String(draft.id), owner);
    expect(pub).not.toHaveProperty('embargo_date');
    expect(pub.files).toHaveLength(1);
  });
});
