// Which search results were found in notes, and the words around the find: the list says
// "In a note: …" so that a document whose title holds none of the words is explained.
// The index is contentless (FTS5 keeps no text to cut snippets from), so the index says
// which documents' notes match and the snippet is cut here from the notes themselves.
import { noteListPlainText } from '../../../shared/notes/noteList.ts';
import type { Db } from './database.ts';
import { matchPhrases } from './searchIndex.ts';
import { stmt } from './statements.ts';

/** Characters of context before the find; the snippet is at most SNIPPET_LENGTH long. */
const LEAD = 40;
const SNIPPET_LENGTH = 140;

/** Lower case without accents, character by character, so positions stay those of `text`. */
const fold = (text: string): string[] => [...text].map((ch) => ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());

/** The part of `text` around the first of `terms` in it (ignoring case and accents). */
export function snippetAround(text: string, terms: readonly string[]): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  const folded = fold(chars.join(''));
  const haystack = folded.join('');
  let at = -1;
  for (const term of terms) {
    const index = haystack.indexOf(fold(term).join(''));
    if (index >= 0 && (at < 0 || index < at)) at = index;
  }
  // Map the position in the folded text back to a character position.
  let position = 0;
  for (let seen = 0; position < folded.length && seen < at; position++) seen += folded[position]!.length;
  const start = Math.max(0, position - LEAD);
  const end = Math.min(chars.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${chars.slice(start, end).join('').trim()}${end < chars.length ? '…' : ''}`;
}

/**
 * Document id -> a snippet of its notes around one of the search's terms, for those of
 * `documentIds` (a page of results) whose notes hold any of them.
 */
export function noteMatches(db: Db, text: string, documentIds: readonly string[]): Map<string, string> {
  const phrases = matchPhrases(text);
  if (phrases === null || documentIds.length === 0) return new Map();
  // The index is asked only about documents that have notes: its "{note}" query walks every
  // match of a common word in any column, 1-10 ms at 100k, for a page that often has none.
  const withNotes = stmt(db, `SELECT DISTINCT document_id FROM annotations
      WHERE document_id IN (SELECT value FROM json_each(?)) AND type = 'note' AND text IS NOT NULL`)
    .pluck().all(JSON.stringify(documentIds)) as string[];
  if (withNotes.length === 0) return new Map();
  const found = stmt(db, `SELECT d.id FROM documents_fts JOIN documents d ON d.row_no = documents_fts.rowid
      WHERE documents_fts MATCH ? AND d.id IN (SELECT value FROM json_each(?))`)
    .pluck().all(`{note} : (${phrases.join(' OR ')})`, JSON.stringify(withNotes)) as string[];
  const terms = text.split(/\s+/).map((term) => term.replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ').trim()).filter(Boolean);
  const snippets = new Map<string, string>();
  for (const id of found) {
    const notes = stmt(db, "SELECT text FROM annotations WHERE document_id = ? AND type = 'note' AND text IS NOT NULL ORDER BY rowid").pluck().all(id) as string[];
    snippets.set(id, snippetAround(notes.map(noteListPlainText).join('\n'), terms));
  }
  return snippets;
}
