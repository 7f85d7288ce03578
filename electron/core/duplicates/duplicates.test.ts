// Duplicates over a library that received the same references from a .bib, a .ris and PDFs:
// found as sets, merged into a master that keeps every file and annotation, tag and folder,
// and a second device converges through the real service.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneUserDevices, allDocumentIds, type Device } from '../sync/syncTesting.ts';
import { createImporter } from '../import/importer.ts';
import { duplicateSetsOf } from './libraryDuplicates.ts';
import { findDuplicateSets, titleSimilarity, type DuplicateCandidate } from './findDuplicates.ts';
import { mergeDuplicates } from './mergeDuplicates.ts';
import { sharedPdfReader } from '../../../shared/node/pdf/isolatedPdfReader.ts';
import { createStagingArea } from '../files/stagingArea.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/node/pdf/fixtures');

const BIB = String.raw`
@article{zhong2019,
  author = {Zhong, Yi and Tibshirani, Robert and Therneau, Terry},
  title = {Approximating the {Cox} Model},
  journal = {Journal of Test Statistics}, volume = 12, pages = {1--20}
}
@article{lamport1986,
  author = {Leslie Lamport}, title = {The Mutual Exclusion Problem}, journal = {Journal of the ACM}, year = 1986,
  doi = {10.1145/5383.5384}
}
@article{editorial2001, author = {Ann Editor}, title = {Editorial}, journal = {Serial Notes}, year = 2001}
@article{editorial2002, author = {Ann Editor}, title = {Editorial}, journal = {Serial Notes}, year = 2002}
`;

const RIS = `TY  - JOUR
AU  - Zhong, Y.
AU  - Tibshirani, R.
TI  - Approximating the Cox model
T2  - Journal of Test Statistics
ER  - 

TY  - JOUR
AU  - Lamport, Leslie
TI  - The mutual exclusion problem: Part I
PY  - 1986
DO  - https://doi.org/10.1145/5383.5384
ER  - 
`;

// PDFs are read in a worker thread that loads pdf.js once per test process (slow on a busy
// machine): wait for it here rather than inside the first test's time limit.
beforeAll(() => sharedPdfReader().ready(), 180_000);

describe('duplicate detection', () => {
  const doc = (id: string, fields: Partial<DuplicateCandidate>): DuplicateCandidate => ({ id, title: '', type: 'journal', added_local: id, ...fields });

  it('joins by identifier in compared forms, and by near-equal title with the same first author and year', () => {
    const sets = findDuplicateSets([
      doc('1', { title: 'A', identifiers: { doi: 'https://doi.org/10.1/ABC' } }),
      doc('2', { title: 'B', identifiers: { doi: '10.1/abc' } }),
      doc('3', { title: 'Approximating the {Cox} Model', authors: [{ last_name: 'Zhong' }], year: 2019 }),
      doc('4', { title: 'Approximating the Cox model.', authors: [{ last_name: 'Zhóng', first_name: 'Y.' }] }),
      doc('5', { title: 'Approximating the Cox model', authors: [{ last_name: 'Zhong' }], year: 2020 }),
      doc('6', { title: 'Approximating the Cox model', authors: [{ last_name: 'Zhong' }], identifiers: { doi: '10.1/other' } }),
      doc('7', { title: 'A book', type: 'book', identifiers: { isbn: '0-201-13447-0' } }),
      doc('8', { title: 'The same book', type: 'book', identifiers: { isbn: '9780201134476' } }),
      doc('9', { title: 'Chapter one', type: 'book_section', identifiers: { isbn: '9780201134476' } }),
      doc('10', { title: 'approximating the cox model' }),
      // Joins the set above (which has no DOI yet); a second DOI then keeps this one out.
      doc('11', { title: 'Approximating the Cox model', authors: [{ last_name: 'Zhong' }], year: 2019, identifiers: { doi: '10.1/third' } }),
    ]);
    expect(sets).toEqual([
      { documentIds: ['1', '2'], reason: 'doi' },
      { documentIds: ['10', '3', '4', '6'], reason: 'title' },
      { documentIds: ['7', '8'], reason: 'isbn' },
    ]);
  });

  it('title similarity tolerates markup and case, not different words', () => {
    expect(titleSimilarity('Approximating the {Cox} Model', 'approximating the cox model')).toBe(1);
    expect(titleSimilarity('Rcpp Extending', 'Extending Rcpp')).toBeLessThan(0.9);
    expect(titleSimilarity('The Mutual Exclusion Problem', 'The mutual exclusion problem: Part I')).toBeLessThan(0.9);
  });
});

