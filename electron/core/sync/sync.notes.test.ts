// Several notes per document through the real service: they travel as the person's one
// document note (shared/notes/noteList.ts), so a second device sees the same notes, finds
// the document by their words, and changes to different notes made apart are both kept.
import { describe, expect, it } from 'vitest';
import { addNote, editNote, removeNote } from '../../../shared/notes/noteEdits.ts';
import { formatNoteList, parseNoteList, type DocumentNoteItem } from '../../../shared/notes/noteList.ts';
import { oneUserDevices, type Device } from './syncTesting.ts';

const { device } = oneUserDevices();
const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;

const noteOf = (d: Device, doc: string) => d.replica.listAnnotations(doc).filter((a) => a.type === 'note');
const notesOn = (d: Device, doc: string) => parseNoteList(noteOf(d, doc)[0]?.text);
const texts = (d: Device, doc: string) => notesOn(d, doc).map((n) => n.text);

/** Saves a device's note list as the notes section does: one create, then updates. */
function save(d: Device, doc: string, notes: DocumentNoteItem[]): void {
  const [existing] = noteOf(d, doc);
  if (existing) d.replica.updateAnnotation(existing.id, { text: formatNoteList(notes) });
  else d.replica.createAnnotation({ document_id: doc, text: formatNoteList(notes) });
}

async function sharedDocument(title: string) {
  const a = device();
  const b = device();
  const local = a.replica.createDocument({ title, type: 'journal' } as never);
  await a.sync();
  const doc = a.replica.currentIdOf(local.id) ?? local.id;
  await b.sync();
  return { a, b, doc };
}

describe('several notes of a document, synced through the service', () => {
  it('reach a second device as the same notes, and its search finds the document by a note word', async () => {
    const { a, b, doc } = await sharedDocument('Regeneration in amphibians');
    save(a, doc, [
      { id: 'n1', text: '## Method\nThey sample **twice**.', modified: at(1) },
      { id: 'n2', text: 'Compare with the *tardigrade* study.', modified: at(2) },
    ]);
    await a.sync();
    await b.sync();
    expect(notesOn(b, doc)).toEqual(notesOn(a, doc));
    expect(texts(b, doc)).toEqual(['## Method\nThey sample **twice**.', 'Compare with the *tardigrade* study.']);
    expect(b.replica.searchDocuments('tardigrade').map((d) => d.id)).toEqual([doc]);
    expect(b.replica.noteMatches('tardigrade', [doc]).get(doc)).toContain('tardigrade');
    // One note on the service, as its rule asks.
    expect(noteOf(b, doc)).toHaveLength(1);
  });

  it('keeps edits of different notes made on two devices apart, with no conflict', async () => {
    const { a, b, doc } = await sharedDocument('Two devices, two notes');
    save(a, doc, [{ id: 'n1', text: 'first', modified: at(1) }, { id: 'n2', text: 'second', modified: at(1) }]);
    await a.sync();
    await b.sync();
    // Offline on both: A edits the first note and adds one; B edits the second and deletes nothing.
    save(a, doc, addNote(editNote(notesOn(a, doc), 'n1', 'first, edited on A', at(5)), 'added on A', at(6)));
    save(b, doc, editNote(notesOn(b, doc), 'n2', 'second, edited on B', at(7)));
    await a.sync();
    await b.sync();
    await a.sync();
    for (const d of [a, b]) {
      expect(texts(d, doc).sort()).toEqual(['added on A', 'first, edited on A', 'second, edited on B']);
      expect(d.replica.listConflicts({ kind: 'annotation' })).toEqual([]);
      expect(d.replica.countOutbox()).toBe(0);
    }
  });

  it('keeps a deletion on one device and an edit of another note on the other', async () => {
    const { a, b, doc } = await sharedDocument('Delete here, edit there');
    save(a, doc, [{ id: 'n1', text: 'to delete', modified: at(1) }, { id: 'n2', text: 'to edit', modified: at(1) }]);
    await a.sync();
    await b.sync();
    save(a, doc, removeNote(notesOn(a, doc), 'n1').notes);
    save(b, doc, editNote(notesOn(b, doc), 'n2', 'edited', at(3)));
    await b.sync();
    await a.sync();
    await b.sync();
    expect(texts(a, doc)).toEqual(['edited']);
    expect(texts(b, doc)).toEqual(['edited']);
  });

  it('joins the notes of two devices that each wrote the first notes offline', async () => {
    const { a, b, doc } = await sharedDocument('Written apart');
    save(a, doc, [{ id: 'na', text: 'from A', modified: at(1) }]);
    save(b, doc, [{ id: 'nb', text: 'from B', modified: at(2) }]);
    await a.sync();
    await b.sync();
    await a.sync();
    for (const d of [a, b]) {
      expect(texts(d, doc).sort()).toEqual(['from A', 'from B']);
      expect(d.replica.listConflicts({ kind: 'annotation' })).toEqual([]);
      expect(noteOf(d, doc)).toHaveLength(1);
    }
  });

  it('still makes a conflict of one note changed two ways', async () => {
    const { a, b, doc } = await sharedDocument('One note, two edits');
    save(a, doc, [{ id: 'n1', text: 'base', modified: at(1) }]);
    await a.sync();
    await b.sync();
    save(a, doc, editNote(notesOn(a, doc), 'n1', 'A says', at(2)));
    save(b, doc, editNote(notesOn(b, doc), 'n1', 'B says', at(3)));
    await a.sync();
    await b.sync();
    expect(b.replica.listConflicts({ kind: 'annotation' })).toMatchObject([{ field: 'text' }]);
    expect(texts(b, doc)).toEqual(['B says']);
  });
});
