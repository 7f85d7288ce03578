import { describe, expect, it } from 'vitest';
import { baseCitationKey, entryTypeOf, escapeLatex, formatBibtex, formatBibtexEntry } from './formatBibtex.ts';

describe('escapeLatex', () => {
  it('escapes every character TeX would interpret', () => {
    expect(escapeLatex('50% & $5 #1 a_b {x} ~ ^ \\')).toBe('50\\% \\& \\$5 \\#1 a\\_b \\{x\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{}');
  });
  it('keeps Unicode letters and collapses whitespace', () => {
    expect(escapeLatex('  Müller\n  Ørsted ')).toBe('Müller Ørsted');
  });
});

describe('entry types', () => {
  it.each([
    ['journal', 'article'], ['book', 'book'], ['book_section', 'inbook'], ['conference_proceedings', 'inproceedings'],
    ['thesis', 'phdthesis'], ['report', 'techreport'], ['working_paper', 'techreport'], ['web_page', 'misc'],
    ['generic', 'misc'], ['patent', 'patent'], ['magazine_article', 'article'], ['film', 'misc'],
  ])('maps %s to @%s', (type, entry) => {
    expect(entryTypeOf({ type })).toBe(entry);
  });
  it('makes a master thesis by genre', () => {
    expect(entryTypeOf({ type: 'thesis', genre: "Master's thesis" })).toBe('mastersthesis');
  });
});

describe('citation keys', () => {
  it('uses citation_key, else first author and year, else the title', () => {
    expect(baseCitationKey({ title: 'T', citation_key: 'my key,1' })).toBe('mykey1');
    expect(baseCitationKey({ title: 'T', year: 2014, authors: [{ last_name: 'de la Peña' }] })).toBe('delaPena2014');
    expect(baseCitationKey({ title: 'The title', year: 2001 })).toBe('The2001');
    expect(baseCitationKey({ title: '???' })).toBe('Untitled');
  });

  it('keeps keys unique within one export', () => {
    const doc = { title: 'Same', year: 2020, authors: [{ last_name: 'Smith' }] };
    const text = formatBibtex([doc, doc, doc, { ...doc, citation_key: 'Smith2020' }]);
    expect([...text.matchAll(/^@article\{([^,]+),$/gm)].map((m) => m[1])).toEqual(['Smith2020', 'Smith2020a', 'Smith2020b', 'Smith2020c']);
  });
});

describe('formatBibtexEntry', () => {
  it('writes a complete article entry', () => {
    const entry = formatBibtexEntry({
      title: 'Heat & {light} in 100% of cases',
      type: 'journal',
      year: 2014,
      month: 3,
      authors: [{ first_name: 'Ana', last_name: 'Silva' }, { first_name: 'Ben', last_name: 'Jones, Jr' }],
      source: 'J. Phys_Chem',
      volume: '12',
      issue: '3',
      pages: '101-110',
      identifiers: { doi: '10.1000/a_b{c}', issn: '1234-5678', arxiv: '1401.0001' },
      websites: ['http://example.org/a_b?x=1%20'],
      keywords: ['heat', 'light'],
      abstract: 'We measured\nheat.',
      accessed: '2015-02-03',
    });
    expect(entry).toBe([
      '@article{Silva2014,',
      '  author = {Silva, Ana and {Jones, Jr}, Ben},',
      '  title = {{Heat \\& \\{light\\} in 100\\% of cases}},',
      '  journal = {J. Phys\\_Chem},',
      '  year = {2014},',
      '  month = mar,',
      '  volume = {12},',
      '  number = {3},',
      '  pages = {101--110},',
      '  doi = {10.1000/a_b%7Bc%7D},',
      '  issn = {1234-5678},',
      '  eprint = {1401.0001},',
      '  archivePrefix = {arXiv},',
      '  url = {http://example.org/a_b?x=1%20},',
      '  urldate = {2015-02-03},',
      '  keywords = {heat, light},',
      '  abstract = {We measured heat.}',
      '}',
      '',
    ].join('\n'));
  });

  it('uses booktitle for chapters, school for theses and skips absent fields', () => {
    const chapter = formatBibtexEntry({ title: 'Ch', type: 'book_section', source: 'The Book', editors: [{ last_name: 'Ed' }], city: 'Paris', publisher: 'P' });
    expect(chapter).toContain('  booktitle = {The Book}');
    expect(chapter).toContain('  editor = {Ed}');
    expect(chapter).toContain('  address = {Paris}');
    expect(chapter).not.toContain('year');
    const thesis = formatBibtexEntry({ title: 'Th', type: 'thesis', institution: 'MIT', year: 1999 });
    expect(thesis).toContain('  school = {MIT}');
    const report = formatBibtexEntry({ title: 'R', type: 'working_paper', institution: 'NBER' });
    expect(report).toContain('  institution = {NBER}');
    expect(report).toContain('  type = {Working paper}');
  });

  it('separates entries by a blank line', () => {
    expect(formatBibtex([{ title: 'A' }, { title: 'B' }])).toBe('@article{A,\n  title = {{A}}\n}\n\n@article{B,\n  title = {{B}}\n}\n');
    expect(formatBibtex([])).toBe('');
  });
});
