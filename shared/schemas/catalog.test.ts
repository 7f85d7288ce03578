import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  CatalogDocument, CatalogLookupQuery, CatalogSearchQuery, fieldsOfCatalogView, MetadataLookupResult,
} from './catalog.ts';

describe('catalog schemas', () => {
  it('accepts a catalog document with stats', () => {
    expect(Value.Check(CatalogDocument, {
      id: 'c1', title: 'On bees', type: 'journal', year: 2001, link: 'https://cat/c1',
      identifiers: { doi: '10.1/x' }, authors: [{ last_name: 'Smith', first_name: 'A' }],
      reader_count: 12, group_count: 1, reader_count_by_country: { Italy: 3 },
      reader_count_by_academic_status: { Professor: 2 }, reader_count_by_subdiscipline: { Biology: { Ecology: 2 } },
      imported: true, has_pdf: false, month: 12,
    })).toBe(true);
  });

  it('keeps the document bounds: month 13, negative counts and unknown types are refused', () => {
    const base = { id: 'c1', title: 'T' };
    expect(Value.Check(CatalogDocument, { ...base, month: 13 })).toBe(false);
    expect(Value.Check(CatalogDocument, { ...base, reader_count: -1 })).toBe(false);
    expect(Value.Check(CatalogDocument, { ...base, type: 'poem' })).toBe(false);
    expect(Value.Check(CatalogDocument, { ...base, reader_count_by_discipline: { Biology: 1.5 } })).toBe(false);
    expect(Value.Check(CatalogDocument, { id: 'c1' })).toBe(false);
  });

  it('lists the fields of each view', () => {
    expect(fieldsOfCatalogView('stats').has('reader_count_by_country')).toBe(true);
    expect(fieldsOfCatalogView('stats').has('pages')).toBe(false);
    expect(fieldsOfCatalogView(undefined).has('link')).toBe(true);
    expect(fieldsOfCatalogView('client')).toContain('imported');
    expect(fieldsOfCatalogView('all').has('has_pdf')).toBe(true);
  });

  it('bounds the lookup and search queries', () => {
    expect(Value.Check(CatalogLookupQuery, { doi: '10.1/x', view: 'stats' })).toBe(true);
    expect(Value.Check(CatalogLookupQuery, { filehash: 'abc', view: 'tags' })).toBe(false);
    expect(Value.Check(CatalogSearchQuery, { query: 'bees', limit: 100 })).toBe(true);
    expect(Value.Check(CatalogSearchQuery, { query: 'bees', limit: 101 })).toBe(false);
    expect(Value.Check(CatalogSearchQuery, { title: 'bees', min_year: 1990, open_access: true })).toBe(true);
  });

  it('bounds the metadata lookup score at 100', () => {
    expect(Value.Check(MetadataLookupResult, { catalog_id: 'c1', score: 100 })).toBe(true);
    expect(Value.Check(MetadataLookupResult, { catalog_id: 'c1', score: 101 })).toBe(false);
    expect(Value.Check(MetadataLookupResult, { score: 50 })).toBe(false);
  });
});
