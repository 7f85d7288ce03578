import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../storage/database.ts';
import { CatalogStore } from './catalogStore.ts';
import { matchKey, normaliseIdentifier } from './dedupe.ts';

describe('catalog de-duplication', () => {
  let dir: string;
  let database: OpenedDatabase;
  let store: CatalogStore;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-dedupe-'));
    database = await openDatabase(dir);
    store = new CatalogStore(database.sqlite);
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('normalises identifiers so written variants compare equal', () => {
    expect(normaliseIdentifier('doi', 'https://dx.doi.org/10.1000/ABC')).toBe('10.1000/abc');
    expect(normaliseIdentifier('isbn', '0-201-13447-0')).toBe(normaliseIdentifier('isbn', '978-0-201-13447-6'));
    expect(normaliseIdentifier('arxiv', 'arXiv:2101.00001v3')).toBe('2101.00001');
    expect(matchKey('The Élan: of Things!', 2001, [{ last_name: 'Müller' }])).toBe('the elan of things|2001|muller');
  });

  it('merges by identifier in priority order, filling missing fields without overwriting', () => {
    const first = store.add({ title: 'Paper', type: 'journal', identifiers: { doi: '10.1000/one' }, volume: '1' }, { imported: true });
    const again = store.add({ title: 'Paper (other title)', type: 'journal', identifiers: { doi: 'doi:10.1000/ONE', pmid: '42' }, pages: '5-6', volume: '9' }, { imported: true });
    expect(again).toEqual({ seq: first.seq, merged: true });
    const row = store.bySeq(first.seq)!;
    expect(row.title).toBe('Paper');
    expect(JSON.parse(row.data)).toMatchObject({ volume: '1', pages: '5-6', identifiers: { doi: '10.1000/one', pmid: '42' } });
    expect(store.add({ title: 'Anything', type: 'journal', identifiers: { pmid: '42' } }, { imported: true })).toEqual({ seq: first.seq, merged: true });
  });

  it('does not merge journal articles that share their journal ISSN, but merges books by ISBN', () => {
    const a = store.add({ title: 'Article A', type: 'journal', identifiers: { issn: '0896-3207' } }, { imported: true });
    const b = store.add({ title: 'Article B', type: 'journal', identifiers: { issn: '0896-3207' } }, { imported: true });
    expect(b.merged).toBe(false);
    expect(b.seq).not.toBe(a.seq);
    const book = store.add({ title: 'Book', type: 'book', identifiers: { isbn: '0-201-13447-0' } }, { imported: true });
    expect(store.add({ title: 'Book, 2nd printing', type: 'book', identifiers: { isbn: '9780201134476' } }, { imported: true })).toEqual({ seq: book.seq, merged: true });
  });

  it('falls back to title + year + first author, unless DOIs or pages differ', () => {
    const base = { title: 'On Things', type: 'journal' as const, year: 1990, authors: [{ last_name: 'Smith', first_name: 'A.' }] };
    const a = store.add(base, { imported: true });
    expect(store.add({ ...base, title: 'On things.', authors: [{ last_name: 'SMITH' }] }, { imported: true })).toEqual({ seq: a.seq, merged: true });
    expect(store.add({ ...base, year: 1991 }, { imported: true }).merged).toBe(false);
    expect(store.add({ ...base, title: 'Editorial', pages: '1-2' }, { imported: true }).merged).toBe(false);
    expect(store.add({ ...base, title: 'Editorial', pages: '7-8' }, { imported: true }).merged).toBe(false);
    const withDoi = store.add({ ...base, title: 'Report', identifiers: { doi: '10.1000/r1' } }, { imported: true });
    expect(store.add({ ...base, title: 'Report', identifiers: { doi: '10.1000/r2' } }, { imported: true }).seq).not.toBe(withDoi.seq);
  });
});
