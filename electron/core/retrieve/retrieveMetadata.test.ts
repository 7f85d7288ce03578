// "Retrieve metadata" against the real service resolving through a stand-in upstream: the
// preview lists what would change and writes nothing; applying writes what was approved.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibraryApi } from '../../../shared/client/libraryApi.ts';
import { startTestService, type TestService, type TestUser } from '../../../server/testing/testService.ts';
import { startStandInUpstream, type StandInUpstream } from '../../../server/metadata/testing/standInUpstream.ts';
import { CROSSREF_CSL } from '../../../server/metadata/testing/upstreamFixtures.ts';
import { createPdfLane } from '../import/pdfLane.ts';
import { OFFLINE_URL, testImporter } from '../import/importTesting.ts';
import { applyMetadata, previewMetadata } from './retrieveMetadata.ts';
import { sharedPdfReader } from '../../../shared/node/pdf/isolatedPdfReader.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/node/pdf/fixtures');

describe('retrieve metadata', () => {
  let upstream: StandInUpstream;
  let service: TestService;
  let user: TestUser;
  const dir = mkdtempSync(path.join(tmpdir(), 'refshelf-retrieve-'));
  const lane = createPdfLane();

  // PDFs are read in a worker thread that loads pdf.js once per test process (slow on a busy
  // machine): wait for it here rather than inside the first test's time limit.
  beforeAll(() => sharedPdfReader().ready(), 180_000);
  beforeAll(async () => {
    upstream = await startStandInUpstream();
    upstream.serve('doi', CROSSREF_CSL.DOI, CROSSREF_CSL);
    service = await startTestService({ resolver: { baseUrls: upstream.baseUrls, minIntervalMs: { doi: 0, arxiv: 0, ncbi: 0, openLibrary: 0 } } });
    user = await service.createUser();
  });
  afterAll(async () => {
    await service?.stop();
    await upstream?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('previews the changes of a lookup and of the PDF read again, writes nothing, then applies what was approved', async () => {
    const t = testImporter({ baseUrl: OFFLINE_URL });
    try {
      const api = createLibraryApi({ baseUrl: service.url, getAccessToken: async () => user.token });
      const placeholder = t.replica.createDocument({ title: 'DOI 10.1093/comjnl/27.2.97', type: 'journal', identifiers: { doi: '10.1093/comjnl/27.2.97' } });
      copyFileSync(path.join(fixtures, 'survival-approximate.pdf'), path.join(dir, 'approximate.pdf'));
      const imported = await t.importer.importPaths([path.join(dir, 'approximate.pdf')]);
      const pdfDoc = imported.files[0]!.documentId!;
      // The user removed the authors by mistake and retitled the paper.
      t.replica.updateDocument(pdfDoc, { authors: [], title: 'Cox approximations (my copy)' });
      const before = [t.replica.getDocument(placeholder.id), t.replica.getDocument(pdfDoc)];

      const previews = await previewMetadata({ replica: t.replica, api, fileStore: t.fileStore, lane }, [placeholder.id, pdfDoc]);
      expect(previews[0]).toMatchObject({ documentId: placeholder.id, status: 'changes' });
      expect(previews[0]!.changes).toEqual(expect.arrayContaining([
        { field: 'title', old: 'DOI 10.1093/comjnl/27.2.97', new: 'Literate Programming' },
        { field: 'year', old: undefined, new: 1984 },
        { field: 'source', old: undefined, new: 'The Computer Journal' },
      ]));
      // The PDF's authors fill the emptied field; the user's own title is not touched.
      expect(previews[1]!.changes.map((c) => c.field)).toContain('authors');
      expect(previews[1]!.changes.find((c) => c.field === 'authors')!.new).toEqual(expect.arrayContaining([expect.objectContaining({ last_name: 'Zhong' })]));
      expect(previews[1]!.changes.map((c) => c.field)).not.toContain('title');
      expect([t.replica.getDocument(placeholder.id), t.replica.getDocument(pdfDoc)]).toEqual(before);

      // The user approves everything for the first, leaves the second as it is.
      const fields = Object.fromEntries(previews[0]!.changes.map((c) => [c.field, c.new]));
      expect(applyMetadata(t.replica, [{ documentId: placeholder.id, fields }])).toEqual({ updated: [placeholder.id] });
      expect(t.replica.getDocument(placeholder.id)).toMatchObject({ title: 'Literate Programming', year: 1984, authors: [{ last_name: 'Knuth' }] });
      expect(() => applyMetadata(t.replica, [{ documentId: placeholder.id, fields: { starred: true } }])).toThrow('starred is not a field Retrieve metadata changes');
    } finally {
      await t.dispose();
    }
  });

  it('offline, says so and still offers what the PDF gives', async () => {
    const t = testImporter({ baseUrl: OFFLINE_URL });
    try {
      copyFileSync(path.join(fixtures, 'rcpp-extending.pdf'), path.join(dir, 'rcpp.pdf'));
      const imported = await t.importer.importPaths([path.join(dir, 'rcpp.pdf')]);
      const id = imported.files[0]!.documentId!;
      t.replica.updateDocument(id, { authors: [] });
      const [preview] = await previewMetadata({ replica: t.replica, api: createLibraryApi({ baseUrl: OFFLINE_URL, getAccessToken: async () => 'x' }), fileStore: t.fileStore, lane }, [id]);
      expect(preview).toMatchObject({ status: 'changes', message: 'The service cannot be reached, so only the PDF was read again.' });
      expect(preview!.changes.map((c) => c.field)).toEqual(['authors']);
    } finally {
      await t.dispose();
    }
  });
});