describe('duplicates in a synced library', () => {
  const { device } = oneUserDevices();
  const dir = mkdtempSync(path.join(tmpdir(), 'refshelf-duplicates-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function importInto(d: Device, files: string[]) {
    const importer = createImporter({
      replica: d.replica, fileStore: d.fileStore, api: d.api, staging: createStagingArea(path.join(d.dir, 'staging')),
      onChanged: () => {}, onProgress: () => {}, canLookup: () => false,
    });
    try {
      const report = await importer.importPaths(files);
      await importer.idle();
      return report;
    } finally {
      await importer.stop();
    }
  }

  it('finds the sets, merges one keeping every file, annotation, tag and folder, and a second device converges', async () => {
    writeFileSync(path.join(dir, 'refs.bib'), BIB);
    writeFileSync(path.join(dir, 'refs.ris'), RIS);
    copyFileSync(path.join(fixtures, 'survival-approximate.pdf'), path.join(dir, 'approximate.pdf'));
    copyFileSync(path.join(fixtures, 'rcpp-extending.pdf'), path.join(dir, 'rcpp.pdf'));
    const a = device();
    const report = await importInto(a, [path.join(dir, 'refs.bib'), path.join(dir, 'refs.ris'), path.join(dir, 'approximate.pdf'), path.join(dir, 'rcpp.pdf')]);
    expect(report.files.every((f) => f.status !== 'failed')).toBe(true);

    const sets = duplicateSetsOf(a.replica, null);
    const titlesOf = (ids: string[]) => ids.map((id) => a.replica.getDocument(id)!.title);
    expect(sets.map((s) => ({ reason: s.reason, titles: s.members.map((m) => m.document.title) }))).toEqual([
      { reason: 'title', titles: ['Approximating the Cox Model', 'Approximating the Cox model', expect.stringMatching(/^Approximating the Cox Model/i)] },
      { reason: 'doi', titles: ['The Mutual Exclusion Problem', 'The mutual exclusion problem: Part I'] },
    ]);
    let [bibCox, risCox, pdfCox] = sets[0]!.members.map((m) => m.document.id) as [string, string, string];
    expect(sets[0]!.members.map((m) => m.files)).toEqual([0, 0, 1]);

    // What the user made of the copies: a highlight and a note on the PDF's, a note on the
    // .bib's, tags and a folder on the .ris's.
    const [pdfFile] = a.replica.listFiles(pdfCox);
    const highlight = a.replica.createAnnotation({
      document_id: pdfCox, type: 'highlight', filehash: pdfFile!.filehash, color: { r: 255, g: 245, b: 173 },
      positions: [{ top_left: { x: 72, y: 700 }, bottom_right: { x: 300, y: 712 }, page: 1 }], text: 'the key idea',
    });
    a.replica.createAnnotation({ document_id: pdfCox, type: 'note', text: 'Read with the survival package vignette.' });
    a.replica.createAnnotation({ document_id: bibCox, type: 'note', text: 'Cited in chapter 2.' });
    a.replica.updateDocument(risCox, { tags: ['survival', 'to read'], starred: true });
    const folder = a.replica.createFolder({ name: 'Thesis' });
    a.replica.addDocumentToFolder(folder.id, risCox);
    await a.sync();
    expect(a.replica.countOutbox()).toBe(0);
    // The pushes gave the documents their service ids.
    [bibCox, risCox, pdfCox] = [bibCox, risCox, pdfCox].map((id) => a.replica.currentIdOf(id) ?? id) as [string, string, string];

    const b = device();
    await b.sync();
    expect(b.replica.countOutbox()).toBe(0);
    expect(allDocumentIds(b.replica)).toHaveLength(allDocumentIds(a.replica).length);

    const result = mergeDuplicates({ replica: a.replica, hasBytes: (hash) => a.fileStore.has(hash) }, {
      masterId: bibCox, duplicateIds: [risCox, pdfCox], choices: { title: risCox },
    });
    expect(result).toMatchObject({ masterId: bibCox, deleted: [risCox, pdfCox], filesMoved: 1, annotationsMoved: 2, foldersJoined: 1 });
    const expectMerged = (d: Device, masterId: string) => {
      const master = d.replica.getDocument(masterId)!;
      expect(master).toMatchObject({ title: 'Approximating the Cox model', tags: ['survival', 'to read'], starred: true, source: 'Journal of Test Statistics' });
      expect(d.replica.listFiles(masterId).map((f) => f.filehash)).toEqual([pdfFile!.filehash]);
      const annotations = d.replica.listAnnotations(masterId);
      expect(annotations.map((x) => x.type).sort()).toEqual(['highlight', 'note']);
      expect(annotations.find((x) => x.type === 'note')!.text).toBe('Cited in chapter 2.\n\nRead with the survival package vignette.');
      expect(annotations.find((x) => x.type === 'highlight')).toMatchObject({ text: 'the key idea', positions: highlight.positions, filehash: pdfFile!.filehash });
      expect(d.replica.foldersOfDocument(masterId)).toHaveLength(1);
    };
    expectMerged(a, bibCox);
    await a.sync();
    expect(a.replica.countOutbox()).toBe(0);

    await b.sync();
    expect(b.replica.countOutbox()).toBe(0);
    expectMerged(b, bibCox);
    expect(b.replica.getDocument(risCox)).toBeUndefined();
    expect(b.replica.getDocument(pdfCox)).toBeUndefined();
    expect(duplicateSetsOf(b.replica, null).map((s) => s.reason)).toEqual(['doi']);
    expect(titlesOf(allDocumentIds(a.replica)).sort()).toEqual(allDocumentIds(b.replica).map((id) => b.replica.getDocument(id)!.title).sort());
  });
});
