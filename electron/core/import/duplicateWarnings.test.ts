// Imports that ask first: a PDF, a .bib/.ris entry or an identifier that looks like a
// document already in the library is held (nothing written) until the user adds it anyway,
// merges it into the existing document or skips it.
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { testImporter } from './importTesting.ts';

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
@article{other, author = {Ann Editor}, title = {Editorial}, journal = {Serial Notes}, year = 2001}
`;

const RIS = `TY  - JOUR
AU  - Zhong, Y.
AU  - Tibshirani, R.
TI  - Approximating the Cox model
T2  - Journal of Test Statistics
KW  - survival
ER  - 

TY  - JOUR
AU  - Lamport, Leslie
TI  - The mutual exclusion problem: Part I
PY  - 1986
DO  - https://doi.org/10.1145/5383.5384
ER  - 

TY  - JOUR
AU  - Someone, New
TI  - A paper not in the library
PY  - 2020
ER  - 
`;

describe('warnings before adding a duplicate', () => {
  let t: ReturnType<typeof testImporter>;
  afterEach(async () => {
    await t.dispose();
  });

  const titles = () => t.replica.listDocuments({ groupId: null, trashed: false, sort: 'title', order: 'asc', limit: 100, offset: 0 }).map((d) => d.title);
  const write = (name: string, text: string) => {
    const file = path.join(t.dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('holds the .ris entries a .bib already brought, adds the new one, then merges or skips each as decided', async () => {
    t = testImporter();
    await t.importer.importPaths([write('refs.bib', BIB)], { duplicates: 'ask' });
    const outboxBefore = t.replica.countOutbox();
    const report = await t.importer.importPaths([write('refs.ris', RIS)], { duplicates: 'ask' });
    const [outcome] = report.files;
    expect(outcome).toMatchObject({ status: 'imported', records: 1, message: '1 entry imported; 2 held as likely duplicates.' });
    expect(outcome!.held!.map((h) => ({ title: h.title, reason: h.reason, existing: h.existing.title }))).toEqual([
      { title: 'Approximating the Cox model', reason: 'title', existing: 'Approximating the Cox Model' },
      { title: 'The mutual exclusion problem: Part I', reason: 'doi', existing: 'The Mutual Exclusion Problem' },
    ]);
    // Nothing of a held entry was written: only the new paper went in (and to the outbox).
    expect(titles()).toEqual(['A paper not in the library', 'Approximating the Cox Model', 'Editorial', 'The Mutual Exclusion Problem']);
    expect(t.replica.countOutbox()).toBe(outboxBefore + 1);

    const [cox, lamport] = outcome!.held!;
    const results = await t.importer.resolveDuplicates([{ heldId: cox!.heldId, choice: 'merge' }, { heldId: lamport!.heldId, choice: 'skip' }]);
    expect(results).toEqual([
      { heldId: cox!.heldId, status: 'merged', documentId: cox!.existing.id },
      { heldId: lamport!.heldId, status: 'skipped' },
    ]);
    // The existing document keeps its values and gains what the entry had that it lacked.
    expect(t.replica.getDocument(cox!.existing.id)).toMatchObject({ title: 'Approximating the Cox Model', keywords: ['survival'] });
    expect(titles()).toHaveLength(4);
    // Decided once: a second decision on the same item finds nothing.
    expect(await t.importer.resolveDuplicates([{ heldId: cox!.heldId, choice: 'add' }])).toEqual([{ heldId: cox!.heldId, status: 'gone' }]);
  });

  it('compares the entries of one batch with each other too, and adds everything when not asked', async () => {
    t = testImporter();
    const report = await t.importer.importPaths([write('refs.bib', BIB), write('refs.ris', RIS)], { duplicates: 'ask' });
    expect(report.files.map((f) => f.held?.length ?? 0)).toEqual([0, 2]);
    const plain = await t.importer.importPaths([write('again.ris', RIS)]);
    expect(plain.files[0]).toMatchObject({ status: 'imported', records: 3 });
    expect(titles()).toHaveLength(7);
  });

  it('holds a PDF whose extracted details match a document; skipping drops its bytes, merging moves its file to the document', async () => {
    t = testImporter();
    await t.importer.importPaths([write('refs.bib', BIB)], { duplicates: 'ask' });
    const pdf = path.join(t.dir, 'approximate.pdf');
    copyFileSync(path.join(fixtures, 'survival-approximate.pdf'), pdf);
    const sha1 = createHash('sha1').update(readFileSync(pdf)).digest('hex');

    const first = await t.importer.importPaths([pdf], { duplicates: 'ask' });
    const [held] = first.files[0]!.held!;
    expect(first.files[0]).toMatchObject({ status: 'held', message: expect.stringContaining('already in your library') });
    expect(held).toMatchObject({ reason: 'title', existing: { title: 'Approximating the Cox Model', firstAuthor: 'Zhong' } });
    expect(titles()).toHaveLength(3);
    const [skipped] = await t.importer.resolveDuplicates([{ heldId: held!.heldId, choice: 'skip' }]);
    expect(skipped!.status).toBe('skipped');
    expect(t.fileStore.has(sha1)).toBe(false);
    expect(titles()).toHaveLength(3);

    const second = await t.importer.importPaths([pdf], { duplicates: 'ask' });
    const [again] = second.files[0]!.held!;
    const [merged] = await t.importer.resolveDuplicates([{ heldId: again!.heldId, choice: 'merge' }]);
    expect(merged).toMatchObject({ status: 'merged', documentId: again!.existing.id });
    const files = t.replica.listFiles(again!.existing.id);
    expect(files.map((f) => f.filehash)).toEqual([sha1]);
    expect(t.fileStore.has(sha1)).toBe(true);
    expect(titles()).toHaveLength(3);
    // The same bytes again are now simply "already in your library".
    const third = await t.importer.importPaths([pdf], { duplicates: 'ask' });
    expect(third.files[0]).toMatchObject({ status: 'duplicate', documentId: again!.existing.id });
  });

  it('holds an identifier the library already has; "add anyway" adds it', async () => {
    t = testImporter();
    const existing = t.replica.createDocument({ title: 'The Mutual Exclusion Problem', type: 'journal', identifiers: { doi: '10.1145/5383.5384' } });
    const outcome = await t.importer.importIdentifier('https://doi.org/10.1145/5383.5384', undefined, 'ask');
    expect(outcome).toMatchObject({ status: 'held', held: [{ reason: 'doi', existing: { id: existing.id, title: 'The Mutual Exclusion Problem' } }] });
    expect(titles()).toHaveLength(1);
    const [added] = await t.importer.resolveDuplicates([{ heldId: outcome.held![0]!.heldId, choice: 'add' }]);
    expect(added).toMatchObject({ status: 'added', documentId: expect.any(String) });
    expect(titles()).toHaveLength(2);
    expect(t.importer.queue.get(added!.documentId!)).toBeDefined();
  });
});
