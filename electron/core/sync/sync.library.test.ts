// Folders (tree and membership), annotations and files between two devices of one user.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { oneUserDevices, type Device } from './syncTesting.ts';
import { sqlOf } from '../replica/testing.ts';
import { downloadFile } from './fileTransfers.ts';

const { device } = oneUserDevices();

const byName = (d: Device, name: string) => (sqlOf(d.replica).prepare('SELECT id FROM folders WHERE name = ?').pluck().get(name) as string | undefined);
const membersOf = (d: Device, folderId: string) => (sqlOf(d.replica).prepare('SELECT document_id FROM folder_documents WHERE folder_id = ? ORDER BY document_id').pluck().all(folderId) as string[]);

async function newDocument(a: Device, title: string): Promise<string> {
  a.replica.createDocument({ title, type: 'journal' } as never);
  await a.sync();
  return a.replica.listDocuments({}).find((d) => d.title === title)!.id;
}

describe('folders', () => {
  it('create, rename, move, membership and delete travel between devices', async () => {
    const a = device();
    const b = device();
    const doc = await newDocument(a, 'Filed paper');
    const parent = a.replica.createFolder({ name: 'Projects' });
    const child = a.replica.createFolder({ name: 'Thesis', parent_id: parent.id });
    a.replica.addDocumentToFolder(child.id, doc);
    await a.sync();
    await b.sync();
    const projects = byName(b, 'Projects')!;
    const thesis = byName(b, 'Thesis')!;
    expect(projects.startsWith('local:')).toBe(false);
    expect(b.replica.getFolder(thesis)?.parent_id).toBe(projects);
    expect(membersOf(b, thesis)).toEqual([doc]);

    // B renames and moves to the top; A files the document in the parent too.
    b.replica.renameFolder(thesis, 'Dissertation');
    b.replica.moveFolder(thesis, null);
    a.replica.addDocumentToFolder(projects, doc);
    a.replica.removeDocumentFromFolder(thesis, doc);
    await a.sync();
    await b.sync();
    await a.sync();
    for (const d of [a, b]) {
      expect(d.replica.getFolder(thesis)).toMatchObject({ name: 'Dissertation' });
      expect(d.replica.getFolder(thesis)?.parent_id).toBeUndefined();
      expect(membersOf(d, projects)).toEqual([doc]);
      expect(membersOf(d, thesis)).toEqual([]);
    }

    // Renamed on both sides: a conflict on the name.
    a.replica.renameFolder(projects, 'Projects A');
    b.replica.renameFolder(projects, 'Projects B');
    await a.sync();
    await b.sync();
    expect(b.replica.listConflicts({ kind: 'folder', id: projects })).toMatchObject([{ field: 'name', local_value: 'Projects B', remote_value: 'Projects A' }]);
    b.replica.resolveConflict('folder', projects, 'name', { keep: 'theirs' });
    expect(b.replica.getFolder(projects)?.name).toBe('Projects A');

    a.replica.deleteFolder(projects);
    await a.sync();
    await b.sync();
    expect(b.replica.getFolder(projects)).toBeUndefined();
    expect(b.replica.getFolder(thesis)).toBeDefined();
    expect(b.replica.getDocument(doc)).toBeDefined();
  });

  it('a folder renamed here but deleted there is created again', async () => {
    const a = device();
    const b = device();
    a.replica.createFolder({ name: 'Doomed' });
    await a.sync();
    await b.sync();
    const id = byName(b, 'Doomed')!;
    a.replica.deleteFolder(id);
    b.replica.renameFolder(id, 'Saved');
    await a.sync();
    await b.sync();
    await a.sync();
    const saved = byName(a, 'Saved');
    expect(saved).toBeDefined();
    expect(byName(b, 'Saved')).toBe(saved);
  });
});

