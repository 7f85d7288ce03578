import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runImportCli } from './importCatalog.ts';
import { openDatabase } from '../../storage/database.ts';
import { catalogStoreOf } from '../catalogStore.ts';
import { formatRis } from '../../../shared/ris/formatRis.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-import-'));
const fixtures = new URL('../../../shared/bibtex/fixtures/', import.meta.url);

describe('catalog:import', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports BibTeX, RIS and CSL-JSON files, reporting counts, merges and per-entry errors', async () => {
    const ris = path.join(dir, 'more.ris');
    // The same work as the BibTeX entry "Letters" (title, year, first author): merged, not added.
    writeFileSync(ris, formatRis([{ title: 'Letters', type: 'journal', year: 1980, authors: [{ last_name: 'Emch', first_name: 'G.' }], pages: '22-23' }, { title: 'A new one', type: 'book', year: 2000 }]));
    const csl = path.join(dir, 'items.json');
    writeFileSync(csl, JSON.stringify([{ type: 'article-journal', title: 'From CSL', DOI: '10.5555/12345678' }, { type: 'book' }]));
    const dataDir = path.join(dir, 'data');
    const result = await runImportCli(['--data-dir', dataDir, new URL('tugboat-excerpt.bib', fixtures).pathname, new URL('r-bibtex-broken.bib', fixtures).pathname, ris, csl]);
    expect(result.exitCode).toBe(0);
    const out = result.lines.join('\n');
    expect(out).toContain('tugboat-excerpt.bib (bibtex): 2 records, 2 added, 0 merged, 0 errors');
    expect(out).toContain('r-bibtex-broken.bib (bibtex): 3 records, 3 added, 0 merged, 2 errors');
    expect(out).toMatch(/r-bibtex-broken\.bib:11: .*not closed/);
    expect(out).toContain('more.ris (ris): 2 records, 1 added, 1 merged, 0 errors');
    expect(out).toMatch(/items\.json:\d+: item 2: item has no title/);
    expect(out).toContain('Total: 8 records, 7 added, 1 merged, 3 errors; catalog holds 7 documents');

    const database = await openDatabase(dataDir);
    try {
      const store = catalogStoreOf(database.sqlite);
      expect(store.byIdentifier('doi', '10.5555/12345678')?.title).toBe('From CSL');
      expect(store.search.search({ terms: ['diaz'] }, { offset: 0, limit: 5, withTotal: true }).total).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('exits 1 for an unreadable file and 2 for wrong usage', async () => {
    const missing = await runImportCli(['--data-dir', path.join(dir, 'data2'), path.join(dir, 'nope.bib')]);
    expect(missing.exitCode).toBe(1);
    expect(missing.lines[0]).toMatch(/cannot be read/);
    expect((await runImportCli(['--data-dir', dir])).exitCode).toBe(2);
    expect((await runImportCli(['--bogus', 'x.bib'])).exitCode).toBe(2);
    // A database that is not a postgres:// URL is refused as the service refuses it, before anything opens.
    const notPostgres = await runImportCli(['--data-dir', dir, '--database=mysql://db/refshelf', 'x.bib']);
    expect(notPostgres).toEqual({ exitCode: 2, lines: ['Database URL must start with postgres://, got mysql://'] });
  });
});
