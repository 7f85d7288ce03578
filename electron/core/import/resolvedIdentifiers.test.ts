// "Add by DOI/arXiv/ISBN" with a service that resolves identifiers through public metadata
// services (a stand-in upstream on 127.0.0.1): the document gets the real record, not a
// placeholder titled "DOI 10....". With the upstream down the lookup stays queued, says
// why, and completes on a later pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../../../server/testing/testService.ts';
import { startStandInUpstream, type StandInUpstream } from '../../../server/metadata/testing/standInUpstream.ts';
import { ARXIV_ATOM, CROSSREF_CSL, OPEN_LIBRARY_BOOK } from '../../../server/metadata/testing/upstreamFixtures.ts';
import { testImporter } from './importTesting.ts';

describe('add by identifier, resolved by the service', () => {
  let upstream: StandInUpstream;
  let service: TestService;
  let user: TestUser;

  beforeAll(async () => {
    upstream = await startStandInUpstream();
    upstream.serve('doi', CROSSREF_CSL.DOI, CROSSREF_CSL);
    upstream.serve('arxiv', '1706.03762', ARXIV_ATOM);
    upstream.serve('openLibrary', '9780201134476', OPEN_LIBRARY_BOOK);
    upstream.misbehave('doi', '10.5555/later', 'server_error');
    service = await startTestService({ resolver: { baseUrls: upstream.baseUrls, minIntervalMs: { doi: 0, arxiv: 0, ncbi: 0, openLibrary: 0 } } });
    user = await service.createUser();
  });
  afterAll(async () => {
    await service?.stop();
    await upstream?.stop();
  });

  it('a DOI, an arXiv id and an ISBN become documents with their real records', async () => {
    const t = testImporter({ baseUrl: service.url, token: user.token });
    try {
      const byDoi = await t.importer.importIdentifier('https://doi.org/10.1093/comjnl/27.2.97');
      const byArxiv = await t.importer.importIdentifier('arXiv:1706.03762');
      const byIsbn = await t.importer.importIdentifier('ISBN 0-201-13447-0');
      expect([byDoi.file, byArxiv.file, byIsbn.file]).toEqual([
        'Literate Programming', 'Attention Is All You Need', 'The TeXbook: a complete guide to computer typesetting with TeX',
      ]);
      expect(t.replica.getDocument(byDoi.documentId!)).toMatchObject({ source: 'The Computer Journal', year: 1984, authors: [{ last_name: 'Knuth' }] });
      expect(t.replica.getDocument(byArxiv.documentId!)).toMatchObject({ year: 2017, authors: [{ last_name: 'Vaswani' }, { last_name: 'Shazeer' }, { last_name: 'Gomez' }] });
      expect(t.importer.queue.count()).toBe(0);
    } finally {
      await t.dispose();
    }
  });

  it('with the upstream failing the lookup stays queued with a readable reason, and a later pass fills the document in', async () => {
    const t = testImporter({ baseUrl: service.url, token: user.token });
    try {
      const outcome = await t.importer.importIdentifier('10.5555/later');
      expect(outcome.message).toBe('Saved. The DOI is not in the catalog and doi.org answered with an error. The details will be looked up again later.');
      expect(t.replica.getDocument(outcome.documentId!)?.title).toBe('DOI 10.5555/later');
      expect(t.importer.queue.get(outcome.documentId!)).toMatchObject({ attempts: 0 });

      // The upstream is back.
      upstream.serve('doi', '10.5555/later', { ...CROSSREF_CSL, DOI: '10.5555/later', title: 'Resolved at last' });
      upstream.recover('doi', '10.5555/later');
      await t.importer.lookupNow();
      expect(t.replica.getDocument(outcome.documentId!)?.title).toBe('Resolved at last');
      expect(t.importer.queue.count()).toBe(0);
    } finally {
      await t.dispose();
    }
  });
});
