// BibTeX and RIS as people round-trip them: the import fixes (crossref and xdata, @preamble
// macros, undefined @string warnings, title-less and control entries, each name case) and
// the export fixes (corporate authors, types, howpublished, keywords, suffixes, RIS
// institution and ISBN), re-read by the project's parsers and, when Debian's
// python3-pybtex is installed, by pybtex.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatBibtex } from '../../../shared/bibtex/formatBibtex.ts';
import { parseBibtex } from '../../../shared/bibtex/parseBibtex.ts';
import type { RecordFields } from '../../../shared/bibtex/importedRecord.ts';
import { formatRis } from '../../../shared/ris/formatRis.ts';
import { parseRis } from '../../../shared/ris/parseRis.ts';

describe('BibTeX import', () => {
  it('resolves crossref (the parent title as booktitle) and xdata inheritance', () => {
    const { records, warnings } = parseBibtex(`
@inproceedings{child, author = {Doe, Jane}, title = {A paper}, pages = {1--9}, crossref = {proc}}
@proceedings{proc, title = {Proceedings of the Tenth Workshop}, year = 2011, publisher = {ACM}, address = {New York}}
@xdata{acm, publisher = {ACM Press}, location = {Boston}}
@book{withxdata, title = {A book}, year = 2001, xdata = {acm}}
@inproceedings{orphan, title = {Lost}, crossref = {nowhere}}`);
    expect(records.map((r) => r.key)).toEqual(['child', 'proc', 'withxdata', 'orphan']);
    expect(records[0]!.document).toMatchObject({ title: 'A paper', source: 'Proceedings of the Tenth Workshop', year: 2011, publisher: 'ACM', city: 'New York', pages: '1-9' });
    expect(records[2]!.document).toMatchObject({ publisher: 'ACM Press', city: 'Boston' });
    expect(warnings).toEqual([{ line: 6, key: 'orphan', message: 'orphan: crossref "nowhere" is not in this file' }]);
  });

  it('resolves crossref chains of any depth, in any order, and reports a loop', () => {
    const { records, warnings } = parseBibtex(`
@inbook{chapter, author = {Doe, Jane}, title = {A chapter}, pages = {10--20}, crossref = {volume2}}
@book{volume2, title = {Volume Two}, volume = 2, crossref = {series}}
@mvbook{series, title = {The Whole Work}, year = 1990, publisher = {Springer}, address = {Berlin}}
@article{loopA, title = {A}, crossref = {loopB}}
@article{loopB, title = {B}, journal = {Round Trips}, crossref = {loopA}}`);
    expect(records[0]!.document).toMatchObject({ title: 'A chapter', source: 'Volume Two', volume: '2', year: 1990, publisher: 'Springer', city: 'Berlin' });
    expect(records[1]!.document).toMatchObject({ title: 'Volume Two', year: 1990, publisher: 'Springer' });
    expect(records[3]!.document).toMatchObject({ title: 'A', source: 'Round Trips' });
    expect(warnings).toEqual([{ line: 6, key: 'loopB', message: 'loopB: crossref "loopA" leads back to this entry; that link is left out' }]);
  });

  it('expands plain macros of the file\'s own @preamble and keeps the others visible', () => {
    const { records } = parseBibtex(`@preamble{ "\\newcommand{\\Dash}{--}\\newcommand{\\noopsort}[1]{}" # "\\newcommand{\\Opt}[1][x]{#1}" }
@article{a, title = {SGML{\\Dash}Questions}, journal = {{\\noopsort{b}}Zebra Letters \\Opt}}`);
    expect(records[0]!.document).toMatchObject({ title: 'SGML–Questions', source: 'Zebra Letters \\Opt' });
  });

  it('keeps an undefined @string as its name, with a warning naming the line', () => {
    const { records, warnings } = parseBibtex('@string{jgr = {J. Geophys. Res.}}\n@article{a, title = {T}, journal = jgr, publisher = agu}');
    expect(records[0]!.document).toMatchObject({ source: 'J. Geophys. Res.', publisher: 'agu' });
    expect(warnings).toEqual([{ line: 2, message: '@string "agu" is not defined; its name is kept as the text' }]);
  });

  it('imports title-less entries with a placeholder and refuses style control entries', () => {
    const { records, errors, warnings } = parseBibtex(`@article{phys, author = {Fermi, E.}, journal = {Phys. Rev.}, volume = 75, pages = 1169, year = 1949}
@phdthesis{empty, author = {Roe, R.}, title = {}, school = {MIT}, year = 1999}
@IEEEtranBSTCTL{IEEEexample:BSTcontrol, CTLuse_article_number = "yes"}
@abnt-options{abnt, usar-negrito = "sim"}`);
    expect(records.map((r) => r.document.title)).toEqual(['Untitled article (phys)', 'Untitled phdthesis (empty)']);
    expect(warnings!.map((w) => w.line)).toEqual([1, 2]);
    expect(errors.map((e) => e.message)).toEqual([
      '@ieeetranbstctl IEEEexample:BSTcontrol sets options of a bibliography style; it is not a reference',
      '@abnt-options abnt sets options of a bibliography style; it is not a reference',
    ]);
  });

  it('reads each hard name case', () => {
    const { records } = parseBibtex(`@article{a, title = {T}, author = {{J{\\"o}rg} Winckler and Smith, John\\ and Doe, Jane and and Timothy Mastny and W.~C.~Reynolds and King, Jr., Martin Luther and {R Core Team}}}`);
    expect(records[0]!.document.authors).toEqual([
      { last_name: 'Winckler', first_name: 'Jörg' }, { last_name: 'Smith', first_name: 'John' }, { last_name: 'Doe', first_name: 'Jane' },
      { last_name: 'Mastny', first_name: 'Timothy' }, { last_name: 'Reynolds', first_name: 'W. C.' },
      { last_name: 'King', first_name: 'Martin Luther', suffix: 'Jr.' }, { last_name: 'R Core Team' },
    ]);
  });
});

