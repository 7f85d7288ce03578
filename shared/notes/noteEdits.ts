// The edits the notes section makes to a person's note list, as pure functions of the list:
// the result is formatted back into the one document note (noteList.ts) and saved.
import { type DocumentNoteItem, newNoteId } from './noteList.ts';

/** Adds a note at the top (the newest first, as it is listed). */
export function addNote(notes: readonly DocumentNoteItem[], text: string, now: string): DocumentNoteItem[] {
  return [{ id: newNoteId(notes), text, modified: now }, ...notes];
}

/** Replaces one note's text; its place and id stay. An unchanged text keeps its date. */
export function editNote(notes: readonly DocumentNoteItem[], id: string, text: string, now: string): DocumentNoteItem[] {
  return notes.map((note) => (note.id === id && note.text !== text ? { ...note, text, modified: now } : note));
}

/** Removes one note; what undo needs to put it back where it was. */
export function removeNote(notes: readonly DocumentNoteItem[], id: string): { notes: DocumentNoteItem[]; removed?: { note: DocumentNoteItem; index: number } } {
  const index = notes.findIndex((note) => note.id === id);
  if (index < 0) return { notes: [...notes] };
  return { notes: notes.filter((note) => note.id !== id), removed: { note: notes[index]!, index } };
}

/** Puts a removed note back at its place (or the end when the list has shrunk since). */
export function restoreNote(notes: readonly DocumentNoteItem[], removed: { note: DocumentNoteItem; index: number }): DocumentNoteItem[] {
  if (notes.some((note) => note.id === removed.note.id)) return [...notes];
  const list = [...notes];
  list.splice(Math.min(removed.index, list.length), 0, removed.note);
  return list;
}
