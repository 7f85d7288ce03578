// What the library view asks for: a sorted, filtered page of documents, a count, one
// document, and a search. Every sort walks one of the documents_by_* indexes.
import type { Db } from './database.ts';
import { toLocalDocument, type DocumentRow } from './documentRows.ts';
import { invalid } from './errors.ts';
import { matchedRowNos } from './matchedRows.ts';
import { countViewMatches } from './searchCount.ts';
import { SEARCH_COLUMNS, matchPhrases, toMatchQuery } from './searchIndex.ts';
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
  read: 'read',
  starred: 'starred',
  file: 'file_attached',
  opened: 'last_opened_local',
} as const satisfies Record<DocumentSort, string>;

/** Flag sorts group by the flag, then by title within it (their indexes end so). */
const THEN_BY_TITLE: ReadonlySet<DocumentSort> = new Set(['read', 'starred', 'file']);

export type { DocumentFilter, DocumentListQuery, DocumentSort };

export const MAX_PAGE = 1000;

function page(limit: number | undefined, offset: number | undefined): { limit: number; offset: number } {
  const l = limit ?? 100;
  const o = offset ?? 0;
  if (!Number.isInteger(l) || l < 1 || l > MAX_PAGE) throw invalid(`limit must be a whole number from 1 to ${MAX_PAGE}`, 'limit');
  if (!Number.isInteger(o) || o < 0) throw invalid('offset must be a whole number, 0 or more', 'offset');
  return { limit: l, offset: o };
}

const FILTER_FIELDS = [
  'groupId', 'folderId', 'trashed', 'starred', 'unconfirmed', 'addedSince', 'opened', 'yearFrom', 'yearTo', 'type', 'unread', 'hasFile', 'tag', 'atMost',
] as const satisfies readonly (keyof SearchCountOptions)[];

// A filter field missing above would let two different filters share a remembered count.
type UnkeyedFilterField = Exclude<keyof SearchCountOptions, (typeof FILTER_FIELDS)[number]>;
const _everyFilterFieldKeyed: [UnkeyedFilterField] extends [never] ? true : UnkeyedFilterField = true;
void _everyFilterFieldKeyed;

/** The filter part of a query (not its sort or page) as a key: equal keys count the same rows. */
export function filterKey(query: SearchCountOptions): string {
  return JSON.stringify(FILTER_FIELDS.map((field) => query[field] ?? null));
}

function wholeNumber(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw invalid(`${field} must be a whole number`, field);
  return value;
}

/**
 * How a range filter (Recent's "added since", the filter bar's years) takes part in a sorted
 * list: 'index' lets SQLite walk that column's index for the range and sort what it finds
 * (a temporary B-tree over every match); 'filter' writes the terms so that no index serves
 * them (`+d.column`), and the sort key's index is walked in order, each row checked.
 */
type RangeUse = 'index' | 'filter';

function where(filter: DocumentFilter, ranges: RangeUse = 'index'): { join: string; clauses: string[]; params: Record<string, unknown> } {
  const range = ranges === 'filter' ? '+' : '';
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
    clauses.push(`${range}d.added_local >= @addedSince`);
    params.addedSince = filter.addedSince;
  }
  if (filter.opened) clauses.push('d.last_opened_local IS NOT NULL');
  if (filter.yearFrom !== undefined) {
    clauses.push(`${range}d.year >= @yearFrom`);
    params.yearFrom = wholeNumber(filter.yearFrom, 'yearFrom');
  }
  if (filter.yearTo !== undefined) {
    clauses.push(`${range}d.year <= @yearTo`);
    params.yearTo = wholeNumber(filter.yearTo, 'yearTo');
  }
  if (filter.type !== undefined) {
    if (typeof filter.type !== 'string') throw invalid('type must be a document type', 'type');
    clauses.push('d.type = @type');
    params.type = filter.type;
  }
  if (filter.unread) clauses.push('d.read = 0');
  if (filter.hasFile) clauses.push('d.file_attached = 1');
  if (filter.tag !== undefined) {
    if (typeof filter.tag !== 'string' || filter.tag === '') throw invalid('tag must be a non-empty string', 'tag');
    clauses.push('d.id IN (SELECT document_id FROM document_tags WHERE tag = @tag)');
    params.tag = filter.tag;
  }
  return { join, clauses, params };
}

/** The ORDER BY of a list's sort: its column, then (for flags) the title, then the id so no two rows tie. */
function orderBy(query: DocumentListQuery): string {
  const sort = query.sort ?? 'title';
  const column = SORT_COLUMNS[sort];
  if (!column) throw invalid(`Documents cannot be sorted by ${String(sort)}; use one of ${Object.keys(SORT_COLUMNS).join(', ')}`, 'sort');
  const direction = (query.order ?? 'asc') === 'desc' ? 'DESC' : 'ASC';
  const order = THEN_BY_TITLE.has(sort) ? `d.${column} ${direction}, d.sort_title ${direction}` : `d.${column} ${direction}`;
  return `${order}, d.id ${direction}`;
}

