// A bulk load must leave exactly the catalog that adding the records one by one leaves,
// and a load killed half-way must leave a whole catalog once it is opened again.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../storage/database.ts';
import { catalogStoreOf, CatalogStore } from '../catalogStore.ts';
import { importFileStreaming } from '../catalogImportStream.ts';
import { normalisedIdentifiers } from '../dedupe.ts';
import { formatRis } from '../../../shared/ris/formatRis.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-bulk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const work = (i: number) => ({
  title: `Bulk loading study ${i % 97 === 5 ? 'repeated' : i}`,
  year: 1990 + (i % 30),
  authors: [{ last_name: `Ngata${i % 13}`, first_name: 'Aroha' }, { last_name: 'Kowalski', first_name: 'Jan' }],
  // Every 10th work shares a DOI with the one before: merged by identifier.
  doi: `10.5555/bulk.${i % 10 === 9 ? i - 1 : i}`,
  pages: i % 97 === 5 ? '' : `${i}-${i + 9}`,
});

function bibtexFile(from: number, to: number): string {
  const entries: string[] = [];
  for (let i = from; i < to; i++) {
    const w = work(i);
    // Works without a DOI every 7th: merged by title, year and first author when they repeat.
    entries.push(`@article{k${i},\n  title = {${w.title}},\n  author = {${w.authors.map((a) => `${a.last_name}, ${a.first_name}`).join(' and ')}},\n`
      + `  journal = {Journal of Loads},\n  year = {${w.year}},\n${i % 7 ? `  doi = {${w.doi}},\n` : ''}${w.pages ? `  pages = {${w.pages}},\n` : ''}  abstract = {Words about bulk ${i}.}\n}\n`);
  }
  return entries.join('\n');
}

const risFile = (from: number, to: number) =>
  formatRis(Array.from({ length: to - from }, (_, k) => {
    const w = work(from + k);
    return { title: w.title, type: 'book' as const, year: w.year, authors: w.authors, identifiers: { doi: w.doi } };
  }));

const cslFile = (from: number, to: number) =>
  JSON.stringify(Array.from({ length: to - from }, (_, k) => {
    const w = work(from + k);
    return { type: 'article-journal', title: w.title, DOI: w.doi, issued: { 'date-parts': [[w.year]] }, author: w.authors.map((a) => ({ family: a.last_name, given: a.first_name })) };
  }));

/** Everything the catalog holds, without what differs between two runs (ids, clocks). */
function snapshot(sqlite: SQLite.Database) {
  return {
    documents: sqlite.prepare('SELECT seq, title, type, year, open_access, imported, match_key, title_key, data FROM catalog_documents ORDER BY seq').all(),
    identifiers: sqlite.prepare('SELECT kind, value, catalog_seq FROM catalog_identifiers ORDER BY kind, value, catalog_seq').all(),
    authorities: sqlite.prepare('SELECT * FROM catalog_authorities ORDER BY catalog_seq').all(),
    indexes: sqlite.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name LIKE 'catalog%' ORDER BY name").all(),
    searchable: sqlite.prepare('SELECT count(*) FROM catalog_fts').pluck().get(),
    loading: sqlite.prepare("SELECT value FROM settings WHERE key = 'catalog_bulk_load'").pluck().get(),
  };
}

const search = (store: CatalogStore, words: string[]) => store.search.search({ terms: words }, { offset: 0, limit: 1000, withTotal: true });

async function importInto(name: string, files: { file: string; bulk: boolean }[]) {
  const database = await openDatabase(mkdtempSync(path.join(dir, name)));
  const store = catalogStoreOf(database.sqlite);
  // Records already in the catalog: the loads merge into them.
  store.addMany([{ fields: { title: 'Bulk loading study 3', type: 'journal', year: 1993, authors: [{ last_name: 'Ngata3' }] } },
    { fields: { title: 'Older work', type: 'book', identifiers: { doi: '10.5555/bulk.20' } } }], true);
  const reports = [];
  for (const { file, bulk } of files) reports.push(await importFileStreaming(store, file, { bulk, thread: bulk, chunkChars: 3000, pieceBytes: 1000 }));
  return { database, store, reports };
}

