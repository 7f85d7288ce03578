// The full-text index of the library: one entry per document, rebuilt inside the same
// transaction as every write that changes what it holds (document fields, annotations,
// PDF text), so a search never sees a half-written state. While a first sync's index is
// being built (searchIndexBuild.ts), documents the build has not reached get no entry here:
// the build writes theirs from the rows as they are when it reaches them.
import type { DocumentFields } from '../../../shared/schemas/document.ts';
import { noteListPlainText } from '../../../shared/notes/noteList.ts';
import type { Db } from './database.ts';
import { unindexedFrom } from './searchIndexMarker.ts';
import { stmt } from './statements.ts';

/** Column order of documents_fts and the bm25 weight of each: a title hit ranks highest. */
export const SEARCH_COLUMNS = [
  ['title', 10],
  ['authors', 6],
  ['source', 3],
  ['abstract', 2],
  ['keywords', 4],
  ['tags', 4],
  ['note', 2],
  ['annotations', 1],
  ['fulltext', 0.5],
] as const;

const people = (list: DocumentFields['authors']) =>
  (list ?? []).map((p) => [p.first_name, p.last_name].filter(Boolean).join(' ')).join('; ');

/**
 * The source column also holds the year, so that "storey 2003" finds Storey's 2003 papers
 * (every term must match somewhere); rebuildSearchIndex writes the same text in SQL.
 */
const sourceAndYear = (data: DocumentFields): string =>
  [data.source, data.year].filter((part) => part !== undefined && part !== null && part !== '').join(' ');

interface Notes {
  type: string;
  text: string;
}

/** Writes the index entry of one document (row number, fields, its annotations, its PDF text). */
function writeEntry(db: Db, rowNo: number, data: DocumentFields, notes: readonly Notes[], fulltext: string | undefined): void {
  if (rowNo >= unindexedFrom(db)) return;
  stmt(db, 'DELETE FROM documents_fts WHERE rowid = ?').run(rowNo);
  stmt(db, `INSERT INTO documents_fts (rowid, ${SEARCH_COLUMNS.map(([c]) => c).join(', ')}) VALUES (${SEARCH_COLUMNS.map(() => '?').join(', ')}, ?)`).run(
    rowNo,
    data.title ?? '',
    people(data.authors),
    sourceAndYear(data),
    data.abstract ?? '',
    (data.keywords ?? []).join('; '),
    (data.tags ?? []).join('; '),
    // A document note's marker lines (ids and dates of its several notes) are no words to find.
    notes.filter((n) => n.type === 'note').map((n) => noteListPlainText(n.text)).join('\n'),
    notes.filter((n) => n.type !== 'note').map((n) => n.text).join('\n'),
    fulltext ?? '',
  );
}

/** Rewrites the index entry of one document from what the replica holds now. */
export function reindexDocument(db: Db, documentId: string): void {
  const row = stmt(db, 'SELECT row_no, data FROM documents WHERE id = ?').get(documentId) as { row_no: number; data: string } | undefined;
  if (!row || row.row_no >= unindexedFrom(db)) return;
  const notes = stmt(db, `SELECT type, text FROM annotations WHERE document_id = ? AND text IS NOT NULL ORDER BY rowid`).all(documentId) as Notes[];
  const fulltext = stmt(db, 'SELECT text FROM document_fulltext WHERE document_id = ?').get(documentId) as { text: string } | undefined;
  writeEntry(db, row.row_no, JSON.parse(row.data) as DocumentFields, notes, fulltext?.text);
}

/**
 * Rewrites the index entries of many documents (a pulled page) with three queries for all
 * of them instead of three per document; the entries are the same as reindexDocument's.
 */
export function reindexDocuments(db: Db, documentIds: Iterable<string>): void {
  const ids = JSON.stringify([...new Set(documentIds)]);
  const rows = stmt(db, 'SELECT row_no, id, data FROM documents WHERE id IN (SELECT value FROM json_each(?)) AND row_no < ?')
    .all(ids, unindexedFrom(db)) as { row_no: number; id: string; data: string }[];
  if (!rows.length) return;
  const notes = new Map<string, Notes[]>();
  for (const note of stmt(db, `SELECT document_id, type, text FROM annotations
    WHERE document_id IN (SELECT value FROM json_each(?)) AND text IS NOT NULL ORDER BY document_id, rowid`).all(ids) as (Notes & { document_id: string })[]) {
    let list = notes.get(note.document_id);
    if (!list) notes.set(note.document_id, (list = []));
    list.push(note);
  }
  const fulltexts = new Map(
    (stmt(db, 'SELECT document_id, text FROM document_fulltext WHERE document_id IN (SELECT value FROM json_each(?))').all(ids) as { document_id: string; text: string }[])
      .map((f) => [f.document_id, f.text]),
  );
  // In row order: the index appends instead of inserting into the middle of its segments.
  rows.sort((a, b) => a.row_no - b.row_no);
  for (const row of rows) writeEntry(db, row.row_no, JSON.parse(row.data) as DocumentFields, notes.get(row.id) ?? [], fulltexts.get(row.id));
}

