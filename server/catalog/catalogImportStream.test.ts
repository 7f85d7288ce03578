// The streamed import reads files in small chunks here, so every record boundary, macro
// and line number is carried across many chunks, as in a 1 GB file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../storage/database.ts';
import { CatalogStore } from './catalogStore.ts';
import { importFileStreaming, type ImportProgress } from './catalogImportStream.ts';
import { importText } from './catalogImport.ts';
import { formatRis } from '../../shared/ris/formatRis.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const small = { chunkChars: 2000, pieceBytes: 700 };

let database: OpenedDatabase;
let store: CatalogStore;
beforeEach(async () => {
  database = await openDatabase(mkdtempSync(path.join(dir, 'db-')));
  store = new CatalogStore(database.sqlite);
});
afterEach(async () => database.close());

function bibtexEntry(i: number): string {
  return `@article{key${i},\n  title = {Streaming study number ${i}},\n  author = {Ngata, Aroha and Kowalski, Jan},\n  journal = jnl,\n  year = {${1990 + (i % 30)}},\n  doi = {10.5555/stream.${i}}\n}\n`;
}

describe('importFileStreaming', () => {
  it('imports a BibTeX file chunk by chunk: every record, macros from the first chunk, errors at their own lines', async () => {
    const lines: string[] = ['% a generated file', '@string{jnl = {Journal of Streams}}', ''];
    let brokenLine = 0;
    for (let i = 0; i < 300; i++) {
      if (i === 217) {
        brokenLine = lines.length + 1;
        lines.push('@article{broken,', '  title = {Never closed', '');
      }
      lines.push(...bibtexEntry(i).split('\n'));
    }
    const file = path.join(dir, 'many.bib');
    writeFileSync(file, lines.join('\n'));
    const progress: ImportProgress[] = [];
    const report = await importFileStreaming(store, file, { ...small, onProgress: (p) => progress.push(p), progressEveryMs: 0 });
    expect(report).toMatchObject({ format: 'bibtex', records: 300, added: 300, merged: 0 });
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]!.line).toBe(brokenLine);
    expect(store.count()).toBe(300);
    const last = store.byIdentifier('doi', '10.5555/stream.299');
    expect(last?.title).toBe('Streaming study number 299');
    expect(JSON.parse(last!.data).source).toBe('Journal of Streams');
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.at(-1)!.records).toBeLessThanOrEqual(300);
  });

  it('gives the same catalog as reading the file whole', async () => {
    const text = Array.from({ length: 120 }, (_, i) => bibtexEntry(i)).join('\n').replace(/jnl/g, '{Journal}');
    const file = path.join(dir, 'same.bib');
    writeFileSync(file, text);
    const streamed = await importFileStreaming(store, file, small);
    const otherDatabase = await openDatabase(mkdtempSync(path.join(dir, 'db-')));
    const whole = await importText(new CatalogStore(otherDatabase.sqlite), file, text);
    await otherDatabase.close();
    expect({ ...streamed, errorCount: undefined }).toEqual({ ...whole, errorCount: undefined });
  });

  it('reads Latin-1 chunks of an older file', async () => {
    const file = path.join(dir, 'latin1.bib');
    writeFileSync(file, Buffer.from('@book{k,\n  title = {Économie générale},\n  year = {1970}\n}\n', 'latin1'));
    const report = await importFileStreaming(store, file, small);
    expect(report.records).toBe(1);
    expect(store.byTitleKey('Économie générale')).toHaveLength(1);
  });

  it('imports RIS records across chunk boundaries', async () => {
    const records = Array.from({ length: 150 }, (_, i) => ({ title: `RIS work ${i}`, type: 'book' as const, year: 2000 + (i % 20), authors: [{ last_name: `Author${i}` }] }));
    const file = path.join(dir, 'many.ris');
    writeFileSync(file, formatRis(records));
    const report = await importFileStreaming(store, file, small);
    expect(report).toMatchObject({ format: 'ris', records: 150, added: 150 });
    expect(store.byTitleKey('RIS work 149')).toHaveLength(1);
  });

  it('imports a CSL-JSON array item by item, naming a bad item by its position and line', async () => {
    const items: unknown[] = Array.from({ length: 200 }, (_, i) => ({ type: 'article-journal', title: `CSL {work} "${i}"`, DOI: `10.5555/csl.${i}` }));
    items.splice(150, 0, { type: 'book' });
    const text = `[\n${items.map((item) => JSON.stringify(item, null, 1)).join(',\n')}\n]\n`;
    const file = path.join(dir, 'items.json');
    writeFileSync(file, text);
    const report = await importFileStreaming(store, file, small);
    expect(report).toMatchObject({ format: 'csl-json', records: 200, added: 200 });
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]!.message).toMatch(/^item 151: /);
    expect(text.split('\n')[report.errors[0]!.line - 1]).toBe('{');
    expect(text.split('\n')[report.errors[0]!.line]).toContain('"type": "book"');
    expect(store.byIdentifier('doi', '10.5555/csl.199')?.title).toBe('CSL {work} "199"');
  });
});
