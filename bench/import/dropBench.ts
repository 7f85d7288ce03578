// "50 PDFs dropped at once": the desktop core's whole import (copy into the file store,
// hash, de-duplicate, document, extraction, catalog lookup against the real service with
// the shipped sample catalog) for 50 PDFs of the evaluation set, timed from the drop until
// every one is in the library with its metadata; and the accuracy after the lookup.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLibraryApi } from '../../shared/client/libraryApi.ts';
import { ensureSampleCatalog } from '../../server/catalog/sampleCatalog.ts';
import { startTestService } from '../../server/testing/testService.ts';
import { createFileStore } from '../../electron/core/files/fileStore.ts';
import { createImporter } from '../../electron/core/import/importer.ts';
import { titleFromFileName } from '../../electron/core/import/fileChecks.ts';
import { openReplica } from '../../electron/core/replica/index.ts';
import { result, type BenchResult } from '../report.ts';
import { createStagingArea } from '../../electron/core/files/stagingArea.ts';

export interface DropTruth {
  path: string;
  title: string;
  firstAuthor: string;
  year?: number;
  doi?: string;
}

export const DROP_COUNT = 50;

export async function runDropBench(pdfDir: string, truth: readonly DropTruth[], comparable: (s: string) => string): Promise<BenchResult[]> {
  const service = await startTestService();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-drop-bench-'));
  const replica = openReplica(path.join(dir, 'library.sqlite'));
  try {
    await ensureSampleCatalog(service.ctx, { force: true });
    const user = await service.createUser();
    const importer = createImporter({
      replica,
      fileStore: createFileStore(path.join(dir, 'files')),
      api: createLibraryApi({ baseUrl: service.url, getAccessToken: async () => user.token }),
      staging: createStagingArea(path.join(dir, 'staging')),
      onChanged: () => undefined,
      onProgress: () => undefined,
      canLookup: () => true,
    });
    const dropped = truth.slice(0, DROP_COUNT);
    const started = performance.now();
    const report = await importer.importPaths(dropped.map((d) => path.join(pdfDir, d.path)));
    const seconds = (performance.now() - started) / 1000;

    let withMetadata = 0;
    let titles = 0;
    let authors = 0;
    let years = 0;
    let yearTotal = 0;
    let dois = 0;
    let doiTotal = 0;
    report.files.forEach((outcome, i) => {
      const expected = dropped[i]!;
      const document = outcome.documentId ? replica.getDocument(outcome.documentId) : undefined;
      if (!document) return;
      if (document.title !== titleFromFileName(expected.path)) withMetadata++;
      if (comparable(document.title) === comparable(expected.title)) titles++;
      else if (process.env.IMPORT_BENCH_VERBOSE) console.log(`  after lookup: ${JSON.stringify(document.title)} != ${JSON.stringify(expected.title)}`);
      const first = document.authors?.[0]?.last_name;
      if (first && comparable(first) === comparable(expected.firstAuthor)) authors++;
      if (expected.year !== undefined) {
        yearTotal++;
        if (document.year === expected.year) years++;
      }
      if (expected.doi !== undefined) {
        doiTotal++;
        if (document.identifiers?.doi?.toLowerCase() === expected.doi.toLowerCase()) dois++;
      }
    });
    const inLibrary = replica.countDocuments();
    await importer.stop();
    const n = dropped.length;
    const pct = (k: number, total: number) => (total ? (100 * k) / total : 100);
    return [
      result(`import: ${n} PDFs dropped at once, all in the library with metadata`, seconds, 's', 'max', 15,
        `${inLibrary} documents, ${withMetadata} with extracted metadata, ${report.pendingLookups} lookups pending`),
      result('import: title accuracy after lookup', pct(titles, n), '%', 'min', 90, `${titles}/${n}`),
      result('import: first author accuracy after lookup', pct(authors, n), '%', 'min', 80, `${authors}/${n}`),
      result('import: year accuracy after lookup', pct(years, yearTotal), '%', 'min', 80, `${years}/${yearTotal}`),
      result('import: DOI accuracy after lookup', pct(dois, doiTotal), '%', 'min', 98, `${dois}/${doiTotal}`),
    ];
  } finally {
    replica.close();
    rmSync(dir, { recursive: true, force: true });
    await service.stop();
  }
}
