// The service resolving identifiers the catalog lacks, against a stand-in upstream on
// 127.0.0.1: real service, real HTTP both ways, real SQLite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { mediaTypes } from '../../shared/vendor.ts';
import { startStandInUpstream, type StandInUpstream } from './testing/standInUpstream.ts';
import { ARXIV_ATOM, CROSSREF_CSL, DATACITE_CSL, ESUMMARY, OPEN_LIBRARY_BOOK } from './testing/upstreamFixtures.ts';

const mt = mediaTypes();

describe('identifier resolution through public metadata services', () => {
  let upstream: StandInUpstream;
  let service: TestService;
  let user: TestUser;
  const get = (path: string, accept = mt.document) => service.fetch(path, { headers: { ...user.auth, Accept: accept } });
  const seen = (id: string) => upstream.requests.filter((r) => r.id === id.toLowerCase()).length;

  beforeAll(async () => {
    upstream = await startStandInUpstream();
    upstream.serve('doi', CROSSREF_CSL.DOI, CROSSREF_CSL);
    upstream.serve('doi', DATACITE_CSL.DOI, DATACITE_CSL);
    upstream.serve('arxiv', '1706.03762', ARXIV_ATOM);
    upstream.serve('ncbi', '31452104', ESUMMARY);
    upstream.serve('openLibrary', '9780201134476', OPEN_LIBRARY_BOOK);
    upstream.misbehave('doi', '10.5555/hangs', 'hang');
    upstream.misbehave('doi', '10.5555/garbled', 'malformed');
    upstream.misbehave('ncbi', '1000', 'server_error');
    service = await startTestService({
      resolver: { baseUrls: upstream.baseUrls, contactEmail: 'librarian@example.org', timeoutMs: 1500, minIntervalMs: { doi: 0, arxiv: 0, ncbi: 0, openLibrary: 0 } },
    });
    user = await service.createUser();
  });

  afterAll(async () => {
    await service?.stop();
    await upstream?.stop();
  });

  it('/metadata for a DOI not in the catalog resolves it through doi.org, and the record is then in the catalog', async () => {
    const res = await get(`/metadata?doi=${encodeURIComponent('https://doi.org/10.1093/COMJNL/27.2.97')}`, mt.documentLookup);
    expect(res.status).toBe(200);
    const match = (await res.json()) as { catalog_id: string; score: number };
    expect(match.score).toBe(100);

    const record = (await (await get(`/catalog/${match.catalog_id}?view=all`)).json()) as Record<string, unknown>;
    expect(record).toMatchObject({
      title: 'Literate Programming', type: 'journal', year: 1984, source: 'The Computer Journal', volume: '27', issue: '2', pages: '97-111',
      authors: [{ first_name: 'D. E.', last_name: 'Knuth' }],
      identifiers: { doi: '10.1093/comjnl/27.2.97' },
    });
    expect(record.abstract).toBe('The structure of a software program may be thought of as a web .');
    // Content negotiation as doi.org documents it, with the contact address for the polite pool.
    const request = upstream.requests.find((r) => r.upstream === 'doi' && r.id === '10.1093/comjnl/27.2.97')!;
    expect(request.accept).toBe('application/vnd.citationstyles.csl+json');
    expect(request.userAgent).toContain('mailto:librarian@example.org');

    // The catalog answers from now on: the same DOI does not go upstream again.
    const [listed] = (await (await get('/catalog?doi=10.1093/comjnl/27.2.97')).json()) as { id: string }[];
    expect(listed?.id).toBe(match.catalog_id);
    const search = (await (await get('/search/catalog?query=literate%20programming')).json()) as { id: string }[];
    expect(search.map((d) => d.id)).toContain(match.catalog_id);
    expect(seen('10.1093/comjnl/27.2.97')).toBe(1);
  });

  it('a DataCite DOI comes through the same content negotiation', async () => {
    const [record] = (await (await get('/catalog?doi=10.5281/zenodo.1234567&view=all')).json()) as Record<string, unknown>[];
    expect(record).toMatchObject({ title: 'Zebra stripe measurements, 2019 field season', type: 'generic', year: 2020 });
    expect(record!.authors).toEqual([{ first_name: 'Ana', last_name: 'García' }, { last_name: 'Zebra Research Group' }]);
  });

  it('arXiv ids resolve through the arXiv API (Atom), versions and prefixes aside', async () => {
    const [record] = (await (await get('/catalog?arxiv=arXiv:1706.03762v7&view=all')).json()) as Record<string, unknown>[];
    expect(record).toMatchObject({
      title: 'Attention Is All You Need', type: 'working_paper', year: 2017, month: 6,
      identifiers: { arxiv: '1706.03762' },
      authors: [{ first_name: 'Ashish', last_name: 'Vaswani' }, { first_name: 'Noam', last_name: 'Shazeer' }, { first_name: 'Aidan N.', last_name: 'Gomez' }],
    });
    expect(upstream.requests.find((r) => r.upstream === 'arxiv')!.url).toContain('id_list=1706.03762');
  });

  it('PMIDs resolve through NCBI esummary, with the contact address as email', async () => {
    const res = await get('/metadata?pmid=31452104', mt.documentLookup);
    const match = (await res.json()) as { catalog_id: string };
    const record = (await (await get(`/catalog/${match.catalog_id}?view=all`)).json()) as Record<string, unknown>;
    expect(record).toMatchObject({
      title: 'SciPy 1.0: fundamental algorithms for scientific computing in Python', source: 'Nature methods', year: 2019, month: 8,
      identifiers: { pmid: '31452104', doi: '10.1038/s41592-019-0686-2' },
      authors: [{ last_name: 'van der Walt', first_name: 'S.' }, { last_name: 'Virtanen', first_name: 'P.' }],
    });
    expect(upstream.requests.find((r) => r.upstream === 'ncbi')!.url).toContain('email=librarian%40example.org');
  });

  it('ISBNs resolve through Open Library, an ISBN-10 as its ISBN-13', async () => {
    const [record] = (await (await get('/catalog?isbn=0-201-13447-0&view=all')).json()) as Record<string, unknown>[];
    expect(record).toMatchObject({
      title: 'The TeXbook: a complete guide to computer typesetting with TeX', type: 'book', year: 1984, publisher: 'Addison-Wesley',
      city: 'Reading, Mass', authors: [{ first_name: 'Donald E.', last_name: 'Knuth' }],
    });
  });

  it('an identifier unknown upstream is a 404 (or an empty list), remembered so it is not asked again at once', async () => {
    expect((await get('/metadata?doi=10.5555/nobody-registered-this', mt.documentLookup)).status).toBe(404);
    expect(await (await get('/catalog?doi=10.5555/nobody-registered-this')).json()).toEqual([]);
    expect(await (await get('/catalog?arxiv=2101.99999')).json()).toEqual([]);
    expect(await (await get('/catalog?pmid=99999999')).json()).toEqual([]);
    expect(await (await get('/catalog?isbn=9783161484100')).json()).toEqual([]);
    expect(seen('10.5555/nobody-registered-this')).toBe(1);
  });

  it('an upstream that does not answer in time is a 503 with a readable message, and the service stays responsive', async () => {
    const res = await get('/catalog?doi=10.5555/hangs');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toBe('The DOI is not in the catalog and doi.org did not answer in time; try again later.');
    expect(seen('10.5555/hangs')).toBe(1);
  });

  it('an unreadable answer is a 502 and is not remembered; an upstream error is a 503', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/metadata?doi=10.5555/garbled', mt.documentLookup);
      expect(res.status).toBe(502);
      expect(((await res.json()) as { message: string }).message).toBe('The DOI is not in the catalog and doi.org answered with a record that could not be read; try again later.');
    }
    expect(seen('10.5555/garbled')).toBe(2);
    const failed = await get('/catalog?pmid=1000');
    expect(failed.status).toBe(503);
    expect(((await failed.json()) as { message: string }).message).toContain('PubMed (NCBI) answered with an error');
  });

  it('/metadata with a title that matches the catalog still answers when the identifier cannot be resolved', async () => {
    const res = await get(`/metadata?doi=10.5555/hangs&title=${encodeURIComponent('Literate Programming')}&year=1984`, mt.documentLookup);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { score: number }).score).toBeLessThan(100);
  });
});

