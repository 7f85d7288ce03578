import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseBibtex } from '../../../shared/bibtex/parseBibtex.ts';
import { parseRis } from '../../../shared/ris/parseRis.ts';
import { testImporter } from './importTesting.ts';

const BIB = String.raw`@article{knuth1984,
  author = {Donald E. Knuth},
  title = {Literate Programming},
  journal = {The Computer Journal},
  year = 1984, volume = 27, number = 2, pages = {97--111},
  doi = {10.1093/comjnl/27.2.97}
}

@article{broken,
  author = {Nobody},
  title = {An entry that never ends
  year = 2000,

@book{lamport1994,
  author = {Leslie Lamport and Jane Q. Public},
  title = {{\LaTeX}: A Document Preparation System},
  publisher = {Addison-Wesley}, year = 1994,
  isbn = {0-201-52983-1}
}
`;

const RIS = `TY  - JOUR
AU  - Hopper, Grace M.
TI  - The Education of a Computer
T2  - Proceedings of the ACM National Meeting
PY  - 1952
SP  - 243
EP  - 249
ER  - 

TY  - JOUR
TI  - 
ER  - 
`;

describe('BibTeX and RIS in and out', () => {
  let t: ReturnType<typeof testImporter>;
  afterEach(async () => {
    await t.dispose();
  });

  it('imports a .bib file, reporting a broken entry with its line and importing the others', async () => {
    t = testImporter();
    const file = path.join(t.dir, 'refs.bib');
    writeFileSync(file, BIB);
    const report = await t.importer.importPaths([file]);
    expect(report.files[0]).toMatchObject({ file: 'refs.bib', status: 'warning', records: 2 });
    expect(report.files[0]!.problems).toEqual([expect.objectContaining({ line: 9 })]);
    const titles = t.replica.listDocuments({ sort: 'title' }).map((d) => d.title);
    expect(titles).toEqual(['LaTeX: A Document Preparation System', 'Literate Programming']);
  });

  it('imports a .ris file and reports the record without a title', async () => {
    t = testImporter();
    const file = path.join(t.dir, 'refs.ris');
    writeFileSync(file, RIS);
    const report = await t.importer.importPaths([file]);
    expect(report.files[0]).toMatchObject({ status: 'warning', records: 1, problems: [expect.objectContaining({ line: 10 })] });
    expect(t.replica.listDocuments()[0]).toMatchObject({ title: 'The Education of a Computer', year: 1952, authors: [{ last_name: 'Hopper', first_name: 'Grace M.' }], confirmed: false });
  });

  it('exports the library, a folder and a selection to BibTeX and RIS that read back the same', async () => {
    t = testImporter();
    const file = path.join(t.dir, 'refs.bib');
    writeFileSync(file, BIB);
    await t.importer.importPaths([file]);
    const [latex, knuth] = t.replica.listDocuments({ sort: 'title' });
    const folder = t.replica.createFolder({ name: 'Classics' });
    t.replica.addDocumentToFolder(folder.id, knuth!.id);

    const { exportBibliography } = await import('./bibliographyExport.ts');
    const all = await exportBibliography(t.replica, { format: 'bibtex', scope: { library: true }, path: path.join(t.dir, 'out.bib') });
    expect(all).toMatchObject({ count: 2, fileName: 'library.bib' });
    expect(readFileSync(all.path!, 'utf8')).toBe(all.text);
    const back = parseBibtex(all.text);
    expect(back.errors).toEqual([]);
    expect(back.records.map((r) => r.document)).toEqual(expect.arrayContaining([
      expect.objectContaining({ title: 'Literate Programming', year: 1984, volume: '27', issue: '2', pages: '97-111', identifiers: { doi: '10.1093/comjnl/27.2.97' } }),
      expect.objectContaining({ title: 'LaTeX: A Document Preparation System', type: 'book', publisher: 'Addison-Wesley' }),
    ]));

    const inFolder = await exportBibliography(t.replica, { format: 'ris', scope: { folderId: folder.id } });
    expect(inFolder).toMatchObject({ count: 1, fileName: 'Classics.ris' });
    expect(parseRis(inFolder.text).records[0]!.document).toMatchObject({ title: 'Literate Programming', source: 'The Computer Journal', year: 1984 });

    const selection = await exportBibliography(t.replica, { format: 'ris', scope: { ids: [latex!.id] } });
    expect(parseRis(selection.text).records.map((r) => r.document.title)).toEqual(['LaTeX: A Document Preparation System']);
    await expect(exportBibliography(t.replica, { format: 'ris', scope: { ids: ['nope'] } })).rejects.toThrow(/not in the library/);
  });
});
