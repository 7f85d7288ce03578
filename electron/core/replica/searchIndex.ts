// The full-text index of the library: one entry per document, rebuilt inside the same
// transaction as every write that changes what it holds (document fields, annotations,
// PDF text), so a search never sees a half-written state.
import type { DocumentFields } from '../../../shared/schemas/document.ts';
import type { Db } from './database.ts';
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

/** Rewrites the index entry of one document from what the replica holds now. */
export function reindexDocument(db: Db, documentId: string): void {
  const row = stmt(db, 'SELECT row_no, data FROM documents WHERE id = ?').get(documentId) as { row_no: number; data: string } | undefined;
  if (!row) return;
  const data = JSON.parse(row.data) as DocumentFields;
  const notes = stmt(db, `SELECT type, text FROM annotations WHERE document_id = ? AND text IS NOT NULL`).all(documentId) as { type: string; text: string }[];
  const fulltext = stmt(db, 'SELECT text FROM document_fulltext WHERE document_id = ?').get(documentId) as { text: string } | undefined;
  stmt(db, 'DELETE FROM documents_fts WHERE rowid = ?').run(row.row_no);
  stmt(db, `INSERT INTO documents_fts (rowid, ${SEARCH_COLUMNS.map(([c]) => c).join(', ')}) VALUES (${SEARCH_COLUMNS.map(() => '?').join(', ')}, ?)`).run(
    row.row_no,
    data.title ?? '',
    people(data.authors),
    data.source ?? '',
    data.abstract ?? '',
    (data.keywords ?? []).join('; '),
    (data.tags ?? []).join('; '),
    notes.filter((n) => n.type === 'note').map((n) => n.text).join('\n'),
    notes.filter((n) => n.type !== 'note').map((n) => n.text).join('\n'),
    fulltext?.text ?? '',
  );
}

/**
 * Turns what a person typed into an FTS5 query that cannot be a syntax error: every term is
 * a quoted string (so AND, OR, NEAR, quotes, parentheses and stars are just text), terms
 * must all match, and the last one matches as a prefix while the person is still typing it.
 * Returns null when the input holds nothing searchable.
 */
export function toMatchQuery(input: string): string | null {
  const terms = input
    .normalize('NFC')
    .split(/\s+/)
    .map((term) => term.replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ').trim())
    .filter((term) => term.length > 0);
  if (terms.length === 0) return null;
  const stillTyping = !/\s$/.test(input);
  return terms
    .map((term, i) => `"${term.replace(/"/g, '""')}"${stillTyping && i === terms.length - 1 ? ' *' : ''}`)
    .join(' ');
}
