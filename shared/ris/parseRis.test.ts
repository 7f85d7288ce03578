import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRis, parseRisName } from './parseRis.ts';
import { formatRis } from './formatRis.ts';
import { documentTypeOfRis, risTypeOf } from './risTypes.ts';
import { DOCUMENT_TYPES } from '../schemas/document.ts';

describe('parseRis', () => {
  it('reads RIS written by bibutils from a real BibTeX excerpt', () => {
    const { records, errors } = parseRis(readFileSync(new URL('./fixtures/tugboat-excerpt.ris', import.meta.url), 'utf8'));
    expect(errors).toEqual([]);
    expect(records.map((r) => r.key)).toEqual(['Emch:TB1-1-22', 'Diaz:TB2-1-55']);
    expect(records[0]!.document).toMatchObject({
      title: 'Letters', type: 'journal', source: 'TUGboat', year: 1980, month: 10, volume: '1', issue: '1', pages: '22-23',
      authors: [{ last_name: 'Emch', first_name: 'Gérard' }, { last_name: 'Pizer', first_name: 'Arnold' }], identifiers: { issn: '0896-3207' },
    });
  });

  it('reports a record cut short or without a title by its line, and keeps the others', () => {
    const text = ['TY  - JOUR', 'TI  - First', 'ER  - ', 'TY  - BOOK', 'TI  - Never ended', 'TY  - CHAP', 'AU  - Doe, J.', 'ER  - ', 'TY  - RPRT', 'TI  - Last one', 'AB  - Wrapped', 'over two lines', 'ER  - '].join('\n');
    const { records, errors } = parseRis(text);
    expect(records.map((r) => r.document.title)).toEqual(['First', 'Last one']);
    expect(records[1]!.document.abstract).toBe('Wrapped over two lines');
    expect(errors.map((e) => e.line)).toEqual([4, 6]);
  });

  it('round-trips documents through formatRis', () => {
    const docs = [
      {
        title: 'A chapter', type: 'book_section' as const, source: 'The Book', year: 2020, month: 5, day: 17, pages: '10-20', volume: '3', issue: '2',
        authors: [{ last_name: 'García Márquez', first_name: 'Gabriel' }, { last_name: 'UNESCO' }], editors: [{ last_name: 'Ed', first_name: 'Ann' }],
        publisher: 'Pub', city: 'Paris', keywords: ['one', 'two'], abstract: 'About things.', websites: ['https://example.org/x'],
        identifiers: { doi: '10.1000/xyz', isbn: '978-3-16-148410-0', pmid: '123', arxiv: '2001.00001' }, citation_key: 'key1',
      },
      { title: 'Article', type: 'journal' as const, year: 1999, identifiers: { issn: '1234-567X' }, editors: [{ last_name: 'Guest', first_name: 'G.' }] },
    ];
    const { records, errors } = parseRis(formatRis(docs));
    expect(errors).toEqual([]);
    expect(records.map((r) => r.document)).toEqual(docs);
  });

  it('maps every document type to RIS and back', () => {
    for (const type of DOCUMENT_TYPES) expect(documentTypeOfRis(risTypeOf(type))).toBe(type);
  });

  it('reads names written either way', () => {
    expect(parseRisName('Smith, John, Jr.')).toEqual({ last_name: 'Smith', first_name: 'John', suffix: 'Jr.' });
    expect(parseRisName('John Smith')).toEqual({ last_name: 'Smith', first_name: 'John' });
  });
});