/** The statement and parameters of a sorted, filtered page (exported for plan tests). */
export function listStatement(query: DocumentListQuery = {}, ranges: RangeUse = 'index'): { sql: string; params: Record<string, unknown> } {
  const order = orderBy(query);
  const { limit, offset } = page(query.limit, query.offset);
  const { join, clauses, params } = where(query, ranges);
  return {
    sql: `SELECT d.* FROM documents d ${join} WHERE ${clauses.join(' AND ')} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
    params: { ...params, limit, offset },
  };
}

/**
 * Where a document stands in a sorted, filtered list (0 is the first row), or null when the
 * list does not hold it: "Show in library" scrolls there. It numbers the whole list once, in
 * the list's own order, so it agrees with the pages whatever the sort.
 */
export function documentPosition(db: Db, id: string, query: DocumentListQuery = {}): number | null {
  const { join, clauses, params } = where(query);
  const row = stmt(db, `SELECT position FROM (
      SELECT d.id, row_number() OVER (ORDER BY ${orderBy(query)}) - 1 AS position FROM documents d ${join} WHERE ${clauses.join(' AND ')}
    ) WHERE id = @id`).pluck().get({ ...params, id }) as number | undefined;
  return row ?? null;
}

/**
 * Beyond this many matches a range filter leaves the sort to the sort key's index: Recent
 * right after a first sync holds the whole library, and sorting its 100,000 matches by
 * title took over a second for every page. Below it, the matches are few enough to sort,
 * and walking the sort's index for them would read most of the library.
 */
export const SORTED_RANGE_MAX = 2_000;

/** Which way a list's range filter is served (RangeUse): by its own index only while its matches are few. */
export function rangeUse(db: Db, query: DocumentListQuery): RangeUse {
  const sort = query.sort ?? 'title';
  const ranged = (query.addedSince !== undefined && sort !== 'added') || ((query.yearFrom !== undefined || query.yearTo !== undefined) && sort !== 'year');
  if (!ranged) return 'index';
  const { join, clauses, params } = where(query);
  const matches = stmt(db, `SELECT count(*) FROM (SELECT 1 FROM documents d ${join} WHERE ${clauses.join(' AND ')} LIMIT @cap)`)
    .pluck().get({ ...params, cap: SORTED_RANGE_MAX + 1 }) as number;
  return matches > SORTED_RANGE_MAX ? 'filter' : 'index';
}

export function listDocuments(db: Db, query: DocumentListQuery = {}): LocalDocument[] {
  const { sql, params } = listStatement(query, rangeUse(db, query));
  return (stmt(db, sql).all(params) as DocumentRow[]).map(toLocalDocument);
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
 * Ranking costs time per match (bm25 reads every match's positions and sizes): beyond this
 * many matches (a common word or a short prefix) results come in two streamed parts
 * instead, which cost the same whatever the number of matches.
 */
export const RANKED_MATCHES_MAX = 400;

/**
 * A term in more documents than this weighs next to nothing in bm25 (its inverse document
 * frequency is low), yet bm25 reads its whole list of documents to learn that frequency:
 * "the" cost 30-40 ms at 100,000 documents. Such terms still must match, but the ranking
 * leaves them out.
 */
export const COMMON_TERM_MATCHES = 5000;

/**
 * Searches title, authors, source, abstract, keywords, tags, the note, annotation text and
 * PDF text, best match first (title hits weigh most). Accents and case do not matter; the
 * last word matches as a prefix; any input is safe (it is never read as query syntax).
 * At most RANKED_MATCHES_MAX matches are ranked, by their terms other than common ones; a
 * broader search (or one of common words only) lists the documents whose title holds every
 * term first and then the other matches, each part latest first, read from the index in
 * rowid order and stopped after the page.
 */
export function searchDocuments(db: Db, text: string, query: SearchQuery = {}): LocalDocument[] {
  const phrases = matchPhrases(text);
  if (phrases === null) return [];
  const match = phrases.join(' ');
  const { limit, offset } = page(query.limit, query.offset);
  const { join, clauses, params } = where(query);
  const countUpTo = (expression: string, cap: number) =>
    stmt(db, 'SELECT count(*) FROM (SELECT 1 FROM documents_fts WHERE documents_fts MATCH ? LIMIT ?)').pluck().get(expression, cap + 1) as number;
  // The matches are found once: a prefix no prefix table serves ("cover*" merges the lists of
  // every word starting so) costs about as much each time the query is run again. Latest
  // first, as the unranked pages and the count read the index: the same pages, read once.
  const matched = matchedRowNos(db, match, RANKED_MATCHES_MAX + 1);
  const ranking = matched.length <= RANKED_MATCHES_MAX
    ? phrases.filter((phrase) => phrases.length === 1 || countUpTo(phrase, COMMON_TERM_MATCHES) <= COMMON_TERM_MATCHES)
    : [];
  if (ranking.length) {
    // The ranked form sorts (row number, score, sort keys), not whole rows, and reads whole
    // rows for the page alone; "+rowid" keeps the match list a list to look in, not a
    // constraint FTS5 would re-run the query for per row.
    return (stmt(db, `SELECT d.* FROM (SELECT d.row_no, f.score, d.sort_title, d.id FROM (SELECT rowid AS row_no, ${bm25} AS score FROM documents_fts
          WHERE documents_fts MATCH @rank AND +rowid IN (SELECT value FROM json_each(@matched))) f
        JOIN documents d ON d.row_no = f.row_no ${join}
        WHERE ${clauses.join(' AND ')} ORDER BY f.score, d.sort_title, d.id LIMIT @limit OFFSET @offset) p
      JOIN documents d ON d.row_no = p.row_no ORDER BY p.score, p.sort_title, p.id`)
      .all({ ...params, rank: ranking.join(' '), matched: JSON.stringify(matched), limit, offset }) as DocumentRow[]).map(toLocalDocument);
  }
  const inTitles = `{title} : (${match})`;
  const latestFirst = (condition: string, bind: Record<string, unknown>) => stmt(db, `SELECT d.* FROM documents_fts JOIN documents d ON d.row_no = documents_fts.rowid ${join}
      WHERE ${condition} AND ${clauses.join(' AND ')}
      ORDER BY documents_fts.rowid DESC LIMIT @limit OFFSET @offset`).all({ ...params, ...bind }) as DocumentRow[];
  // Title hits up to the end of the page; when they run out before it, their number is known
  // and the other matches fill the rest of the page.
  const titleHits = latestFirst('documents_fts MATCH @titles', { titles: inTitles, limit: offset + limit, offset: 0 });
  const rows = titleHits.slice(offset);
  if (titleHits.length < offset + limit) {
    // FTS5 streams "all the terms, NOT all of them in the title" in rowid order like any match.
    rows.push(...latestFirst('documents_fts MATCH @others', {
      others: `(${match}) NOT ${inTitles}`, limit: limit - rows.length, offset: Math.max(0, offset - titleHits.length),
    }));
  }
  return rows.map(toLocalDocument);
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
  // A whole library view (no other filter): from the search index alone (searchCount.ts).
  if (clauses.length === 2 && !join) {
    const counted = countViewMatches(db, match, params.groupId as string | null, params.trashed as 0 | 1, filter.atMost);
    if (counted) return counted.count;
  }
  return stmt(db, `SELECT count(*) FROM (${matching} LIMIT @cap)`).pluck().get({ ...params, match, cap: filter.atMost + 1 }) as number;
}

/**
 * The personal library's tags: every tag's count over all documents, less its count over the
 * documents outside the library (the trash, the groups' libraries). Those are usually few,
 * so this reads the tag rows and not the whole library: joining every document of 100,000
 * to its tags took 150-600 ms on a loaded machine, right after the first rows were painted,
 * and the window's first sort waited behind it.
 */
const PERSONAL_TAGS = `WITH everywhere AS (SELECT tag, count(*) AS n FROM document_tags GROUP BY tag),
    outside AS (
      SELECT id FROM documents WHERE group_id IS NOT NULL
      UNION ALL SELECT id FROM documents WHERE group_id IS NULL AND trashed = 1),
    outside_tags AS (SELECT t.tag, count(*) AS n FROM outside o CROSS JOIN document_tags t ON t.document_id = o.id GROUP BY t.tag)
  SELECT e.tag AS tag, e.n - coalesce(o.n, 0) AS count FROM everywhere e LEFT JOIN outside_tags o ON o.tag = e.tag
  WHERE e.n - coalesce(o.n, 0) > 0 ORDER BY count DESC, e.tag COLLATE NOCASE`;

/** A group's tags: from its own documents (a group library is the smaller side). */
const GROUP_TAGS = `SELECT t.tag AS tag, count(*) AS count FROM document_tags t JOIN documents d ON d.id = t.document_id
    WHERE d.group_id = ? AND d.trashed = 0 GROUP BY t.tag ORDER BY count DESC, t.tag COLLATE NOCASE`;

/** The statement of listTags (exported for plan tests). */
export function tagsStatement(groupId: string | null): { sql: string; params: unknown[] } {
  return groupId === null ? { sql: PERSONAL_TAGS, params: [] } : { sql: GROUP_TAGS, params: [groupId] };
}

/** The tags of a library (not counting the trash), most used first, then by name. */
export function listTags(db: Db, groupId: string | null = null): { tag: string; count: number }[] {
  const { sql, params } = tagsStatement(groupId);
  return stmt(db, sql).all(...params) as { tag: string; count: number }[];
}

/** Records that this device opened a document now (Recently Read); local only, never synced. */
export function markOpened(db: Db, id: string, at: string = new Date().toISOString()): boolean {
  return stmt(db, 'UPDATE documents SET last_opened_local = ? WHERE id = ?').run(at, id).changes > 0;
}