describe('catalog bulk load', () => {
  // The bulk side also parses on its thread: records as the in-process parser reads them.
  it('leaves the same catalog, field by field, as adding the records one by one (BibTeX, RIS, CSL-JSON)', async () => {
    const bib = path.join(dir, 'works.bib');
    writeFileSync(bib, bibtexFile(0, 400));
    const ris = path.join(dir, 'works.ris');
    writeFileSync(ris, risFile(350, 500));
    const csl = path.join(dir, 'works.json');
    writeFileSync(csl, cslFile(480, 600));
    const files = [bib, ris, csl];
    const bulk = await importInto('bulk-', files.map((file) => ({ file, bulk: true })));
    const rowByRow = await importInto('rows-', files.map((file) => ({ file, bulk: false })));
    try {
      const expected = snapshot(rowByRow.database.sqlite);
      expect(expected.documents.length).toBeGreaterThan(400);
      // The samples do merge: by identifier, by title/year/author, into earlier rows, across files.
      expect(rowByRow.reports.map((r) => r.merged).every((n) => n > 0)).toBe(true);
      expect(snapshot(bulk.database.sqlite)).toEqual(expected);
      expect(bulk.reports.map((r) => ({ ...r, indexSeconds: undefined }))).toEqual(rowByRow.reports);
      expect(bulk.reports.every((r) => r.indexSeconds !== undefined)).toBe(true);
      for (const words of [['bulk'], ['repeated'], ['ngata3', 'kowalski'], ['study', '417']]) expect(search(bulk.store, words)).toEqual(search(rowByRow.store, words));
      expect(bulk.store.byIdentifier('doi', '10.5555/bulk.398')?.title).toBe('Bulk loading study 398');
      // Ids are UUIDs, increasing in the order rows were written.
      const ids = (bulk.database.sqlite.prepare('SELECT id FROM catalog_documents WHERE seq > 2 ORDER BY seq').pluck().all() as string[]);
      expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
      expect([...ids].sort()).toEqual(ids);
    } finally {
      await bulk.database.close();
      await rowByRow.database.close();
    }
  });

  it('indexes the identifiers a row of the load gains from a duplicate later in it, and none of a batch that failed', async () => {
    // Each work twice: first with its DOI alone, then with its DOI and an ISBN, which the
    // merge adds to the row written a batch or more before.
    const entry = (i: number, isbn?: string) => `@book{w${i}${isbn ? 'b' : 'a'},\n  title = {Staged identifiers ${i}},\n  author = {Okafor, Ngozi},\n`
      + `  year = {2001},\n  publisher = {Loads},\n  doi = {10.5555/staged.${i}},\n${isbn ? `  isbn = {${isbn}},\n` : ''}}\n`;
    const isbnOf = (i: number) => `978-0-00-${String(100000 + i).slice(1)}-0`;
    const file = path.join(dir, 'staged.bib');
    writeFileSync(file, [...Array.from({ length: 60 }, (_, i) => entry(i)), ...Array.from({ length: 60 }, (_, i) => entry(i, isbnOf(i)))].join('\n'));
    const bulk = await importInto('staged-bulk-', [{ file, bulk: true }]);
    const rowByRow = await importInto('staged-rows-', [{ file, bulk: false }]);
    try {
      expect(snapshot(bulk.database.sqlite)).toEqual(snapshot(rowByRow.database.sqlite));
      const found = rowByRow.store.byIdentifier('isbn', normalisedIdentifiers({ isbn: isbnOf(7) })[0]![1]);
      expect(found?.title).toBe('Staged identifiers 7');
    } finally {
      await bulk.database.close();
      await rowByRow.database.close();
    }

    // A batch that rolls back takes its staged identifiers with it: none names a row that is not there.
    const database = await openDatabase(mkdtempSync(path.join(dir, 'staged-failed-')));
    try {
      const store = catalogStoreOf(database.sqlite);
      const sink = store.bulkLoad();
      sink.addMany([{ fields: { title: 'Kept', type: 'book', identifiers: { doi: '10.5555/kept' } } }], true);
      expect(() => sink.addMany([
        { fields: { title: 'Rolled back', type: 'book', identifiers: { doi: '10.5555/rolled' } } },
        { fields: null as unknown as { title: string; type: 'book' } },
      ], true)).toThrow();
      sink.addMany([{ fields: { title: 'Written after', type: 'book', identifiers: { doi: '10.5555/after' } } }], true);
      sink.finish();
      const rows = database.sqlite.prepare('SELECT i.value, d.title FROM catalog_identifiers i LEFT JOIN catalog_documents d ON d.seq = i.catalog_seq ORDER BY i.value').all();
      expect(rows).toEqual([{ value: '10.5555/after', title: 'Written after' }, { value: '10.5555/kept', title: 'Kept' }]);
    } finally {
      await database.close();
    }
  });

  it('finishes the indexes when reading the file fails half-way', async () => {
    const csl = path.join(dir, 'broken.json');
    writeFileSync(csl, `${cslFile(0, 50).slice(0, -1)}, {"type": "book", "title": "Cut`);
    const database = await openDatabase(mkdtempSync(path.join(dir, 'broken-')));
    try {
      const store = catalogStoreOf(database.sqlite);
      await importFileStreaming(store, csl, { bulk: true, pieceBytes: 500 }).catch(() => undefined);
      const state = snapshot(database.sqlite);
      expect(state.loading).toBeUndefined();
      expect(state.indexes.map((i) => (i as { name: string }).name)).toContain('catalog_documents_match');
    } finally {
      await database.close();
    }
  });

  it('leaves a whole, searchable catalog when the import is killed half-way, and the import run again adds the rest', async () => {
    const file = path.join(dir, 'killed.bib');
    writeFileSync(file, bibtexFile(0, 20_000).replace(/abstract = \{Words/g, `abstract = {${'Many more words. '.repeat(20)}`));
    const dataDir = mkdtempSync(path.join(dir, 'killed-'));
    // A handle open throughout, as the service's is: its remembered searches must see the import.
    const service = await openDatabase(dataDir);
    const serviceStore = catalogStoreOf(service.sqlite);
    const cli = path.join(root, 'server/catalog/cli/importCatalog.ts');
    const run = (args: string[]) => spawn(process.execPath, ['--import', 'tsx', cli, '--data-dir', dataDir, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      expect(search(serviceStore, ['bulk']).total).toBe(0);
      const child = run(['--progress-ms=0', file]);
      // Killed after its first committed batch (progress is reported after each commit).
      await new Promise<void>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => {
          if (/\d+ records,/.test(chunk.toString())) resolve();
        });
        child.once('exit', (code) => reject(new Error(`the import ended (${code}) before it could be killed`)));
      });
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));

      const killed = await openDatabase(dataDir);
      try {
        const before = snapshot(killed.sqlite);
        // It was stopped mid-load: indexes dropped, the load recorded, some batches committed.
        expect(before.loading).toBeDefined();
        expect(before.indexes.map((i) => (i as { name: string }).name)).not.toContain('catalog_documents_match');
        expect(before.documents.length).toBeGreaterThan(0);
        expect(before.documents.length).toBeLessThan(20_000);

        const store = catalogStoreOf(killed.sqlite); // opening the catalog finishes the load
        const after = snapshot(killed.sqlite);
        expect(after.loading).toBeUndefined();
        const fresh = await openDatabase(mkdtempSync(path.join(dir, 'fresh-')));
        expect(after.indexes).toEqual(snapshot(fresh.sqlite).indexes);
        await fresh.close();
        // Every committed row: its identifiers indexed, searchable, found by identifier.
        const derived = (after.documents as { seq: number; data: string }[])
          .flatMap((d) => normalisedIdentifiers(JSON.parse(d.data).identifiers).map(([kind, value]) => ({ kind, value, catalog_seq: d.seq })))
          .sort((a, b) => a.kind.localeCompare(b.kind) || (a.value < b.value ? -1 : a.value > b.value ? 1 : a.catalog_seq - b.catalog_seq));
        expect(after.identifiers).toEqual(derived);
        expect(after.searchable).toBe(after.documents.length);
        const last = after.documents.at(-1) as { title: string; data: string };
        const lastDoi = JSON.parse(last.data).identifiers?.doi as string | undefined;
        if (lastDoi) expect(store.byIdentifier('doi', lastDoi)?.title).toBe(last.title);
        expect(search(store, ['bulk']).total).toBe(after.documents.length);
        expect(search(serviceStore, ['bulk']).total).toBe(after.documents.length);
      } finally {
        await killed.close();
      }

      // Run again: the committed records merge, the rest are added, nothing twice.
      const again = run([file]);
      let out = '';
      again.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      expect(await new Promise((resolve) => again.once('exit', resolve))).toBe(0);
      const whole = await openDatabase(mkdtempSync(path.join(dir, 'whole-')));
      try {
        await importFileStreaming(catalogStoreOf(whole.sqlite), file, { bulk: false });
        const expected = snapshot(whole.sqlite).documents.length;
        expect(out).toContain(`catalog holds ${expected} documents`);
        expect(search(serviceStore, ['bulk']).total).toBe(expected);
      } finally {
        await whole.close();
      }
    } finally {
      await service.close();
    }
  }, 300_000);
});