const EXPORTED: RecordFields[] = [
  { title: 'R: A language and environment for statistical computing', type: 'computer_program', year: 2023, authors: [{ last_name: 'R Core Team' }], publisher: 'R Foundation', websites: ['https://www.R-project.org/'] },
  { title: 'Coronavirus disease pandemic', type: 'web_page', year: 2023, source: 'World Health Organization', authors: [{ last_name: 'World Health Organization' }], websites: ['https://www.who.int/'] },
  { title: 'Inception', type: 'film', year: 2010, authors: [{ last_name: 'Nolan', first_name: 'Christopher' }] },
  { title: 'Letter from Birmingham jail', type: 'book_section', year: 1963, source: "Why we can't wait", authors: [{ last_name: 'King', first_name: 'Martin Luther', suffix: 'Jr.' }] },
  { title: 'A booklet', type: 'generic', year: 1999, source: 'Distributed at the meeting' },
  { title: 'Turbulence', type: 'journal', year: 1990, source: 'J. Fluid Mech.', keywords: ['Reynolds number, effect of', 'turbulence'], authors: [{ last_name: 'van der Waals', first_name: 'Johannes' }] },
];

const pick = (d: RecordFields) => ({ title: d.title, type: d.type, source: d.source, authors: d.authors, keywords: d.keywords });

