import { describe, expect, it } from 'vitest';
import { formatNoteList, newNoteId, noteListPlainText, noteTitle, parseNoteList, UNMARKED_NOTE_ID } from './noteList.ts';
import { mergeNoteLists } from './mergeNoteLists.ts';

const a = { id: 'na', text: '# Method\nThey **sample** twice.', modified: '2026-11-24T10:00:00.000Z' };
const b = { id: 'nb', text: '- one\n- two', modified: '2026-11-24T11:00:00.000Z' };

describe('several notes in one document note', () => {
  it('round-trips notes with their ids, texts and dates', () => {
    expect(parseNoteList(formatNoteList([a, b]))).toEqual([a, b]);
  });

  it('reads a note written without markers as the first note, text unchanged', () => {
    expect(parseNoteList('Plain old note\nsecond line')).toEqual([{ id: UNMARKED_NOTE_ID, text: 'Plain old note\nsecond line' }]);
    const upgraded = parseNoteList(`Old note\n\n${formatNoteList([b])}`);
    expect(upgraded.map((n) => n.text)).toEqual(['Old note', b.text]);
  });

  it('keeps a typed line that looks like a marker inside its note', () => {
    const tricky = { id: 'nc', text: `before\n<!-- refshelf:note id=zz modified=2026-01-01T00:00:00.000Z -->\nafter`, modified: a.modified };
    const back = parseNoteList(formatNoteList([tricky]));
    expect(back).toHaveLength(1);
    expect(back[0]!.text).toContain('after');
  });

  it('drops blank notes and gives nothing for no text', () => {
    expect(parseNoteList(formatNoteList([a, { id: 'nx', text: '  \n' }]))).toEqual([a]);
    expect(parseNoteList(null)).toEqual([]);
  });

  it('indexes words only: the markers are gone from the plain text', () => {
    const plain = noteListPlainText(formatNoteList([a, b]));
    expect(plain).not.toMatch(/refshelf|modified|2026/);
    expect(plain).toContain('They **sample** twice.');
  });

  it('titles a note by its first line without Markdown marks', () => {
    expect(noteTitle(a)).toBe('Method');
    expect(noteTitle({ text: '\n* see [the paper](https://x.org) _now_' })).toBe('see the paper now');
    expect(noteTitle({ text: 'x'.repeat(100) }, 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('makes ids not already taken', () => {
    let calls = 0;
    const random = () => (calls++ === 0 ? 0 : 0.5);
    const taken = [{ id: 'n00000000', text: 't' }];
    expect(newNoteId(taken, random)).not.toBe('n00000000');
  });
});

describe('merging note lists three ways', () => {
  const base = formatNoteList([a, b]);
  it('keeps an edit of one note on each side', () => {
    const mine = formatNoteList([{ ...a, text: 'mine A' }, b]);
    const theirs = formatNoteList([a, { ...b, text: 'their B' }]);
    const merged = mergeNoteLists(base, mine, theirs);
    expect(merged.clean && parseNoteList(merged.text).map((n) => n.text)).toEqual(['mine A', 'their B']);
  });

  it('keeps notes added on both sides and a deletion on one', () => {
    const mine = formatNoteList([a, { id: 'nm', text: 'new mine' }]);
    const theirs = formatNoteList([a, b, { id: 'nt', text: 'new theirs' }]);
    const merged = mergeNoteLists(base, mine, theirs);
    expect(merged.clean && parseNoteList(merged.text).map((n) => n.id)).toEqual(['na', 'nm', 'nt']);
  });

  it('unions two notes created apart with no base', () => {
    const merged = mergeNoteLists('', formatNoteList([a]), formatNoteList([b]));
    expect(merged.clean && parseNoteList(merged.text).map((n) => n.id)).toEqual(['na', 'nb']);
  });

  it('leaves one plain note plain: a merge of plain texts adds no marker', () => {
    expect(mergeNoteLists('Base note', 'Base note edited', 'Base note')).toEqual({ clean: true, text: 'Base note edited' });
    expect(formatNoteList([{ id: UNMARKED_NOTE_ID, text: 'Typed elsewhere' }])).toBe('Typed elsewhere');
    // Once it has a date (edited as a list) or a second note, the markers are written.
    expect(formatNoteList([{ id: UNMARKED_NOTE_ID, text: 'Dated', modified: a.modified }])).toContain('<!-- refshelf:note id=first');
  });

  it('is a clash when one note changed two ways', () => {
    expect(mergeNoteLists(base, formatNoteList([{ ...a, text: 'x' }, b]), formatNoteList([{ ...a, text: 'y' }, b]))).toEqual({ clean: false });
  });
});

describe('editing a note list', () => {
  const now = '2026-11-24T12:00:00.000Z';
  it('adds at the top, edits in place with a new date, removes and restores at the same place', async () => {
    const { addNote, editNote, removeNote, restoreNote } = await import('./noteEdits.ts');
    const added = addNote([a, b], 'fresh', now);
    expect(added.map((n) => n.text)).toEqual(['fresh', a.text, b.text]);
    expect(added[0]!.modified).toBe(now);
    const edited = editNote(added, 'na', 'changed', now);
    expect(edited[1]).toEqual({ id: 'na', text: 'changed', modified: now });
    expect(editNote([a], 'na', a.text, now)[0]).toBe(a);
    const { notes, removed } = removeNote(edited, 'na');
    expect(notes.map((n) => n.id)).not.toContain('na');
    expect(restoreNote(notes, removed!).map((n) => n.id)).toEqual(edited.map((n) => n.id));
  });
});

describe('hasNoteMarkers', () => {
  it('tells a note list from one plain note', async () => {
    const { hasNoteMarkers } = await import('./noteList.ts');
    expect(hasNoteMarkers(formatNoteList([a]))).toBe(true);
    expect(hasNoteMarkers('plain text\n<!-- a comment -->')).toBe(false);
    expect(hasNoteMarkers(undefined)).toBe(false);
  });
});

describe('upgrading a plain note', () => {
  it('lists it as the first note, and a note added to it keeps its text whole', async () => {
    const { addNote } = await import('./noteEdits.ts');
    const old = 'Read for the seminar.\nSee section 3.';
    expect(parseNoteList(old)).toEqual([{ id: UNMARKED_NOTE_ID, text: old }]);
    const saved = formatNoteList(addNote(parseNoteList(old), 'A second note', '2026-11-24T12:00:00.000Z'));
    expect(parseNoteList(saved).map((n) => n.text)).toEqual(['A second note', old]);
  });
});
