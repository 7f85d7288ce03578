import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { mediaTypes } from '../../shared/vendor.ts';
import { parseLinkHeader } from '../../shared/paging.ts';
import { catalogStorageOf } from './catalogStorage.ts';
import { importText } from './catalogImport.ts';

const mt = mediaTypes();

const SEED = String.raw`
@string{tb = "TUGboat"}
@article{knuth1984,
  author = {Donald E. Knuth},
  title = {Literate Programming},
  journal = {The Computer Journal},
  year = 1984, volume = 27, number = 2, pages = {97--111},
  doi = {10.1093/comjnl/27.2.97},
  abstract = {The structure of a software program may be thought of as a web.}
}
@article{lamport1986,
  author = {Leslie Lamport},
  title = {The Mutual Exclusion Problem},
  journal = {Journal of the ACM},
  year = 1986,
  doi = {10.1145/5383.5384}
}
@article{zebra,
  author = {Hans M{\"u}ller and Ana Garc{\'\i}a},
  title = {Zebra stripes and thermoregulation},
  journal = tb,
  year = 2001,
  eprint = {2101.00001}, archivePrefix = {arXiv},
  abstract = {Stripes on zebras and how they cool: a literate study.}
}
@article{zebra2,
  author = {Ana Garc{\'\i}a},
  title = {Zebra herds in motion},
  journal = {Animal Behaviour},
  abstract = {Zebra movement across seasons.}
}
@book{tugbook,
  author = {{TeX Users Group}},
  title = {Programming stripes of zebra herds},
  year = 1999,
  isbn = {0-201-13447-0},
  publisher = {Addison-Wesley}
}
`;

const HASH = (text: string) => createHash('sha1').update(text).digest('hex');