describe('BibTeX export, read back', () => {
  it.each(['bibtex', 'biblatex'] as const)('gives the same records through the project\'s parser (%s)', (dialect) => {
    const text = formatBibtex(EXPORTED, { dialect });
    expect(text).toContain('author = {{R Core Team}}');
    expect(text).toContain('author = {King, Jr., Martin Luther}');
    expect(text).toContain('keywords = {Reynolds number, effect of; turbulence}');
    expect(parseBibtex(text).records.map((r) => pick(r.document))).toEqual(EXPORTED.map(pick));
  });

  it('writes web pages, software and films as BibTeX @misc with their kind, and BibLaTeX types', () => {
    expect([...formatBibtex(EXPORTED).matchAll(/^@(\w+)\{/gm)].map((m) => m[1])).toEqual(['misc', 'misc', 'misc', 'inbook', 'misc', 'article']);
    expect(formatBibtex(EXPORTED)).toContain('type = {Computer software}');
    expect([...formatBibtex(EXPORTED, { dialect: 'biblatex' }).matchAll(/^@(\w+)\{/gm)].map((m) => m[1])).toEqual(['software', 'online', 'movie', 'inbook', 'misc', 'article']);
    expect(formatBibtex(EXPORTED)).toContain('howpublished = {Distributed at the meeting}');
  });

  const pybtex = '/usr/bin/python3';
  const hasPybtex = existsSync(pybtex) && (() => {
    try {
      execFileSync(pybtex, ['-c', 'import pybtex'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!hasPybtex)('is read by pybtex as the same people, titles and fields', () => {
    const text = formatBibtex(EXPORTED);
    const script = [
      'import sys, json',
      'from pybtex.database import parse_string',
      "data = parse_string(sys.stdin.read(), 'bibtex')",
      "print(json.dumps([{'type': e.type, 'fields': {k.lower(): str(v) for k, v in e.fields.items()},",
      "  'authors': [{'first': ' '.join(p.first_names + p.middle_names), 'last': ' '.join(p.prelast_names + p.last_names), 'lineage': ' '.join(p.lineage_names)} for p in e.persons.get('author', [])]}",
      '  for e in data.entries.values()]))',
    ].join('\n');
    const read = JSON.parse(execFileSync(pybtex, ['-c', script], { input: text, encoding: 'utf8' })) as { type: string; fields: Record<string, string>; authors: { first: string; last: string; lineage: string }[] }[];
    const ours = parseBibtex(text).records.map((r) => r.document);
    expect(read).toHaveLength(ours.length);
    read.forEach((entry, i) => {
      const mine = ours[i]!;
      expect(entry.fields.title!.replace(/[{}]/g, '').replace(/\\/g, '')).toBe(mine.title.replace(/'/g, "'"));
      expect(entry.authors.map((a) => ({ last_name: a.last.replace(/[{}]/g, ''), ...(a.first ? { first_name: a.first } : {}), ...(a.lineage ? { suffix: a.lineage } : {}) })))
        .toEqual(mine.authors ?? []);
    });
    expect(read[0]!.fields.type).toBe('Computer software');
    expect(read[4]!.fields.howpublished).toBe('Distributed at the meeting');
  });
});

describe('RIS export, read back', () => {
  it('keeps a thesis\'s institution, ISBNs on journal records and suffixes', () => {
    const documents: RecordFields[] = [
      { title: 'A thesis', type: 'thesis', year: 2001, institution: 'University of Oslo', authors: [{ last_name: 'King', first_name: 'Martin', suffix: 'Jr.' }] },
      { title: 'A special issue', type: 'journal', year: 2010, source: 'J', identifiers: { isbn: '9780262033848', issn: '1234-5679' } },
      { title: 'A report', type: 'report', year: 2012, institution: 'NIST', issue: 'TR-1' },
    ];
    const text = formatRis(documents);
    expect(text).toContain('PB  - University of Oslo');
    expect(text).toContain('AU  - King, Martin, Jr.');
    const back = parseRis(text).records.map((r) => r.document);
    expect(back[0]).toMatchObject({ institution: 'University of Oslo', authors: [{ last_name: 'King', first_name: 'Martin', suffix: 'Jr.' }] });
    expect(back[1]!.identifiers).toMatchObject({ isbn: '9780262033848', issn: '1234-5679' });
    expect(back[2]).toMatchObject({ institution: 'NIST', issue: 'TR-1' });
  });
});
