// Two devices that changed different notes of one document both changed the one document
// note's text; merged note by note, both changes are kept and nothing is a conflict. Only
// one note changed two ways is a clash, which the caller keeps as a conflict on the text.
import { type DocumentNoteItem, formatNoteList, parseNoteList } from './noteList.ts';

export type NoteListMerge = { clean: true; text: string } | { clean: false };

const same = (a: DocumentNoteItem | undefined, b: DocumentNoteItem | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.text === b.text);

/**
 * Three-way merge of document note texts. `base` is the last text both sides had (empty
 * when there was none, as when two devices created the note offline). Per note: a side that
 * left it as in base takes the other side's version (changed, added or deleted); both sides
 * changing it the same way is no clash. Order: mine, then theirs' new notes after.
 */
export function mergeNoteLists(base: string | null | undefined, mine: string, theirs: string): NoteListMerge {
  const baseNotes = new Map(parseNoteList(base).map((n) => [n.id, n]));
  const mineNotes = parseNoteList(mine);
  const theirNotes = new Map(parseNoteList(theirs).map((n) => [n.id, n]));
  const mineById = new Map(mineNotes.map((n) => [n.id, n]));
  const merged: DocumentNoteItem[] = [];
  const pick = (id: string): DocumentNoteItem | undefined | 'clash' => {
    const [b, m, t] = [baseNotes.get(id), mineById.get(id), theirNotes.get(id)];
    if (same(m, t)) return m && t && (t.modified ?? '') > (m.modified ?? '') ? t : m;
    if (same(b, m)) return t;
    if (same(b, t)) return m;
    return 'clash';
  };
  const ids = [...mineNotes.map((n) => n.id), ...[...theirNotes.keys()].filter((id) => !mineById.has(id))];
  for (const id of ids) {
    const note = pick(id);
    if (note === 'clash') return { clean: false };
    if (note) merged.push(note);
  }
  return { clean: true, text: formatNoteList(merged) };
}
