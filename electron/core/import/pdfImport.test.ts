import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paragraph, syntheticPdf } from '../../../shared/node/pdf/syntheticPdf.ts';
import { testImporter } from './importTesting.ts';
import { sharedPdfReader } from '../../../shared/node/pdf/isolatedPdfReader.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/node/pdf/fixtures');
const FIXTURES = ['survival-approximate.pdf', 'rcpp-extending.pdf', 'actuar-intro.pdf'];

// PDFs are read in a worker thread that loads pdf.js once per test process (slow on a busy
// machine): wait for it here rather than inside the first test's time limit.
beforeAll(() => sharedPdfReader().ready(), 180_000);

describe('importing PDFs', () => {
  let t: ReturnType<typeof testImporter>;
  afterEach(async () => {
    await t.dispose();
  });

  it('imports a folder of real PDFs recursively: one document each, the file stored and attached, metadata extracted, confirmed when extraction was sure', async () => {
    t = testImporter();
    const folder = path.join(t.dir, 'papers');
    mkdirSync(path.join(folder, 'nested'), { recursive: true });
    copyFileSync(path.join(fixtures, FIXTURES[0]!), path.join(folder, FIXTURES[0]!));
    copyFileSync(path.join(fixtures, FIXTURES[1]!), path.join(folder, 'nested', FIXTURES[1]!));
    writeFileSync(path.join(folder, 'notes.txt'), 'not imported: folders bring in PDFs, .bib and .ris only');

    const report = await t.importer.importPaths([folder]);
    expect(report.files.map((f) => [f.file, f.status])).toEqual([['rcpp-extending.pdf', 'imported'], ['survival-approximate.pdf', 'imported']]);
    const survival = t.replica.getDocument(report.files[1]!.documentId!)!;
    expect(survival).toMatchObject({ title: 'Approximating the Cox Model', type: 'generic', confirmed: true, file_attached: true });
    expect(survival.authors?.map((a) => a.last_name)).toContain('Therneau');
    const [file] = t.replica.listFiles(survival.id);
    expect(file).toMatchObject({ file_name: 'survival-approximate.pdf', mime_type: 'application/pdf' });
    expect(readFileSync(t.fileStore.pathOf(file!.filehash))).toEqual(readFileSync(path.join(fixtures, FIXTURES[0]!)));
    expect(file!.local_path).toBe(t.fileStore.pathOf(file!.filehash));
    // Offline: the lookups wait in the queue.
    expect(report.pendingLookups).toBe(2);
    expect(t.progress.at(-1)).toMatchObject({ id: report.batchId, phase: 'done', done: 2, total: 2 });
    expect(t.progress.filter((p) => p.status === 'imported').map((p) => p.documentId)).toEqual(report.files.map((f) => f.documentId));
  });

  it('follows a document renamed by a push while its PDF is read', async () => {
    // The sync engine may push the new document (giving it the server's id) during extraction.
    let renamed = false;
    t = testImporter({
      onChanged: ([id]) => {
        if (renamed || !id?.startsWith('local:')) return;
        renamed = true;
        t.replica.remapId('document', id, 'server-doc-1');
      },
    });
    const report = await t.importer.importPaths([path.join(fixtures, 'rcpp-extending.pdf')]);
    expect(report.files[0]).toMatchObject({ status: 'imported', documentId: 'server-doc-1' });
    expect(t.replica.getDocument('server-doc-1')).toMatchObject({ title: 'Rcpp Extending' });
    expect(t.importer.queue.get('server-doc-1')).toBeDefined();
  });

  it('puts the full text into the search index', async () => {
    t = testImporter();
    const report = await t.importer.importPaths([path.join(fixtures, 'rcpp-extending.pdf')]);
    await t.importer.idle();
    // A word from the body of the vignette, not from its title or abstract.
    const hits = t.replica.searchDocuments('RcppArmadillo');
    expect(hits.map((d) => d.id)).toContain(report.files[0]!.documentId);
  });

  it('imports the same bytes once, under any name, and says so', async () => {
    t = testImporter();
    const copy = path.join(t.dir, 'renamed copy.pdf');
    copyFileSync(path.join(fixtures, 'actuar-intro.pdf'), copy);
    const first = await t.importer.importPaths([path.join(fixtures, 'actuar-intro.pdf')]);
    const second = await t.importer.importPaths([copy, path.join(fixtures, 'actuar-intro.pdf')]);
    expect(second.files).toEqual([
      { file: 'renamed copy.pdf', status: 'duplicate', documentId: first.files[0]!.documentId, message: 'Already in your library.' },
      { file: 'actuar-intro.pdf', status: 'duplicate', documentId: first.files[0]!.documentId, message: 'Already in your library.' },
    ]);
    expect(t.replica.countDocuments()).toBe(1);
  });

  it('imports a PDF dropped on a group\'s library into that library, even when the personal library holds it, and once', async () => {
    t = testImporter();
    const pdf = path.join(fixtures, 'actuar-intro.pdf');
    const mine = await t.importer.importPaths([pdf]);
    const shared = await t.importer.importPaths([pdf], { groupId: 'g1' });
    expect(shared.files[0]).toMatchObject({ status: 'imported' });
    expect(shared.files[0]!.documentId).not.toBe(mine.files[0]!.documentId);
    expect(t.replica.getDocument(shared.files[0]!.documentId!)).toMatchObject({ group_id: 'g1', file_attached: true });
    const again = await t.importer.importPaths([pdf], { groupId: 'g1' });
    expect(again.files[0]).toEqual({ file: 'actuar-intro.pdf', status: 'duplicate', documentId: shared.files[0]!.documentId, message: 'Already in this group’s library.' });
    expect(t.replica.countDocuments()).toBe(1);
    expect(t.replica.countDocuments({ groupId: 'g1' })).toBe(1);
  }, 300_000); // three imports of a real PDF, each read off the core's thread (slow on a loaded machine)

  it('gives each bad file a clear message and goes on with the batch', async () => {
    t = testImporter();
    const bad = path.join(t.dir, 'bad');
    mkdirSync(bad);
    const real = readFileSync(path.join(fixtures, 'survival-approximate.pdf'));
    writeFileSync(path.join(bad, 'a-empty.pdf'), '');
    writeFileSync(path.join(bad, 'b-not-a-pdf.pdf'), '<html><body>a web page saved as .pdf</body></html>');
    writeFileSync(path.join(bad, 'c-truncated.pdf'), real.subarray(0, 900));
    writeFileSync(path.join(bad, 'd-encrypted.pdf'), syntheticPdf({ pages: [paragraph(['Secret text'], 72, 700)], encrypted: true }));
    writeFileSync(path.join(bad, 'e_scanned_page.pdf'), syntheticPdf({ pages: [[]], drawing: true }));
    copyFileSync(path.join(fixtures, 'rcpp-extending.pdf'), path.join(bad, 'f-good.pdf'));

    const report = await t.importer.importPaths([bad, path.join(t.dir, 'missing.pdf')]);
    const by = Object.fromEntries(report.files.map((f) => [f.file, f]));
    expect(by['missing.pdf']).toMatchObject({ status: 'failed', message: 'The file does not exist or cannot be read.' });
    expect(by['a-empty.pdf']).toMatchObject({ status: 'failed', message: expect.stringMatching(/empty/) });
    expect(by['b-not-a-pdf.pdf']).toMatchObject({ status: 'failed', message: expect.stringMatching(/not a PDF/) });
    expect(by['c-truncated.pdf']).toMatchObject({ status: 'warning', message: expect.stringMatching(/kept/) });
    expect(by['d-encrypted.pdf']).toMatchObject({ status: 'warning', message: expect.stringMatching(/password.*kept/) });
    expect(by['e_scanned_page.pdf']).toMatchObject({ status: 'warning', message: expect.stringMatching(/no text.*kept/) });
    expect(by['f-good.pdf']).toMatchObject({ status: 'imported' });
    // Kept files keep their bytes and a title from the file name.
    const scanned = t.replica.getDocument(by['e_scanned_page.pdf']!.documentId!)!;
    expect(scanned.title).toBe('e scanned page');
    // Only what extraction was unsure of needs review.
    expect(scanned.confirmed).toBe(false);
    expect(t.replica.listFiles(scanned.id)).toHaveLength(1);
    expect(t.replica.getDocument(by['f-good.pdf']!.documentId!)!.title).toBe('Rcpp Extending');
    expect(t.replica.countDocuments()).toBe(4);
  });

  it('hashes a large file by streaming it into the store', async () => {
    t = testImporter();
    // 60 MB: a real PDF with padding after its end (readers ignore bytes after %%EOF).
    const big = path.join(t.dir, 'big.pdf');
    const bytes = Buffer.concat([readFileSync(path.join(fixtures, 'actuar-intro.pdf')), Buffer.alloc(60 * 1024 * 1024, 0x20)]);
    writeFileSync(big, bytes);
    const report = await t.importer.importPaths([big]);
    expect(report.files[0]).toMatchObject({ status: 'imported' });
    const [file] = t.replica.listFiles(report.files[0]!.documentId!);
    expect(file).toMatchObject({ size: bytes.length, filehash: createHash('sha1').update(bytes).digest('hex') });
  });
});
