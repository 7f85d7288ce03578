// A PDF import writes its document, file, folder membership, outbox entries and search
// entry in one transaction: a failure at any of those steps (injected with a SQLite trigger
// that aborts, on the real replica) leaves none of them behind, and the bytes leave the store.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sqlOf } from '../replica/testing.ts';
import { testImporter } from './importTesting.ts';
import { sharedPdfReader } from '../../../shared/node/pdf/isolatedPdfReader.ts';

const pdf = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/node/pdf/fixtures/rcpp-extending.pdf');
const PDF_SHA1 = createHash('sha1').update(readFileSync(pdf)).digest('hex');
const TABLES = ['documents', 'documents_fts', 'files', 'folder_documents', 'outbox', 'import_lookups'] as const;

/** Where the import is made to fail: the insert each trigger aborts. */
const STEPS = [
  { step: 'the document', table: 'documents', when: '1' },
  { step: "the document's outbox entry", table: 'outbox', when: "NEW.kind = 'document'" },
  { step: 'the file row', table: 'files', when: '1' },
  { step: "the file's outbox entry", table: 'outbox', when: "NEW.kind = 'file'" },
  { step: 'the folder link', table: 'folder_documents', when: '1' },
  { step: "the link's outbox entry", table: 'outbox', when: "NEW.op = 'link'" },
];

// PDFs are read in a worker thread that loads pdf.js once per test process (slow on a busy
// machine): wait for it here rather than inside the first test's time limit.
beforeAll(() => sharedPdfReader().ready(), 180_000);

describe('a PDF import is one transaction', () => {
  let t: ReturnType<typeof testImporter>;
  afterEach(async () => {
    await t.dispose();
  });

  const counts = () => Object.fromEntries(TABLES.map((table) => [table, sqlOf(t.replica).prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number]));

  for (const { step, table, when } of STEPS) {
    it(`failing at ${step} leaves nothing behind and reports the failure`, async () => {
      t = testImporter();
      const folder = t.replica.createFolder({ name: 'Reading' });
      sqlOf(t.replica).prepare('DELETE FROM outbox').run();
      const before = counts();
      sqlOf(t.replica).exec(`CREATE TEMP TRIGGER fail_import BEFORE INSERT ON main.${table} WHEN ${when} BEGIN SELECT RAISE(ABORT, 'disk full (injected)'); END`);

      const report = await t.importer.importPaths([pdf], { folderId: folder.id });

      expect(report.files).toEqual([{ file: 'rcpp-extending.pdf', status: 'failed', message: 'disk full (injected)' }]);
      expect(counts()).toEqual(before);
      expect(t.replica.countDocuments()).toBe(0);
      expect(t.replica.searchDocuments('Rcpp')).toEqual([]);
      expect(t.changed).toEqual([]);
      // No row names the bytes, so they did not stay in the store either.
      expect(t.fileStore.has(PDF_SHA1)).toBe(false);

      // The same file imports whole once the failure is gone.
      sqlOf(t.replica).exec('DROP TRIGGER temp.fail_import');
      const again = await t.importer.importPaths([pdf], { folderId: folder.id });
      expect(again.files[0]).toMatchObject({ status: 'imported' });
      const id = again.files[0]!.documentId!;
      expect(t.replica.listFiles(id)).toHaveLength(1);
      expect(t.replica.foldersOfDocument(id)).toEqual([folder.id]);
      expect(t.replica.listOutbox().map((e) => [e.kind, e.op])).toEqual([['document', 'create'], ['file', 'create'], ['folder', 'link']]);
    });
  }

  it('a PDF dropped on a group folder becomes a document of that group, in that folder', async () => {
    t = testImporter();
    t.replica.setGroups([{ id: 'g-1', name: 'Reading club', role: 'member' }]);
    const folder = t.replica.createFolder({ name: 'Club papers', group_id: 'g-1' });
    const report = await t.importer.importPaths([pdf], { folderId: folder.id });
    expect(report.files[0]).toMatchObject({ status: 'imported' });
    const document = t.replica.getDocument(report.files[0]!.documentId!)!;
    expect(document.group_id).toBe('g-1');
    expect(t.replica.foldersOfDocument(document.id)).toEqual([folder.id]);
  });
});
