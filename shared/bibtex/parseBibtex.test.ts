import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBibtex } from './parseBibtex.ts';
import { parseBibtexName, parseBibtexNames } from './bibtexNames.ts';
import { latexToUnicode } from './latexToUnicode.ts';
import { formatBibtex } from './formatBibtex.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseBibtex on real files', () => {
  it('reads Beebe\'s tugboat.bib excerpt: macros, # concatenation, month macros, accents', () => {
    const { records, errors } = parseBibtex(fixture('tugboat-excerpt.bib'));
    expect(errors).toEqual([]);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      key: 'Emch:TB1-1-22',
      document: {
        title: 'Letters', type: 'journal', source: 'TUGboat', year: 1980, month: 10, volume: '1', issue: '1', pages: '22-23',
        authors: [{ first_name: 'Gérard', last_name: 'Emch' }, { first_name: 'Arnold', last_name: 'Pizer' }],
        identifiers: { issn: '0896-3207' }, websites: ['https://tug.org/TUGboat/tb01-1/tb01emch.pdf'],
      },
    });
    expect(records[1]!.document).toMatchObject({ title: 'TeX macro package', month: 2, authors: [{ first_name: 'Max', last_name: 'Díaz' }] });
  });

  it('reports a broken entry with its line and keeps every other entry (R bibtex test files)', () => {
    const { records, errors, warnings } = parseBibtex(fixture('r-bibtex-broken.bib'));
    expect(records.map((r) => r.key)).toEqual(['murdoch:2009', 'brown:1963', 'smith+stanley:1983', 'chambers+cleveland+kleiner+tukey:1983']);
    expect(errors.map((e) => e.line)).toEqual([11]);
    expect(errors[0]!.message).toMatch(/not closed/);
    // A title-less entry is kept with a placeholder title and a warning.
    expect(records[1]!.document).toMatchObject({ title: 'Untitled book (brown:1963)', year: 1963, publisher: 'Prentice-Hall' });
    expect(warnings).toEqual([{ line: 23, key: 'brown:1963', message: '@book brown:1963 has no title: imported as "Untitled book (brown:1963)" for you to complete' }]);
    expect(records[2]!.document).toMatchObject({ pages: '353-368', source: 'Intelligence', year: 1983 });
  });

  it('reports a malformed field with its line and recovers at the next entry', () => {
    const text = ['@article{good1, title = {One}, year = 2001}', '@article{bad,', '  title = {Two},', '  year 2002', '}', '@book{good2, title = "Three" # { and more}}'].join('\n');
    const { records, errors } = parseBibtex(text);
    expect(records.map((r) => r.document.title)).toEqual(['One', 'Three and more']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ line: 4, key: 'bad' });
  });

  it('leaves out pages a bibliography marks unknown ("??")', () => {
    const { records } = parseBibtex(`@article{a, title = {A}, journal = {J}, pages = {??--??}}
@article{b, title = {B}, journal = {J}, pages = {123--??}}
@article{c, title = {C}, journal = {J}, pages = {e1 -- e9}}`);
    expect(records.map((r) => r.document.pages)).toEqual([undefined, '123', 'e1-e9']);
  });

  it('maps identifiers from fields and eprint, and types both ways', () => {
    const { records } = parseBibtex(String.raw`
@misc{a, title = {A preprint}, eprint = {2101.01234v2}, archivePrefix = {arXiv}, doi = {https://doi.org/10.1000/XYZ}}
@inproceedings{b, title = {Paper}, booktitle = {Proc. of Things}, editor = {Smith, Jane}, pmid = {123456}, isbn = {978-3-16-148410-0}}
@phdthesis{c, title = {Thesis}, school = {MIT}, keywords = {alpha; beta gamma; alpha}, url = {https://example.org/t\_1}}
@techreport{d, title = {WP}, type = {Working Paper}, institution = {NBER}, number = {w123}}`);
    expect(records[0]!.document).toMatchObject({ type: 'generic', identifiers: { arxiv: '2101.01234v2', doi: '10.1000/XYZ' } });
    expect(records[0]!.openAccess).toBe(true);
    expect(records[1]!.document).toMatchObject({ type: 'conference_proceedings', source: 'Proc. of Things', editors: [{ last_name: 'Smith', first_name: 'Jane' }], identifiers: { pmid: '123456', isbn: '978-3-16-148410-0' } });
    expect(records[2]!.document).toMatchObject({ type: 'thesis', institution: 'MIT', keywords: ['alpha', 'beta gamma'], websites: ['https://example.org/t_1'] });
    expect(records[3]!.document).toMatchObject({ type: 'working_paper', institution: 'NBER', issue: 'w123' });
  });

  it('reads back what formatBibtex writes', () => {
    const doc = {
      title: 'Über Zahlen & Mengen_1', type: 'journal' as const, year: 1999, month: 3, source: 'Math. Ann.', volume: '12', issue: '3', pages: '1-20',
      authors: [{ last_name: 'von Neumann', first_name: 'John' }, { last_name: 'Łukasiewicz', first_name: 'Jan' }],
      identifiers: { doi: '10.1000/abc_1', arxiv: '9901.00001' }, keywords: ['sets', 'numbers'], abstract: '50% of {all} cases',
    };
    const [record] = parseBibtex(formatBibtex([doc])).records;
    expect(record!.document).toMatchObject(doc);
  });
});

describe('BibTeX names and LaTeX', () => {
  it('reads the three name forms, von parts, Jr parts and corporate names', () => {
    expect(parseBibtexName('Knuth, Donald E.')).toEqual({ last_name: 'Knuth', first_name: 'Donald E.' });
    expect(parseBibtexName('Donald E. Knuth')).toEqual({ last_name: 'Knuth', first_name: 'Donald E.' });
    expect(parseBibtexName('Ludwig van Beethoven')).toEqual({ last_name: 'van Beethoven', first_name: 'Ludwig' });
    expect(parseBibtexName('Steele, Jr, Guy L.')).toEqual({ last_name: 'Steele', first_name: 'Guy L.', suffix: 'Jr' });
    expect(parseBibtexName('{{World Health Organization}}')).toEqual({ last_name: 'World Health Organization' });
    expect(parseBibtexName('{\\"O}zt{\\"u}rk, Ay{\\c{s}}e')).toEqual({ last_name: 'Öztürk', first_name: 'Ayşe' });
    expect(parseBibtexNames('A. One and {Barnes and Noble} and others')).toEqual([{ last_name: 'One', first_name: 'A.' }, { last_name: 'Barnes and Noble' }]);
  });

  it('turns accents and specials into Unicode', () => {
    expect(latexToUnicode("Schr{\\\"o}dinger's {\\'E}cole \\c{c}a \\v{S}koda \\aa{}ngstr\\\"om \\ss")).toBe("Schrödinger's École ça Škoda ångström ß");
    expect(latexToUnicode('\\emph{Deep} -- learning --- \\& more~here')).toBe('Deep – learning — & more here');
    expect(latexToUnicode('Na{\\"\\i}ve {\\o}l \\L{}\\\'od\\\'z')).toBe('Naïve øl Łódź');
  });
});
