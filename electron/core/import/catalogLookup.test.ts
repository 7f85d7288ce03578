// Lookups against the real service and its catalog: offline, imported documents wait in the
// queue; when the service is back they are filled in, without touching what the user edited.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importText } from '../../../server/catalog/catalogImport.ts';
import { catalogStorageOf } from '../../../server/catalog/catalogStorage.ts';
import { startTestService, type TestService, type TestUser } from '../../../server/testing/testService.ts';
import { testImporter } from './importTesting.ts';
import { sharedPdfReader } from '../../../shared/node/pdf/isolatedPdfReader.ts';
import { createManualClock } from '../manualClock.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/node/pdf/fixtures');

// Test records (10.5555 is the DOI prefix reserved for examples).
const CATALOG = String.raw`
@article{zhong2019,
  author = {Zhong, Yi and Tibshirani, Robert and Therneau, Terry},
  title = {Approximating the {Cox} Model},
  journal = {Journal of Test Statistics},
  year = 2019, volume = 12, pages = {1--20},
  doi = {10.5555/cox.2019.1}
}
@book{tugbook,
  author = {{TeX Users Group}},
  title = {Programming Stripes of Zebra Herds},
  year = 1999,
  isbn = {0-201-13447-0},
  publisher = {Addison-Wesley}
}
@article{lamport1986,
  author = {Leslie Lamport},
  title = {The Mutual Exclusion Problem},
  journal = {Journal of the ACM},
  year = 1986,
  doi = {10.5555/5383.5384}
}
`;

// PDFs are read in a worker thread that loads pdf.js once per test process (slow on a busy
// machine): wait for it here rather than inside the first test's time limit.
beforeAll(() => sharedPdfReader().ready(), 180_000);

describe('catalog lookup of imported documents', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'refshelf-lookup-service-'));
  let service: TestService | undefined;
  let user: TestUser;
  let url: string;
  let port: number;

  beforeAll(async () => {
    service = await startTestService({ dataDir });
    user = await service.createUser();
    expect(await importText(catalogStorageOf(service.ctx.database), 'catalog.bib', CATALOG)).toMatchObject({ added: 3, errors: [] });
    url = service.url;
    port = Number(new URL(url).port);
  });
  afterAll(async () => {
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('queues lookups while offline and fills the documents in when the service is back', async () => {
    await service!.stop(); // the network is gone
    service = undefined;
    const clock = createManualClock();
    const t = testImporter({ baseUrl: url, token: user.token, retryMs: 150, clock });
    try {
      const pdf = await t.importer.importPaths([path.join(fixtures, 'survival-approximate.pdf')]);
      const pdfId = pdf.files[0]!.documentId!;
      const byDoi = await t.importer.importIdentifier('https://doi.org/10.5555/5383.5384.');
      const byIsbn = await t.importer.importIdentifier('ISBN 0-201-13447-0');
      expect(byDoi).toMatchObject({ status: 'imported', file: 'DOI 10.5555/5383.5384', message: expect.stringMatching(/looked up when the service can be reached/) });
      expect(t.importer.queue.count()).toBe(3);
      // The user edits one field while offline: the catalog must not overwrite it.
      t.replica.updateDocument(pdfId, { source: 'My reading group' });

      service = await startTestService({ dataDir, port, publicUrl: url }); // the network is back
      // The retry timer's turn: the pass it starts fills the documents in.
      clock.advance(150);
      await t.importer.idle();
      expect(t.importer.queue.count()).toBe(0);

      expect(t.replica.getDocument(pdfId)).toMatchObject({
        title: 'Approximating the Cox Model', source: 'My reading group', year: 2019, volume: '12',
        // Confirmed by the sure extraction at import; the lookup leaves that as it was.
        identifiers: { doi: '10.5555/cox.2019.1' }, confirmed: true,
      });
      expect(t.replica.getDocument(byDoi.documentId!)).toMatchObject({ title: 'The Mutual Exclusion Problem', year: 1986, source: 'Journal of the ACM', authors: [{ last_name: 'Lamport' }] });
      expect(t.replica.getDocument(byIsbn.documentId!)).toMatchObject({ title: 'Programming Stripes of Zebra Herds', type: 'book', publisher: 'Addison-Wesley' });
      expect(t.changed).toEqual(expect.arrayContaining([pdfId, byDoi.documentId, byIsbn.documentId]));
    } finally {
      await t.dispose();
    }
  });

  it('answers "not in the catalog" for an unknown identifier when online, and refuses what is no identifier', async () => {
    const t = testImporter({ baseUrl: url, token: user.token });
    try {
      const known = await t.importer.importIdentifier('10.5555/cox.2019.1');
      expect(known).toMatchObject({ status: 'imported', file: 'Approximating the Cox Model' });
      const unknown = await t.importer.importIdentifier('arXiv:2101.00999');
      expect(unknown).toMatchObject({ status: 'warning', file: 'arXiv 2101.00999', message: expect.stringMatching(/does not know/) });
      expect(t.importer.queue.count()).toBe(0);
      await expect(t.importer.importIdentifier('978-0-00-000000-1')).rejects.toThrow(/Not a DOI, arXiv id or ISBN/);
    } finally {
      await t.dispose();
    }
  });
});