const withNoteText = new WeakSet<Db>();

/**
 * The index entries of the documents with row numbers from `from` to `to`, written by
 * SQLite alone in one statement: the same text as writeEntry's (names "first last" joined
 * by "; ", lists by "; ", notes and other annotations by new lines in the order they were
 * stored), without bringing the rows through JavaScript. For a build of the index
 * (searchIndexBuild.ts), over rows that have no entry yet.
 */
export function writeSearchEntries(db: Db, from: number, to: number): void {
  if (!withNoteText.has(db)) {
    // The same plain text of document notes as writeEntry's, by the same function.
    db.function('note_plain_text', { deterministic: true }, (text: unknown) => noteListPlainText(String(text)));
    withNoteText.add(db);
  }
  const joined = (path: string) => `coalesce((SELECT group_concat(coalesce(value, ''), '; ' ORDER BY key) FROM json_each(d.data, '${path}')), '')`;
  const annotationText = (filter: string, text = 'a.text') =>
    `coalesce((SELECT group_concat(${text}, char(10) ORDER BY a.rowid) FROM annotations a WHERE a.document_id = d.id AND a.text IS NOT NULL AND ${filter}), '')`;
  const text = (path: string) => `coalesce(d.data ->> '${path}', '')`;
  stmt(db, `INSERT INTO documents_fts (rowid, ${SEARCH_COLUMNS.map(([c]) => c).join(', ')})
    SELECT d.row_no, ${text('$.title')},
      coalesce((SELECT group_concat(concat_ws(' ', nullif(value ->> '$.first_name', ''), nullif(value ->> '$.last_name', '')), '; ' ORDER BY key)
        FROM json_each(d.data, '$.authors')), ''),
      concat_ws(' ', nullif(d.data ->> '$.source', ''), d.data ->> '$.year'), ${text('$.abstract')}, ${joined('$.keywords')}, ${joined('$.tags')},
      ${annotationText("a.type = 'note'", 'note_plain_text(a.text)')}, ${annotationText("a.type <> 'note'")},
      coalesce((SELECT f.text FROM document_fulltext f WHERE f.document_id = d.id), '')
    FROM documents d WHERE d.row_no BETWEEN ? AND ? ORDER BY d.row_no`).run(from, to);
}

/** The index entry of every document, for an index that holds none (see writeSearchEntries). */
export function rebuildSearchIndex(db: Db): void {
  writeSearchEntries(db, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
}

/**
 * Turns what a person typed into an FTS5 query that cannot be a syntax error: every term is
 * a quoted string (so AND, OR, NEAR, quotes, parentheses and stars are just text), terms
 * must all match, and the last one matches as a prefix while the person is still typing it,
 * once its last word has two letters: a one-letter prefix ("t*") expands to a large part of
 * the vocabulary and costs 50-200 ms at 100,000 documents, where the index's two- and
 * three-letter prefix tables answer "te*" at once. A lone letter matches as a word.
 * Returns null when the input holds nothing searchable.
 */
export function toMatchQuery(input: string): string | null {
  return matchPhrases(input)?.join(' ') ?? null;
}

/** The phrases of toMatchQuery's query, one per term, which must all match; null as there. */
export function matchPhrases(input: string): string[] | null {
  const terms = input
    .normalize('NFC')
    .split(/\s+/)
    .map((term) => term.replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ').trim())
    .filter((term) => term.length > 0);
  if (terms.length === 0) return null;
  const stillTyping = !/\s$/.test(input);
  const prefixed = (term: string) => [...(term.split(' ').pop() ?? '')].length >= 2;
  return terms.map((term, i) => `"${term.replace(/"/g, '""')}"${stillTyping && i === terms.length - 1 && prefixed(term) ? ' *' : ''}`);
}
