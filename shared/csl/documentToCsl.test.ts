import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '../schemas/document.ts';
import { cslNameOf, documentToCsl } from './documentToCsl.ts';

describe('documentToCsl', () => {
  it('gives every document type a CSL type', () => {
    const types = Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, documentToCsl({ title: 'T', type }).type]));
    expect(types).toEqual({
      journal: 'article-journal', book: 'book', generic: 'document', book_section: 'chapter', conference_proceedings: 'paper-conference',
      working_paper: 'report', report: 'report', web_page: 'webpage', thesis: 'thesis', magazine_article: 'article-magazine',
      statute: 'legislation', patent: 'patent', newspaper_article: 'article-newspaper', computer_program: 'software', hearing: 'hearing',
      television_broadcast: 'broadcast', encyclopedia_article: 'entry-encyclopedia', case: 'legal_case', film: 'motion_picture', bill: 'bill',
    });
  });

  it('maps the fields of a journal article, dates to the day, and identifiers', () => {
    expect(documentToCsl({
      id: 'd1', title: 'T', type: 'journal', source: 'J', year: 2020, month: 3, day: 9, volume: '4', issue: '2', pages: '1-9',
      authors: [{ last_name: 'Doe', first_name: 'Jane' }], abstract: 'A', keywords: ['k1', 'k2, with comma'], language: 'en', short_title: 'Short',
      websites: ['https://example.org/a', 'https://example.org/b'], accessed: '2024-01-31T10:00:00Z', citation_key: 'doe2020',
      identifiers: { doi: '10.1/x', issn: '1234-5678', pmid: '123', isbn: '9780000000002' },
    })).toEqual({
      id: 'd1', type: 'article-journal', title: 'T', 'container-title': 'J', issued: { 'date-parts': [[2020, 3, 9]] }, volume: '4', issue: '2', page: '1-9',
      author: [{ family: 'Doe', given: 'Jane' }], abstract: 'A', keyword: 'k1, k2, with comma', language: 'en', 'title-short': 'Short',
      URL: 'https://example.org/a', accessed: { 'date-parts': [[2024, 1, 31]] }, 'citation-key': 'doe2020',
      DOI: '10.1/x', ISSN: '1234-5678', PMID: '123', ISBN: '9780000000002',
    });
  });

  it('keeps source out of the container for types that have none, and report numbers as number', () => {
    expect(documentToCsl({ title: 'T', type: 'generic', source: 'S' })).not.toHaveProperty('container-title');
    expect(documentToCsl({ title: 'T', type: 'report', issue: 'TR-7', institution: 'MIT', source: 'Lab reports' })).toMatchObject({ number: 'TR-7', publisher: 'MIT', 'collection-title': 'Lab reports' });
    expect(documentToCsl({ title: 'T', type: 'report', issue: 'TR-7' })).not.toHaveProperty('issue');
    expect(documentToCsl({ title: 'T', type: 'thesis', institution: 'MIT', genre: 'PhD thesis', pages: '212' })).toMatchObject({ publisher: 'MIT', genre: 'PhD thesis', 'number-of-pages': '212' });
    expect(documentToCsl({ title: 'T', type: 'working_paper', institution: 'NBER', issue: 'w123' })).toMatchObject({ type: 'report', genre: 'Working paper', number: 'w123', publisher: 'NBER' });
    expect(documentToCsl({ title: 'T', type: 'patent', source: 'U.S. Patent and Trademark Office', patent_application_number: 'US 1', country: 'US', patent_legal_status: 'granted' }))
      .toMatchObject({ number: 'US 1', jurisdiction: 'US', authority: 'U.S. Patent and Trademark Office', publisher: 'U.S. Patent and Trademark Office', status: 'granted' });
    expect(documentToCsl({ title: 'T', type: 'thesis', source: 'MIT' })).toMatchObject({ publisher: 'MIT' });
    expect(documentToCsl({ title: 'T', type: 'thesis', source: 'MIT' })).not.toHaveProperty('container-title');
    expect(documentToCsl({ title: 'T', type: 'film', source: 'Warner Bros.' })).toMatchObject({ publisher: 'Warner Bros.' });
    expect(documentToCsl({ title: 'T', type: 'hearing', source: 'Committee on Finance' })).toMatchObject({ authority: 'Committee on Finance' });
    expect(documentToCsl({ title: 'T', type: 'computer_program', source: 'Linux' })).toMatchObject({ medium: 'Linux' });
    expect(documentToCsl({ title: 'T', type: 'case', source: 'U.S.', volume: '347', pages: '483', institution: 'Supreme Court' })).toMatchObject({ 'container-title': 'U.S.', volume: '347', page: '483', authority: 'Supreme Court' });
    expect(documentToCsl({ title: 'T', type: 'statute', code: 'U.S.C.' })).toMatchObject({ 'container-title': 'U.S.C.' });
  });

  it('maps book fields: edition (string or list), series, publisher place, chapter, translators, series editor', () => {
    expect(documentToCsl({ title: 'T', type: 'book_section', source: 'Book', edition: ['2', 'rev.'], series: 'Lecture Notes', publisher: 'P', city: 'Berlin', chapter: '3', translators: [{ last_name: 'T', first_name: 'A' }], editors: [{ last_name: 'E', first_name: 'B' }], series_editor: 'Jane Roe' }))
      .toMatchObject({ 'container-title': 'Book', edition: '2, rev.', 'collection-title': 'Lecture Notes', publisher: 'P', 'publisher-place': 'Berlin', 'chapter-number': '3', translator: [{ family: 'T', given: 'A' }], editor: [{ family: 'E', given: 'B' }], 'collection-editor': [{ literal: 'Jane Roe' }] });
  });

  it('maps software versions, media, genres, and films to directors', () => {
    expect(documentToCsl({ title: 'T', type: 'computer_program', revision: '1.2', medium: 'Online', genre: 'Computer software' })).toMatchObject({ version: '1.2', medium: 'Online', genre: 'Computer software' });
    const film = documentToCsl({ title: 'T', type: 'film', authors: [{ last_name: 'Nolan', first_name: 'Christopher' }] });
    expect(film).toMatchObject({ director: [{ family: 'Nolan', given: 'Christopher' }] });
    expect(film).not.toHaveProperty('author');
  });

  it('keeps arXiv preprints as preprints with their id', () => {
    expect(documentToCsl({ title: 'T', type: 'working_paper', identifiers: { arxiv: '1810.04805' } })).toMatchObject({ type: 'article', publisher: 'arXiv', number: 'arXiv:1810.04805', URL: 'https://arxiv.org/abs/1810.04805' });
    expect(documentToCsl({ title: 'T', type: 'journal', source: 'Nature', identifiers: { arxiv: '1810.04805', doi: '10.1/x' } })).toMatchObject({ type: 'article-journal', DOI: '10.1/x' });
  });

  it('splits names into particles, suffixes and literal bodies', () => {
    expect(cslNameOf({ last_name: 'King', first_name: 'Martin Luther', suffix: 'Jr.' })).toEqual({ family: 'King', given: 'Martin Luther', suffix: 'Jr.' });
    expect(cslNameOf({ last_name: 'King, Jr.', first_name: 'Martin Luther' })).toEqual({ family: 'King', given: 'Martin Luther', suffix: 'Jr.' });
    expect(cslNameOf({ last_name: 'Gates III', first_name: 'William H.' })).toEqual({ family: 'Gates', given: 'William H.', suffix: 'III' });
    expect(cslNameOf({ last_name: 'van der Waals', first_name: 'Johannes' })).toEqual({ 'non-dropping-particle': 'van der', family: 'Waals', given: 'Johannes' });
    expect(cslNameOf({ last_name: 'de la Peña', first_name: 'Luis' })).toEqual({ 'non-dropping-particle': 'de la', family: 'Peña', given: 'Luis' });
    expect(cslNameOf({ last_name: "d'Alembert", first_name: 'Jean' })).toEqual({ family: "d'Alembert", given: 'Jean' });
    expect(cslNameOf({ last_name: 'R Core Team' })).toEqual({ literal: 'R Core Team' });
    expect(cslNameOf({ last_name: 'Plato' })).toEqual({ family: 'Plato' });
    expect(cslNameOf({ last_name: 'García Márquez', first_name: 'Gabriel' })).toEqual({ family: 'García Márquez', given: 'Gabriel' });
  });
});
