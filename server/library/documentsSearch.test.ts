import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/testService.ts';
import { documentClient, joinGroup, walkPages, type DocumentClient } from './documentsTesting.ts';

let service: TestService;
let a: DocumentClient;
let b: DocumentClient;
const d: Record<string, { id: string }> = {};

beforeAll(async () => {
  service = await startTestService();
  const alice = await service.createUser();
  a = documentClient(service, alice);
  b = documentClient(service, await service.createUser());
  d.ocean = await a.create({ title: 'Ocean climate dynamics', year: 2010, authors: [{ first_name: 'Ana', last_name: 'Müller' }], source: 'Nature' });
  d.climate = await a.create({ title: 'Climate models', year: 2015, abstract: 'We compare models of the ocean.', keywords: ['modelling'] });
  d.birds = await a.create({ title: 'Birds of the forest', tags: ['ocean-adjacent'], source: 'Ecology Letters' });
  d.doi = await a.create({ title: 'Unrelated', year: 2020, identifiers: { doi: '10.5555/special.42' } });
  d.noYear = await a.create({ title: 'Undated ocean notes' });
  await b.create({ title: 'Ocean climate by someone else' });
  const groupId = await joinGroup(service, alice.id, 'normal');
  d.group = await a.create({ title: 'Group ocean paper', group_id: groupId });
  d.groupId = { id: groupId };
});
afterAll(async () => service.stop());

const search = async (qs: string) => (await a.json<{ id: string; title: string }[]>(`/search/documents?${qs}`)).map((x) => x.id);

describe('GET /search/documents', () => {
  it('finds any term in any field, ranking documents matching more terms first', async () => {
    const hits = await search('query=ocean%20climate');
    expect(hits.slice(0, 2).sort()).toEqual([d.ocean!.id, d.climate!.id].sort());
    expect(hits[0]).toBe(d.ocean!.id); // both terms in the title
    expect(hits).toContain(d.birds!.id); // a tag
    expect(hits).toContain(d.noYear!.id);
    expect(hits).not.toContain(d.doi!.id);
    expect(hits).not.toContain(d.group!.id); // the personal library only
  });

  it('matches authors accent-insensitively, keywords and identifiers', async () => {
    expect(await search('query=muller')).toEqual([d.ocean!.id]);
    expect(await search('query=modelling')).toEqual([d.climate!.id]);
    expect(await search('query=10.5555%2Fspecial.42')).toEqual([d.doi!.id]);
    expect(await search('query=%22forest%20birds%22')).toEqual([]); // a phrase must occur as written
    expect(await search('query=%22birds%20of%22')).toEqual([d.birds!.id]);
  });

  it('supports advanced fields and year bounds that exclude undated documents', async () => {
    expect(await search('title=climate')).toEqual(expect.arrayContaining([d.ocean!.id, d.climate!.id]));
    expect(await search('author=ana')).toEqual([d.ocean!.id]);
    expect(await search('source=ecology')).toEqual([d.birds!.id]);
    expect(await search('abstract=compare')).toEqual([d.climate!.id]);
    expect(await search('title=ocean&min_year=2000')).toEqual([d.ocean!.id]);
    expect(await search('query=ocean&max_year=2012')).toEqual([d.ocean!.id]);
    expect((await search('min_year=2011&max_year=2020')).sort()).toEqual([d.climate!.id, d.doi!.id].sort());
    // More matching fields rank higher.
    expect((await search('title=climate&abstract=ocean'))[0]).toBe(d.climate!.id);
  });

  it('searches a group library with group_id, and only for members', async () => {
    expect(await search(`query=ocean&group_id=${d.groupId!.id}`)).toEqual([d.group!.id]);
    expect((await b.get(`/search/documents?query=ocean&group_id=${d.groupId!.id}`)).status).toBe(404);
    expect(await b.json(`/search/documents?query=Müller`)).toEqual([]);
  });

  it('pages results with Link headers and applies the view', async () => {
    const pages = await walkPages(a, '/search/documents?query=ocean&limit=2', 'next');
    expect(pages.map((p) => p.ids.length)).toEqual([2, 2]);
    expect(pages[0]!.count).toBe('4');
    expect(pages[1]!.links.previous).toBeDefined();
    const back = await walkPages(a, new URL(pages[1]!.links.previous!).pathname + new URL(pages[1]!.links.previous!).search, 'previous');
    expect(back[0]!.ids).toEqual(pages[0]!.ids);
    const withView = await a.json<Record<string, unknown>[]>('/search/documents?query=birds&view=tags');
    expect(withView[0]!.tags).toEqual(['ocean-adjacent']);
  });

  it('answers hostile text normally (or 400 with a message), never with a server error', async () => {
    const words = Array.from({ length: 1_400 }, (_, i) => `ocean${i}`).join(' '); // about 10 kB
    const inputs = [
      `'`, `''`, `"`, `"""`, `\\`, `\\'`, `o'cean`, `ocean\\`, `&|!:*()`, `ocean & !climate | (birds)`, `ocean:*A`, `ocean <-> climate`,
      `'ocean':* & 'x'`, `"ocean`, `NEAR(ocean climate)`, `ocean AND NOT`, `\u0000`, `ocean\u0000climate`, words, `${'x'.repeat(10_000)}`, `ocean ${'é'.repeat(1_500)}`,
    ];
    for (const text of inputs) {
      for (const name of ['query', 'title', 'author']) {
        const res = await a.get(`/search/documents?${name}=${encodeURIComponent(text)}`);
        expect([200, 400], `${name}=${text.slice(0, 40)}`).toContain(res.status);
        const body: unknown = await res.json();
        if (res.status === 400) expect(body).toEqual({ message: expect.any(String) });
        else expect(Array.isArray(body)).toBe(true);
      }
    }
    // Quotes and operators beside a real word still let it be found (a NUL is refused: 400 above).
    expect(await search(`query=${encodeURIComponent(`müller \\ ' " &|!:*() <->`)}`)).toEqual([d.ocean!.id]);
  });

  it('answers 400 without a filter, for bad years, views and limits', async () => {
    for (const qs of ['', 'query=', 'query=%20%20', 'view=bib']) {
      const res = await a.get(`/search/documents?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(await res.json()).toEqual({ message: 'No filter specified' });
    }
    expect((await a.get('/search/documents?query=x&min_year=abc')).status).toBe(400);
    expect((await a.get('/search/documents?min_year=2020&max_year=2010')).status).toBe(400);
    expect(await (await a.get('/search/documents?query=x&view=odd')).json()).toEqual({ message: 'Invalid view' });
    expect((await a.get('/search/documents?query=x&limit=501')).status).toBe(400);
    expect((await a.get('/search/documents?query=x', { Accept: 'text/html' })).status).toBe(406);
  });
});
