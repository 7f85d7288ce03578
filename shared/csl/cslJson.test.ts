import { describe, expect, it } from 'vitest';
import { cslTypeOf, documentToCsl, documentTypeOfCsl, parseCslJson } from './cslJson.ts';
import { DOCUMENT_TYPES } from '../schemas/document.ts';

describe('CSL-JSON', () => {
  it('reads items, reporting the bad ones by index and line', () => {
    const text = JSON.stringify([
      { id: 'a', type: 'article-journal', title: 'Good one', author: [{ family: 'Doe', given: 'Jane' }, { literal: 'CERN' }], issued: { 'date-parts': [[2019, 7, 2]] }, DOI: 'https://doi.org/10.1000/abc', 'container-title': 'Nature', page: '1–9' },
      { id: 'b', type: 'book' },
      'not an item',
      { id: 'c', type: 'chapter', title: 'Third', author: [{ family: 'Beethoven', 'non-dropping-particle': 'van', given: 'Ludwig' }], URL: 'https://arxiv.org/abs/2101.00001' },
    ], null, 2);
    const { records, errors } = parseCslJson(text);
    expect(records.map((r) => r.key)).toEqual(['a', 'c']);
    expect(records[0]!.document).toMatchObject({ title: 'Good one', type: 'journal', year: 2019, month: 7, day: 2, pages: '1-9', source: 'Nature', identifiers: { doi: '10.1000/abc' }, authors: [{ last_name: 'Doe', first_name: 'Jane' }, { last_name: 'CERN' }] });
    expect(records[1]).toMatchObject({ openAccess: true, document: { type: 'book_section', identifiers: { arxiv: '2101.00001' }, authors: [{ last_name: 'van Beethoven' }] } });
    expect(errors.map((e) => e.message)).toEqual(['item 2: item has no title', 'item 3: item is not an object']);
    expect(errors[0]!.line).toBe(text.split('\n').findIndex((l) => l.includes('"b"')));
  });

  it('answers a clear problem for text that is not JSON', () => {
    expect(parseCslJson('[{"title": ').errors[0]!.message).toMatch(/not valid JSON/);
  });

  it('round-trips document fields and types', () => {
    const doc = { title: 'T', type: 'report' as const, citation_key: 'a2001', year: 2001, month: 2, authors: [{ last_name: 'A', first_name: 'B', suffix: 'Jr.' }], series: 'S', pages: '3-4', volume: '1', issue: '2', publisher: 'P', city: 'C', identifiers: { doi: '10.1000/x', isbn: '123456789X' }, keywords: ['k1', 'k2'], abstract: 'Abs', websites: ['https://x.org'] };
    const [record] = parseCslJson(JSON.stringify([documentToCsl(doc)])).records;
    expect(record!.document).toEqual(doc);
    for (const type of DOCUMENT_TYPES) {
      const [typed] = parseCslJson(JSON.stringify([documentToCsl({ title: 'T', type })])).records;
      expect(typed!.document.type).toBe(type);
    }
    expect(documentTypeOfCsl(cslTypeOf('journal'))).toBe('journal');
  });
});