describe('rate limiting by the upstream', () => {
  let upstream: StandInUpstream;
  let service: TestService;
  let user: TestUser;

  beforeAll(async () => {
    upstream = await startStandInUpstream();
    upstream.misbehave('openLibrary', '9780262033848', 'rate_limit');
    upstream.serve('openLibrary', '9780201134476', OPEN_LIBRARY_BOOK);
    service = await startTestService({ resolver: { baseUrls: upstream.baseUrls, minIntervalMs: { doi: 0, arxiv: 0, ncbi: 0, openLibrary: 0 } } });
    user = await service.createUser();
  });

  afterAll(async () => {
    await service?.stop();
    await upstream?.stop();
  });

  it('a 429 is a 503 with its Retry-After, and nothing more is sent to that upstream until it has passed', async () => {
    const res = await service.fetch('/catalog?isbn=9780262033848', { headers: { ...user.auth, Accept: mt.document } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('120');
    expect(((await res.json()) as { message: string }).message).toBe('The ISBN is not in the catalog and Open Library asks for fewer requests; try again in 120 s.');

    const next = await service.fetch('/catalog?isbn=9780201134476', { headers: { ...user.auth, Accept: mt.document } });
    expect(next.status).toBe(503);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(100);
    expect(upstream.requests.map((r) => r.id)).toEqual(['9780262033848']);
  });

  it('resolution off: the catalog answers only what it holds and nothing goes upstream', async () => {
    const quiet = await startTestService({ resolver: { enabled: false, baseUrls: upstream.baseUrls } });
    try {
      const u = await quiet.createUser();
      const res = await quiet.fetch('/catalog?doi=10.1093/comjnl/27.2.97', { headers: { ...u.auth, Accept: mt.document } });
      expect(await res.json()).toEqual([]);
      expect(upstream.requests.filter((r) => r.upstream === 'doi')).toEqual([]);
    } finally {
      await quiet.stop();
    }
  });
});
