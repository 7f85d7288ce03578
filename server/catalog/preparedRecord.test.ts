// A record's keys, identifiers, data and search text are made once (preparedRecord.ts):
// each must be what the catalog's own rules make, and adding the record must write them.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../storage/database.ts';
import { CatalogStore, type CatalogFields } from './catalogStore.ts';
import { matchKey, normalisedIdentifiers, titleKey } from './dedupe.ts';
import { searchColumns } from './catalogSearch.ts';
import { dataOf, indexedTextOf, prepareRecord } from './preparedRecord.ts';

const rich = {
  title: 'Prepared Once, Written Twice!',
  type: 'book',
  year: 2001,
  source: 'Journal of Preparations',
  authors: [{ last_name: 'Ngáta', first_name: 'Aroha' }, { last_name: 'Kowalski' }],
  editors: [{ last_name: 'Okafor', first_name: 'Chidi' }],
  abstract: 'Words about preparing.',
  keywords: ['threads', 'rows'],
  publisher: 'Loaders Press',
  identifiers: { doi: 'https://doi.org/10.5555/PREP.1', arxiv: '2101.00001v2', isbn: '0-201-13447-0' },
  citation_key: 'ngata2001',
  pages: '1-9',
} as CatalogFields;

describe('prepared records', () => {
  let dir: string;
  let database: OpenedDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-prepared-'));
    database = await openDatabase(dir);
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hold what the catalog rules make of the fields', () => {
    const prepared = prepareRecord(rich, false);
    const { title: _t, type: _ty, year: _y, ...rest } = rich;
    expect(prepared).toEqual({
      title: rich.title, type: 'book', year: 2001,
      // An arXiv id makes the row open access.
      rowOpenAccess: true,
      matchKey: matchKey(rich.title, rich.year, rich.authors), titleKey: titleKey(rich.title),
      data: dataOf(rich), authority: JSON.stringify(rest),
      identifiers: normalisedIdentifiers(rich.identifiers),
      search: searchColumns(indexedTextOf(rich, true)),
    });
    expect(prepareRecord({ title: 'No year', type: 'generic' }).year).toBeNull();
  });

  it('are what adding the record writes: its row, its imported record and its search text', () => {
    const store = new CatalogStore(database.sqlite!);
    const prepared = prepareRecord(rich, false);
    const { seq } = store.add(rich, { imported: true });
    expect(store.bySeq(seq)).toMatchObject({ match_key: prepared.matchKey, title_key: prepared.titleKey, data: prepared.data, open_access: 1, year: 2001 });
    expect(database.sqlite!.prepare('SELECT data FROM catalog_authorities WHERE catalog_seq = ?').pluck().get(seq)).toBe(prepared.authority);
    expect(store.byIdentifier('isbn', '9780201134476')?.seq).toBe(seq);
    for (const word of ['okafor', 'loaders', 'preparing', 'ngata']) {
      expect(store.search.search({ terms: [word] }, { offset: 0, limit: 5, withTotal: true }).seqs).toEqual([seq]);
    }
  });
});
