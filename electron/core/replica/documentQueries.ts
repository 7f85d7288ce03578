// What the library view asks for: a sorted, filtered page of documents, a count, one
// document, and a search. Every sort walks one of the documents_by_* indexes.
import type { Db } from './database.ts';
import { toLocalDocument, type DocumentRow } from './documentRows.ts';
import { invalid } from './errors.ts';
import { SEARCH_COLUMNS, toMatchQuery } from './searchIndex.ts';
import { stmt } from './statements.ts';
import type { LocalDocument } from './types.ts';
import type { DocumentFilter, DocumentListQuery, DocumentSort } from '../../../shared/bridge/libraryTypes.ts';

export const SORT_COLUMNS = {
  title: 'sort_title',
  first_author: 'sort_author',
  year: 'year',
  source: 'sort_source',
  type: 'type',
  added: 'added_local',
  modified: 'modified_local',
} as const satisfies Record<DocumentSort, string>;

export type { DocumentFilter, DocumentListQuery, DocumentSort };

export const MAX_PAGE = 1000;

function page(limit: number | undefined, offset: number | undefined): { limit: number; offset: number } {
  const l = limit ?? 100;
  const o = offset ?? 0;
  if (!Number.isInteger(l) || l < 1 || l > MAX_PAGE) throw invalid(`limit must be a whole number from 1 to ${MAX_PAGE}`, 'limit');
  if (!Number.isInteger(o) || o < 0) throw invalid('offset must be a whole number, 0 or more', 'offset');
  return { limit: l, offset: o };
}

function where(filter: DocumentFilter): { join: string; clauses: string[]; params: Record<string, unknown> } {
  const clauses = ['d.group_id IS @groupId', 'd.trashed = @trashed'];
  const params: Record<string, unknown> = { groupId: filter.groupId ?? null, trashed: filter.trashed ? 1 : 0 };
  let join = '';
  if (filter.folderId !== undefined) {
    join = 'JOIN folder_documents fd ON fd.document_id = d.id AND fd.folder_id = @folderId';
    params.folderId = filter.folderId;
  }
  if (filter.starred) clauses.push('d.starred = 1');
  if (filter.unconfirmed) clauses.push('d.confirmed = 0');
  if (filter.addedSince !== undefined) {
    clauses.push('d.added_local >= @addedSince');
    params.addedSince = filter.addedSince;
  }
  return { join, clauses, params };
}

export function listDocuments(db: Db, query: DocumentListQuery = {}): LocalDocument[] {
  const sort = query.sort ?? 'title';
  const column = SORT_COLUMNS[sort];
  if (!column) throw invalid(`Documents cannot be sorted by ${String(sort)}; use one of ${Object.keys(SORT_COLUMNS).join(', ')}`, 'sort');
  const direction = (query.order ?? 'asc') === 'desc' ? 'DESC' : 'ASC';
  const { limit, offset } = page(query.limit, query.offset);
  const { join, clauses, params } = where(query);
  const rows = stmt(db, `SELECT d.* FROM documents d ${join} WHERE ${clauses.join(' AND ')}
    ORDER BY d.${column} ${direction}, d.id ${direction} LIMIT @limit OFFSET @offset`).all({ ...params, limit, offset }) as DocumentRow[];
  return rows.map(toLocalDocument);
}

export function countDocuments(db: Db, filter: DocumentFilter = {}): number {
  const { join, clauses, params } = where(filter);
  return stmt(db, `SELECT count(*) FROM documents d ${join} WHERE ${clauses.join(' AND ')}`).pluck().get(params) as number;
}

export function getDocument(db: Db, id: string): LocalDocument | undefined {
  const row = stmt(db, 'SELECT * FROM documents WHERE id = ?').get(id) as DocumentRow | undefined;
  return row && toLocalDocument(row);
}

export interface SearchQuery extends DocumentFilter {
  limit?: number;
  offset?: number;
}

const bm25 = `bm25(documents_fts, ${SEARCH_COLUMNS.map(([, weight]) => weight).join(', ')})`;

/**
 * Ranking costs time per match: beyond this many (a two-letter prefix typed into a large
 * library matches most of it) results come in title order instead, which an index serves.
 */
export const RANKED_MATCHES_MAX = 2000;

/**
 * Searches title, authors, source, abstract, keywords, tags, the note, annotation text and
 * PDF text, best match first (title hits weigh most). Accents and case do not matter; the
 * last word matches as a prefix; any input is safe (it is never read as query syntax).
 * At most RANKED_MATCHES_MAX matches are ranked (bm25 costs time per match); a broader
 * search (a word or prefix most documents share) lists its latest matches first, streamed
 * from the index so that a page costs the same whatever the number of matches.
 */
export function searchDocuments(db: Db, text: string, query: SearchQuery = {}): LocalDocument[] {
  const match = toMatchQuery(text);
  if (match === null) return [];
  const { limit, offset } = page(query.limit, query.offset);
  const { join, clauses, params } = where(query);
  const all = { ...params, match, limit, offset };
  const matches = stmt(db, 'SELECT count(*) FROM (SELECT 1 FROM documents_fts WHERE documents_fts MATCH ? LIMIT ?)').pluck().get(match, RANKED_MATCHES_MAX + 1) as number;
  if (matches <= RANKED_MATCHES_MAX) {
    // The ranked form sorts (row number, score) pairs, not whole rows.
    return (stmt(db, `SELECT d.* FROM (SELECT rowid AS row_no, ${bm25} AS score FROM documents_fts WHERE documents_fts MATCH @match) f
        JOIN documents d ON d.row_no = f.row_no ${join}
        WHERE ${clauses.join(' AND ')} ORDER BY f.score, d.sort_title, d.id LIMIT @limit OFFSET @offset`).all(all) as DocumentRow[]).map(toLocalDocument);
  }
  // Many matches: newest rows first, read from the index in rowid order and stopped after
  // the page (sorting every match by title cost 10-25 ms at 100,000 documents).
  return (stmt(db, `SELECT d.* FROM documents_fts JOIN documents d ON d.row_no = documents_fts.rowid ${join}
      WHERE documents_fts MATCH @match AND ${clauses.join(' AND ')}
      ORDER BY documents_fts.rowid DESC LIMIT @limit OFFSET @offset`).all(all) as DocumentRow[]).map(toLocalDocument);
}

export interface SearchCountOptions extends DocumentFilter {
  /**
   * Count no further than this: the answer is then at most atMost + 1, which the search box
   * shows as "1,000+" (counting every match of a common word costs time per match).
   */
  atMost?: number;
}

export function countSearchResults(db: Db, text: string, filter: SearchCountOptions = {}): number {
  const match = toMatchQuery(text);
  if (match === null) return 0;
  const { join, clauses, params } = where(filter);
  const matching = `SELECT 1 FROM documents_fts JOIN documents d ON d.row_no = documents_fts.rowid ${join}
    WHERE documents_fts MATCH @match AND ${clauses.join(' AND ')}`;
  if (filter.atMost === undefined) return stmt(db, `SELECT count(*) FROM (${matching})`).pluck().get({ ...params, match }) as number;
  if (!Number.isInteger(filter.atMost) || filter.atMost < 0) throw invalid('atMost must be a whole number, 0 or more', 'atMost');
  return stmt(db, `SELECT count(*) FROM (${matching} LIMIT @cap)`).pluck().get({ ...params, match, cap: filter.atMost + 1 }) as number;
}
