// Edits to a field that already has an open conflict: the newest local edit becomes the
// conflict's local side, pulls and pushes of other fields never put an older value back,
// keeping mine pushes the newest local value, keeping theirs takes the newest server value.
import { describe, expect, it } from 'vitest';
import { oneUserDevices, type Device } from './syncTesting.ts';

const { device } = oneUserDevices();

async function conflictOnTitle(): Promise<{ a: Device; b: Device; id: string }> {
  const a = device();
  const b = device();
  a.replica.createDocument({ title: 'Base', type: 'journal', year: 2000 } as never);
  await a.sync();
  const id = a.replica.listDocuments({}).find((d) => d.title === 'Base')!.id;
  await b.sync();
  a.replica.updateDocument(id, { title: 'A1' } as never);
  b.replica.updateDocument(id, { title: 'B1' } as never);
  await a.sync();
  await b.sync();
  expect(b.replica.listConflicts({ kind: 'document', id })).toMatchObject([{ field: 'title', local_value: 'B1', remote_value: 'A1' }]);
  return { a, b, id };
}

const title = (d: Device, id: string) => d.replica.getDocument(id)?.title;

describe('a field with an open conflict edited again', () => {
  it('keeps the newest local edit through pulls and pushes of other fields, and keep mine pushes it', async () => {
    const { a, b, id } = await conflictOnTitle();
    b.replica.updateDocument(id, { title: 'B2' } as never);
    expect(b.replica.listConflicts({ kind: 'document', id })).toMatchObject([{ field: 'title', local_value: 'B2', remote_value: 'A1' }]);

    // The other device changes the title again; this one pushes another field and pulls.
    a.replica.updateDocument(id, { title: 'A2' } as never);
    await a.sync();
    b.replica.updateDocument(id, { year: 2001 } as never);
    await b.sync();
    expect(title(b, id)).toBe('B2');
    expect(b.replica.listConflicts({ kind: 'document', id })).toMatchObject([{ field: 'title', local_value: 'B2', remote_value: 'A2' }]);
    expect(b.replica.countOutbox()).toBe(0);

    b.replica.resolveConflict('document', id, 'title', { keep: 'mine' });
    await b.sync();
    await a.sync();
    expect(title(a, id)).toBe('B2');
    expect(a.replica.getDocument(id)?.year).toBe(2001);
    expect(b.replica.listConflicts()).toHaveLength(0);
  });

  it('keep theirs takes the newest server value', async () => {
    const { a, b, id } = await conflictOnTitle();
    b.replica.updateDocument(id, { title: 'B2' } as never);
    a.replica.updateDocument(id, { title: 'A2' } as never);
    await a.sync();
    await b.sync();
    b.replica.resolveConflict('document', id, 'title', { keep: 'theirs' });
    expect(title(b, id)).toBe('A2');
    await b.sync();
    await a.sync();
    expect(title(a, id)).toBe('A2');
    expect(title(b, id)).toBe('A2');
  });

  it('works the same for folder names and annotation texts', async () => {
    const a = device();
    const b = device();
    const folder = a.replica.createFolder({ name: 'Base' } as never);
    const doc = a.replica.createDocument({ title: 'Noted', type: 'journal' } as never);
    a.replica.createAnnotation({ document_id: doc.id, type: 'note', text: 'Base' } as never);
    await a.sync();
    await b.sync();
    const folderId = a.replica.currentIdOf(folder.id)!;
    const docId = a.replica.currentIdOf(doc.id)!;
    const noteId = a.replica.listAnnotations(docId)[0]!.id;
    a.replica.renameFolder(folderId, 'A1');
    a.replica.updateAnnotation(noteId, { text: 'A1' } as never);
    b.replica.renameFolder(folderId, 'B1');
    b.replica.updateAnnotation(noteId, { text: 'B1' } as never);
    await a.sync();
    await b.sync();
    expect(b.replica.listConflicts().map((c) => [c.kind, c.field]).sort()).toEqual([['annotation', 'text'], ['folder', 'name']]);
    b.replica.renameFolder(folderId, 'B2');
    b.replica.updateAnnotation(noteId, { text: 'B2' } as never);
    await b.sync();
    expect(b.replica.getFolder(folderId)?.name).toBe('B2');
    expect(b.replica.listAnnotations(docId)[0]?.text).toBe('B2');
    b.replica.resolveConflict('folder', folderId, 'name', { keep: 'mine' });
    b.replica.resolveConflict('annotation', noteId, 'text', { keep: 'mine' });
    await b.sync();
    await a.sync();
    expect(a.replica.getFolder(folderId)?.name).toBe('B2');
    expect(a.replica.listAnnotations(docId)[0]?.text).toBe('B2');
  });
});

describe('an edit made after a pull', () => {
  it('merges field by field against the version that pull brought (no base copy was kept before the edit)', async () => {
    const a = device();
    const b = device();
    a.replica.createDocument({ title: 'Base', type: 'journal', year: 2000, abstract: 'Original' } as never);
    await a.sync();
    const id = a.replica.listDocuments({}).find((d) => d.title === 'Base')!.id;
    await b.sync();
    a.replica.updateDocument(id, { title: 'A1', year: 2001 } as never);
    await a.sync();
    await b.sync();
    expect(b.replica.getBaseCopy('document', id)).toBeUndefined();

    // b edits the version it pulled; a edits it again meanwhile.
    b.replica.updateDocument(id, { title: 'B1', abstract: 'Mine' } as never);
    a.replica.updateDocument(id, { title: 'A2', year: 2002 } as never);
    await a.sync();
    await b.sync();
    const doc = b.replica.getDocument(id)!;
    expect({ title: doc.title, year: doc.year, abstract: doc.abstract }).toEqual({ title: 'B1', year: 2002, abstract: 'Mine' });
    expect(b.replica.listConflicts({ kind: 'document', id })).toMatchObject([{ field: 'title', local_value: 'B1', remote_value: 'A2', base_value: 'A1' }]);
    await a.sync();
    expect(a.replica.getDocument(id)).toMatchObject({ title: 'A2', year: 2002, abstract: 'Mine' });
  });
});