describe('annotations', () => {
  it('create, edit and delete travel; an edit against a deletion is kept', async () => {
    const a = device();
    const b = device();
    const doc = await newDocument(a, 'Annotated paper');
    await b.sync();
    a.replica.createAnnotation({ document_id: doc, type: 'note', text: 'First thoughts' } as never);
    b.replica.createAnnotation({ document_id: doc, type: 'sticky_note', text: 'Sticky from B', filehash: 'a'.repeat(40), positions: [{ page: 1, top_left: { x: 1, y: 2 }, bottom_right: { x: 1, y: 2 } }] } as never);
    await a.sync();
    await b.sync();
    await a.sync();
    const texts = (d: Device) => d.replica.listAnnotations(doc).map((x) => x.text).sort();
    expect(texts(a)).toEqual(['First thoughts', 'Sticky from B']);
    expect(texts(b)).toEqual(texts(a));
    const note = b.replica.listAnnotations(doc).find((x) => x.type === 'note')!;
    expect(note.id.startsWith('local:')).toBe(false);

    b.replica.updateAnnotation(note.id, { text: 'Second thoughts' });
    await b.sync();
    await a.sync();
    expect(a.replica.listAnnotations(doc).find((x) => x.id === note.id)?.text).toBe('Second thoughts');
    // Search sees the synced note text.
    expect(a.replica.searchDocuments('second thoughts').map((d) => d.id)).toContain(doc);

    const sticky = a.replica.listAnnotations(doc).find((x) => x.type === 'sticky_note')!;
    a.replica.deleteAnnotation(sticky.id);
    await a.sync();
    await b.sync();
    expect(b.replica.listAnnotations(doc).map((x) => x.id)).toEqual([note.id]);

    // Deleted on A, edited on B: the edit survives as a new annotation.
    a.replica.deleteAnnotation(note.id);
    b.replica.updateAnnotation(note.id, { text: 'Keep this' });
    await a.sync();
    await b.sync();
    await a.sync();
    expect(a.replica.listAnnotations(doc).map((x) => x.text)).toEqual(['Keep this']);
    expect(b.replica.listAnnotations(doc).map((x) => x.text)).toEqual(['Keep this']);
  });
});

describe('files', () => {
  it('bytes added on one device arrive on the other with the same SHA-1; removal travels', async () => {
    const a = device();
    const b = device({ downloadPolicy: 'eager' });
    const c = device({ downloadPolicy: 'on-open' });
    const doc = await newDocument(a, 'Paper with a PDF');
    const bytes = Buffer.from(`%PDF-1.4\n${'x'.repeat(5000)}\n%%EOF\n`);
    const { sha1, size } = await a.fileStore.put(bytes);
    expect(sha1).toBe(createHash('sha1').update(bytes).digest('hex'));
    a.replica.addFile({ document_id: doc, filehash: sha1, file_name: 'paper.pdf', mime_type: 'application/pdf', size, local_path: a.fileStore.pathOf(sha1) });
    await a.sync();
    const [uploaded] = a.replica.listFiles(doc);
    expect(uploaded!.id.startsWith('local:')).toBe(false);

    await b.sync();
    const [onB] = b.replica.listFiles(doc);
    expect(onB).toMatchObject({ id: uploaded!.id, filehash: sha1, size });
    expect(b.fileStore.has(sha1)).toBe(true);
    expect((await b.fileStore.read(sha1)).equals(bytes)).toBe(true);
    expect(b.replica.getDocument(doc)?.file_attached).toBe(true);

    await c.sync();
    expect(c.fileStore.has(sha1)).toBe(false);
    const where = await downloadFile(c, uploaded!.id);
    expect(where).toBe(c.fileStore.pathOf(sha1));
    expect(createHash('sha1').update(await c.fileStore.read(sha1)).digest('hex')).toBe(sha1);

    b.replica.removeFile(uploaded!.id);
    await b.sync();
    expect(b.fileStore.has(sha1)).toBe(true); // pushed deletion keeps bytes until the pull sweeps
    await a.sync();
    expect(a.replica.listFiles(doc)).toEqual([]);
    expect(a.fileStore.has(sha1)).toBe(false);
    expect(a.replica.getDocument(doc)?.file_attached).toBe(false);
  });
});
