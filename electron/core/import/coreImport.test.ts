// The import commands over a real core (embedded service, local user signed in): progress
// events reach the bridge, and a lookup left waiting (as after an offline import) runs once
// a sync has succeeded.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportProgress, ImportReport, LibraryDocument } from '../../../shared/bridge/contract.ts';
import { importText } from '../../../server/catalog/catalogImport.ts';
import { catalogStorageOf } from '../../../server/catalog/catalogStorage.ts';
import { dispatch } from '../bridge/dispatch.ts';
import { createCore, type Core } from '../core.ts';
import { sqlOf } from '../replica/testing.ts';
import { sharedPdfReader } from '../../../shared/node/pdf/isolatedPdfReader.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/node/pdf/fixtures');

let dataDir: string;
let core: Core;
const progress: ImportProgress[] = [];

async function value<T>(command: string, request?: unknown): Promise<T> {
  const result = await dispatch(core.handlers, command, request);
  if (!result.ok) throw new Error(`${command} failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-core-import-'));
  core = await createCore({ dataDir, openExternal: () => {}, serviceLogLevel: 'silent', syncDebounceMs: 50, syncIntervalMs: 60_000 });
  core.events.subscribe((event, payload) => {
    if (event === 'import.progress') progress.push(payload as ImportProgress);
  });
  await core.start();
  await importText(catalogStorageOf(core.embedded!.service.ctx.database), 'catalog.bib',
    '@article{t1, author = {Hopper, Grace}, title = {Compiling Routines}, journal = {Test Journal}, year = 1953, doi = {10.5555/hopper.1953}}');
});
afterAll(async () => {
  await core?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// PDFs are read in a worker thread that loads pdf.js once per test process (slow on a busy
// machine): wait for it here rather than inside the first test's time limit.
beforeAll(() => sharedPdfReader().ready(), 180_000);

describe('import in the core', () => {
  it('imports by path through the bridge and reports progress as events', async () => {
    const report = await value<ImportReport>('import.paths', { paths: [path.join(fixtures, 'actuar-intro.pdf')] });
    expect(report.files).toEqual([expect.objectContaining({ file: 'actuar-intro.pdf', status: 'imported' })]);
    expect(progress.filter((p) => p.id === report.batchId).map((p) => p.phase)).toEqual(['importing', 'importing', 'lookup', 'done']);
    expect(await value<LibraryDocument>('documents.get', { id: report.files[0]!.documentId })).toMatchObject({ title: 'Introduction to actuar' });
  });

  it('runs waiting lookups after a successful sync', async () => {
    const document = core.replica.createDocument({ title: 'DOI 10.5555/hopper.1953', identifiers: { doi: '10.5555/hopper.1953' } });
    core.importer.queue.enqueue({ documentId: document.id, written: { title: document.title }, confidence: { title: 0 } });
    await value('sync.syncNow');
    await expect.poll(() => core.importer.queue.count(), { timeout: 10_000 }).toBe(0);
    const id = sqlOf(core.replica).prepare('SELECT id FROM documents WHERE title = ?').pluck().get('Compiling Routines') as string | undefined;
    expect(id).toBeDefined();
    expect(core.replica.getDocument(id!)).toMatchObject({ year: 1953, source: 'Test Journal', authors: [{ last_name: 'Hopper', first_name: 'Grace' }] });
  });
});