describe('catalog endpoints', () => {
  let service: TestService;
  let user: TestUser;
  let clientAuth: { Authorization: string };
  const get = (path: string, auth: Record<string, string> = user.auth, accept = mt.document) => service.fetch(path, { headers: { ...auth, Accept: accept } });

  async function addDocument(owner: TestUser, body: Record<string, unknown>): Promise<string> {
    const res = await service.fetch('/documents', {
      method: 'POST',
      headers: { ...owner.auth, 'Content-Type': mt.document, Accept: mt.document },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  async function setProfile(owner: TestUser, amendment: Record<string, unknown>): Promise<void> {
    const res = await service.fetch('/profiles/me', {
      method: 'PATCH',
      headers: { ...owner.auth, 'Content-Type': 'application/json', Accept: mt.profiles },
      body: JSON.stringify(amendment),
    });
    expect(res.status).toBe(200);
  }

  beforeAll(async () => {
    service = await startTestService();
    user = await service.createUser();
    clientAuth = { Authorization: `Bearer ${await service.clientToken()}` };
    const report = await importText(catalogStorageOf(service.ctx.database), 'seed.bib', SEED);
    expect(report).toMatchObject({ records: 5, added: 5, errors: [] });
  });
  afterAll(async () => {
    await service.stop();
  });

  describe('GET /catalog', () => {
    it('finds a document by DOI, however the DOI is written, with a client-credentials token', async () => {
      for (const doi of ['10.1093/comjnl/27.2.97', 'https://doi.org/10.1093/COMJNL/27.2.97']) {
        const res = await get(`/catalog?doi=${encodeURIComponent(doi)}`, clientAuth);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain(mt.document);
        const body = (await res.json()) as Record<string, unknown>[];
        expect(body).toHaveLength(1);
        expect(body[0]).toMatchObject({ title: 'Literate Programming', type: 'journal', year: 1984, source: 'The Computer Journal' });
        expect(body[0]!.link).toBe(`${service.url}/catalog/v/${String(body[0]!.id)}`);
        expect(body[0]).not.toHaveProperty('pages'); // bib view only
      }
    });

    it('answers [] for an unknown identifier, not 404', async () => {
      const res = await get('/catalog?doi=10.9999/unknown');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    });

    it('finds by arxiv and by ISBN in either form', async () => {
      const arxiv = (await (await get('/catalog?arxiv=2101.00001')).json()) as { title: string }[];
      expect(arxiv[0]?.title).toBe('Zebra stripes and thermoregulation');
      const isbn = (await (await get('/catalog?isbn=9780201134476')).json()) as { title: string }[];
      expect(isbn[0]?.title).toBe('Programming stripes of zebra herds');
    });

    it('needs an identifier, and a known view', async () => {
      const none = await get('/catalog');
      expect(none.status).toBe(400);
      expect(await none.json()).toEqual({ message: 'No filter specified' });
      const bad = await get('/catalog?doi=10.1093/comjnl/27.2.97&view=everything');
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ message: 'Invalid view' });
    });

    it('rejects calls without a token', async () => {
      const res = await service.fetch('/catalog?doi=10.1093/comjnl/27.2.97', { headers: { Accept: mt.document } });
      expect(res.status).toBe(401);
    });
  });

  describe('GET /catalog/{id}', () => {
    it('returns views: bib adds bibliographic fields, client adds flags, all adds everything', async () => {
      const [doc] = (await (await get('/catalog?doi=10.1093/comjnl/27.2.97')).json()) as { id: string }[];
      const bib = (await (await get(`/catalog/${doc!.id}?view=bib`, clientAuth)).json()) as Record<string, unknown>;
      expect(bib).toMatchObject({ pages: '97-111', volume: '27', issue: '2' });
      expect(bib).not.toHaveProperty('reader_count');
      const client = (await (await get(`/catalog/${doc!.id}?view=client`)).json()) as Record<string, unknown>;
      expect(client).toMatchObject({ imported: true, file_attached: false });
      expect(client).not.toHaveProperty('pages');
      const all = (await (await get(`/catalog/${doc!.id}?view=all`)).json()) as Record<string, unknown>;
      expect(all).toMatchObject({ pages: '97-111', imported: true, has_pdf: false, reader_count: 0, group_count: 0 });
    });

    it('answers 404 for an unknown id and 400 for an unknown view', async () => {
      const missing = await get('/catalog/00000000-0000-4000-8000-000000000000');
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: 'Document not found' });
      const [doc] = (await (await get('/catalog?doi=10.1145/5383.5384')).json()) as { id: string }[];
      expect((await get(`/catalog/${doc!.id}?view=tags`)).status).toBe(400);
    });

    it('serves the public page the link points at', async () => {
      const [doc] = (await (await get('/catalog?doi=10.1145/5383.5384')).json()) as { link: string }[];
      const page = await fetch(doc!.link);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('The Mutual Exclusion Problem');
    });
  });

  describe('GET /search/catalog', () => {
    const titles = async (path: string, auth = user.auth) => {
      const res = await get(path, auth);
      expect(res.status).toBe(200);
      return ((await res.json()) as { title: string }[]).map((d) => d.title);
    };

    it('simple search matches any word in any field and ranks documents matching more words first', async () => {
      const found = await titles('/search/catalog?query=zebra%20stripes%20literate', clientAuth);
      // zebra+stripes+literate (title + abstract) beats zebra+stripes, which beats zebra alone.
      expect(found[0]).toBe('Zebra stripes and thermoregulation');
      expect(found.indexOf('Programming stripes of zebra herds')).toBeLessThan(found.indexOf('Zebra herds in motion'));
      expect(found).toContain('Literate Programming');
      expect(found).not.toContain('The Mutual Exclusion Problem');
      // Other words (publisher, identifiers, keywords...) count in simple search only.
      expect(await titles('/search/catalog?query=addison')).toEqual(['Programming stripes of zebra herds']);
      expect(await titles('/search/catalog?title=addison&author=addison&source=addison&abstract=addison')).toEqual([]);
    });

    it('matches without accents and survives FTS syntax in user input', async () => {
      expect(await titles('/search/catalog?query=muller')).toEqual(['Zebra stripes and thermoregulation']);
      for (const nasty of ['"', 'NEAR(', 'title:*', 'AND OR NOT', '(((', '^zebra*', '""" -']) {
        const res = await get(`/search/catalog?query=${encodeURIComponent(nasty)}`);
        expect(res.status).toBe(200);
      }
    });

    it('advanced search returns documents matching any field, more matched fields first', async () => {
      const found = await titles('/search/catalog?title=zebra&author=garcia&source=tugboat');
      expect(found[0]).toBe('Zebra stripes and thermoregulation'); // title, author and source
      expect(found[1]).toBe('Zebra herds in motion'); // title and author
      expect(found).toContain('Programming stripes of zebra herds'); // title only
      expect(found).toHaveLength(3);
    });

    it('year bounds filter and exclude documents without a year', async () => {
      expect(await titles('/search/catalog?title=zebra&min_year=2000')).toEqual(['Zebra stripes and thermoregulation']);
      expect(await titles('/search/catalog?title=zebra&max_year=2000')).toEqual(['Programming stripes of zebra herds']);
      const all = await titles('/search/catalog?title=zebra&min_year=1000&max_year=3000');
      expect(all).not.toContain('Zebra herds in motion');
      expect(all).toHaveLength(2);
    });

    it('open_access keeps open documents only', async () => {
      expect(await titles('/search/catalog?query=zebra&open_access=true')).toEqual(['Zebra stripes and thermoregulation']);
    });

    it('pages with Link headers that clients follow opaquely', async () => {
      const first = await get('/search/catalog?query=zebra%20stripes&limit=1');
      expect(first.headers.get(service.ctx.headers.count)).toBe('3');
      const seen = [((await first.json()) as { title: string }[])[0]!.title];
      let links = parseLinkHeader(first.headers.get('link') ?? undefined);
      expect(links.last).toBeDefined();
      while (links.next) {
        const next = await fetch(links.next, { headers: { ...user.auth, Accept: '*/*' } });
        expect(next.status).toBe(200);
        seen.push(...((await next.json()) as { title: string }[]).map((d) => d.title));
        links = parseLinkHeader(next.headers.get('link') ?? undefined);
      }
      expect(seen).toEqual(await titles('/search/catalog?query=zebra%20stripes'));
      const last = await fetch(parseLinkHeader(first.headers.get('link') ?? undefined).last!, { headers: { ...user.auth, Accept: mt.document } });
      expect(((await last.json()) as { title: string }[]).map((d) => d.title)).toEqual([seen[2]]);
    });

    it('limits the page size to 1..100 (default 10) and checks its parameters', async () => {
      expect((await get('/search/catalog?query=zebra&limit=100')).status).toBe(200);
      const over = await get('/search/catalog?query=zebra&limit=101');
      expect(over.status).toBe(400);
      expect((await over.json()) as { message: string }).toHaveProperty('message');
      for (const bad of ['limit=0', 'min_year=abc', 'open_access=maybe', 'min_year=2000&max_year=1990', 'view=nope']) {
        expect((await get(`/search/catalog?query=zebra&${bad}`)).status).toBe(400);
      }
      expect((await get('/search/catalog')).status).toBe(400);
      expect((await get('/search/catalog?min_year=2000')).status).toBe(400);
      const conflict = await get('/search/catalog?query=zebra&title=zebra');
      expect(await conflict.json()).toEqual({ message: 'Conflicting filters specified' });
    });

    it('returns the stats view on search results', async () => {
      const res = await get('/search/catalog?query=lamport&view=stats');
      const [doc] = (await res.json()) as Record<string, unknown>[];
      expect(doc).toMatchObject({ reader_count: 0, reader_count_by_country: {} });
    });
  });

  describe('GET /metadata', () => {
    const lookup = (qs: string) => get(`/metadata?${qs}`, user.auth, mt.documentLookup);

    it('scores an identifier match 100', async () => {
      const res = await lookup('doi=10.1145%2F5383.5384');
      expect(res.status).toBe(200);
      const [doc] = (await (await get('/catalog?doi=10.1145/5383.5384')).json()) as { id: string }[];
      expect(await res.json()).toEqual({ catalog_id: doc!.id, score: 100 });
    });

    it('scores a title match below 100, higher when year and author agree', async () => {
      const plain = (await (await lookup('title=literate%20programming')).json()) as { score: number; catalog_id: string };
      const full = (await (await lookup('title=Literate%20Programming&year=1984&authors=Knuth')).json()) as { score: number; catalog_id: string };
      expect(full.catalog_id).toBe(plain.catalog_id);
      expect(plain.score).toBeLessThan(full.score);
      expect(full.score).toBeLessThan(100);
      const wrongYear = (await (await lookup('title=Literate%20Programming&year=1990&authors=Knuth')).json()) as { score: number };
      expect(wrongYear.score).toBeLessThan(full.score);
    });

    it('answers 404 when nothing matches and 400 without a filter', async () => {
      const none = await lookup('title=quantum%20chromodynamics%20lattice');
      expect(none.status).toBe(404);
      expect(await none.json()).toHaveProperty('message');
      expect((await lookup('doi=10.1/none')).status).toBe(404);
      expect((await lookup('year=2000')).status).toBe(400);
    });
  });

  describe('documents from users libraries', () => {
    it('publishes library documents that are not hidden, with reader statistics from profiles', async () => {
      const alice = await service.createUser();
      const bob = await service.createUser();
      const carol = await service.createUser();
      await setProfile(alice, {
        academic_status: 'Professor',
        discipline: { name: 'Computer Science', subdisciplines: ['Algorithms'] },
        location: { name: 'Cambridge, United Kingdom', country: 'United Kingdom' },
      });
      await setProfile(bob, { academic_status: 'Ph.D. Student', discipline: { name: 'Computer Science', subdisciplines: ['Algorithms', 'Databases'] }, location: { name: 'Lyon, France' } });
      const doc = { title: 'Consensus in the presence of partial synchrony', type: 'journal', year: 1988, authors: [{ first_name: 'Cynthia', last_name: 'Dwork' }], identifiers: { doi: '10.1145/42282.42283' } };
      const aliceCopy = await addDocument(alice, doc);
      await addDocument(bob, { ...doc, identifiers: { doi: 'https://doi.org/10.1145/42282.42283' } });
      await addDocument(carol, { ...doc, hidden: true });

      const found = (await (await get('/catalog?doi=10.1145/42282.42283&view=stats', clientAuth)).json()) as Record<string, unknown>[];
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({
        title: 'Consensus in the presence of partial synchrony',
        reader_count: 2,
        reader_count_by_academic_status: { Professor: 1, 'Ph.D. Student': 1 },
        reader_count_by_discipline: { 'Computer Science': 2 },
        reader_count_by_subdiscipline: { 'Computer Science': { Algorithms: 2, Databases: 1 } },
        reader_count_by_country: { 'United Kingdom': 1, France: 1 },
        group_count: 0,
      });
      const client = (await (await get(`/catalog/${String(found[0]!.id)}?view=client`)).json()) as Record<string, unknown>;
      expect(client).toMatchObject({ imported: false, file_attached: false });

      // A file attached to a library copy: found by its hash, and flagged.
      const bytes = '%PDF-1.4 consensus paper';
      const upload = await service.fetch('/files', {
        method: 'POST',
        headers: { ...alice.auth, 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="dwork.pdf"', Link: `<${service.url}/documents/${aliceCopy}>; rel="document"`, Accept: mt.file },
        body: bytes,
      });
      expect(upload.status).toBe(201);
      const byHash = (await (await get(`/catalog?filehash=${HASH(bytes)}&view=all`)).json()) as Record<string, unknown>[];
      expect(byHash[0]).toMatchObject({ id: found[0]!.id, file_attached: true, has_pdf: true });
      const meta = (await (await get(`/metadata?filehash=${HASH(bytes)}`, user.auth, mt.documentLookup)).json()) as Record<string, unknown>;
      expect(meta).toEqual({ catalog_id: found[0]!.id, score: 100 });

      // Trashing a copy removes its reader.
      expect((await service.fetch(`/documents/${aliceCopy}/trash`, { method: 'POST', headers: alice.auth })).status).toBe(204);
      const after = (await (await get(`/catalog/${String(found[0]!.id)}?view=stats`)).json()) as Record<string, unknown>;
      expect(after).toMatchObject({ reader_count: 1, reader_count_by_country: { France: 1 } });
    });

    it('keeps hidden documents out of the catalog, and follows edits', async () => {
      const dana = await service.createUser();
      const secret = await addDocument(dana, { title: 'Unpublished secret plans', type: 'generic', hidden: true });
      expect(await (await get('/search/catalog?query=secret%20plans')).json()).toEqual([]);
      const res = await service.fetch(`/documents/${secret}`, {
        method: 'PATCH',
        headers: { ...dana.auth, 'Content-Type': mt.document, Accept: mt.document },
        body: JSON.stringify({ hidden: false, title: 'Published open plans' }),
      });
      expect(res.status).toBe(200);
      const found = (await (await get('/search/catalog?query=plans')).json()) as { title: string }[];
      expect(found.map((d) => d.title)).toEqual(['Published open plans']);
    });

    it('merges a library copy into the imported document with the same identifier', async () => {
      const erin = await service.createUser();
      await addDocument(erin, { title: 'Literate programming (my copy)', type: 'journal', identifiers: { doi: '10.1093/comjnl/27.2.97' } });
      const found = (await (await get('/catalog?doi=10.1093/comjnl/27.2.97&view=all')).json()) as Record<string, unknown>[];
      // The imported metadata stays; the library copy adds a reader.
      expect(found[0]).toMatchObject({ title: 'Literate Programming', imported: true, reader_count: 1 });
    });
  });
});
