// Several notes in one document note. The service keeps one note (annotation of type `note`)
// per person and document (real-api notes, "Annotations"), so a person's notes on a document
// travel as that one text: each note is Markdown after a marker line, an HTML comment that
// names the note and when it last changed. Clients that know nothing of this show one note
// whose markers are invisible once rendered; a text without markers (a note written before
// several were possible, or by another client) is one note, so nothing is lost on upgrade.

export interface DocumentNoteItem {
  /** Stable within the document note: edits and merges find a note by it. */
  id: string;
  /** Markdown, as typed. */
  text: string;
  /** ISO 8601; absent for a note written before markers, which takes the annotation's date. */
  modified?: string;
}

/** The id of the text before the first marker: a note written without markers. */
export const UNMARKED_NOTE_ID = 'first';

const MARKER = /^<!-- refshelf:note id=([A-Za-z0-9_-]{1,40}) modified=([0-9T:.Z+-]{1,40}) -->$/;
const MARKER_LINES = /^<!-- refshelf:note id=[A-Za-z0-9_-]{1,40} modified=[0-9T:.Z+-]{1,40} -->$/gm;
const MARKER_LINE = new RegExp(MARKER_LINES.source, 'm');

const markerOf = (note: DocumentNoteItem): string =>
  `<!-- refshelf:note id=${note.id} modified=${note.modified ?? new Date(0).toISOString()} -->`;

/** Splits a document note's text into its notes, in their order. Blank notes are dropped. */
export function parseNoteList(text: string | null | undefined): DocumentNoteItem[] {
  const notes: DocumentNoteItem[] = [];
  let current: DocumentNoteItem = { id: UNMARKED_NOTE_ID, text: '' };
  const lines: string[] = [];
  const close = () => {
    const body = lines.join('\n').trim();
    if (body) notes.push({ ...current, text: body });
    lines.length = 0;
  };
  for (const line of (text ?? '').split(/\r?\n/)) {
    const marker = MARKER.exec(line);
    if (!marker) { lines.push(line); continue; }
    close();
    current = { id: marker[1]!, text: '', modified: marker[2]! };
  }
  close();
  return notes;
}

/**
 * The one text that carries `notes`. A line inside a note that reads like a marker gets a
 * leading space, so it stays part of that note instead of starting another. A plain note
 * alone (never edited as a note list, as a merge of two plain edits gives) stays plain text:
 * other clients then see exactly what was typed.
 */
export function formatNoteList(notes: readonly DocumentNoteItem[]): string {
  const kept = notes.filter((note) => note.text.trim() !== '');
  if (kept.length === 1 && kept[0]!.id === UNMARKED_NOTE_ID && kept[0]!.modified === undefined && !MARKER_LINE.test(kept[0]!.text)) return kept[0]!.text.trim();
  return kept
    .map((note) => `${markerOf(note)}\n${note.text.trim().replace(MARKER_LINES, (line) => ` ${line}`)}`)
    .join('\n\n');
}

/** Whether the text was written as a note list (has a marker line), not as one plain note. */
export function hasNoteMarkers(text: string | null | undefined): boolean {
  return new RegExp(MARKER_LINES.source, 'm').test(text ?? '');
}

/** The text with the markers taken out: what search indexes and plain exports show. */
export function noteListPlainText(text: string): string {
  return text.replace(MARKER_LINES, '').replace(/\n{3,}/g, '\n\n').trim();
}

/** A note's title: its first non-blank line without Markdown's heading, list or emphasis marks. */
export function noteTitle(note: Pick<DocumentNoteItem, 'text'>, maxLength = 80): string {
  const line = note.text.split('\n').find((l) => l.trim() !== '') ?? '';
  const plain = line
    .replace(/^\s{0,3}(#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s?)/, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)/g, '')
    .trim();
  return plain.length > maxLength ? `${plain.slice(0, maxLength - 1)}…` : plain || 'Untitled note';
}

/** A new id for a note: short, random, and not one of `taken`. */
export function newNoteId(taken: readonly DocumentNoteItem[], random: () => number = Math.random): string {
  for (;;) {
    const id = `n${Math.floor(random() * 36 ** 8).toString(36).padStart(8, '0')}`;
    if (!taken.some((note) => note.id === id)) return id;
  }
}
