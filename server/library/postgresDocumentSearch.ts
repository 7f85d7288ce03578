// The library search index on PostgreSQL (table documents_search, migration
// 202611242000-document-search-postgres): what SQLite's FTS5 table holds, as tsvectors with
// GIN indexes. The vectors are built here, from words cut and folded exactly as the query's
// words and the scoring's text are (documentSearch.ts), so both engines match the same
// words whatever the database's locale.
//   words   every searchable column, for simple terms; the columns lie apart, so a phrase
//           never spans two of them (as in FTS5);
//   fields  title A, authors B, source C, abstract D, for advanced fields.
// Both hold the document's library as one lexeme that no user word can reach ('#p<profile>'
// or '#g<group>'; none in the trash), so the index itself keeps each library to itself.
// The document store indexes each document in the transaction that writes it; a trigger
// marks the row of a document written any other way as stale, and a search first indexes
// the stale rows (catchUpDocumentSearch). Deleting a document deletes its row (CASCADE).
// User words reach PostgreSQL only inside a tsquery literal, quoted and made of letters and
// digits: no input can produce a tsquery syntax error.
import { sql, type RawBuilder } from 'kysely';
import type { ServiceDb } from '../storage/engines/serviceDb.ts';
import type { DocumentsTable } from '../storage/tables.ts';
import type { StoredDocument } from './documentReads.ts';
import { ADVANCED_FIELDS, wordsOf, type SearchCriteria } from './documentSearch.ts';
import type { LibraryScope } from './documentQueries.ts';

type IndexedRow = Pick<DocumentsTable, 'id' | 'profile_id' | 'group_id' | 'title' | 'year' | 'trashed_at' | 'data'>;

/** PostgreSQL's bounds: positions up to 16,383, lexemes under 2,047 bytes. */
const MAX_POSITION = 16_383;
/** Longer words are indexed and looked for by their first 500 characters (under 2,000 bytes); the scoring compares them whole. */
const MAX_WORD_LENGTH = 500;

const isTooLong = (word: string) => word.length > MAX_WORD_LENGTH && [...word].length > MAX_WORD_LENGTH;
const indexedWord = (word: string) => (isTooLong(word) ? [...word].slice(0, MAX_WORD_LENGTH).join('') : word);
/** Positions kept per lexeme (PostgreSQL keeps 256); enough for phrases, and the vector stays small. */
const MAX_POSITIONS = 256;
/**
 * A tsvector's lexemes and positions take at most 1 MiB: a document with more words is
 * indexed by its first ones. Counted as PostgreSQL stores them: the lexeme's bytes, up to
 * one of alignment and two of position count, and two bytes a position.
 */
const MAX_VECTOR_BYTES = 1_000_000;

const WEIGHT = { title: 'A', author: 'B', source: 'C', abstract: 'D' } as const;

/** A lexeme in tsvector and tsquery syntax: quoted, its quotes and backslashes escaped. */
const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

function scopeLexeme(scope: LibraryScope): string | undefined {
  if (scope.kind === 'nobody') return undefined;
  return scope.kind === 'group' ? `#g${scope.groupId}` : `#p${scope.profileId}`;
}

function rowScope(row: IndexedRow): LibraryScope | undefined {
  if (row.trashed_at !== null) return undefined;
  return row.group_id === null ? { kind: 'personal', profileId: row.profile_id } : { kind: 'group', groupId: row.group_id };
}

/** A tsvector literal built column by column. */
class VectorText {
  private readonly positions = new Map<string, string[]>();
  private position = 0;
  private bytes = 0;

  constructor(scope: LibraryScope | undefined) {
    const lexeme = scope && scopeLexeme(scope);
    if (lexeme) this.positions.set(lexeme, []);
  }

  column(text: string, weight = ''): this {
    for (const found of wordsOf(text)) {
      this.position = Math.min(this.position + 1, MAX_POSITION);
      const word = indexedWord(found);
      let list = this.positions.get(word);
      if (!list) {
        const cost = Buffer.byteLength(word) + 3;
        if (this.bytes + cost + 2 > MAX_VECTOR_BYTES) continue;
        this.bytes += cost;
        this.positions.set(word, (list = []));
      }
      const entry = `${this.position}${weight}`;
      if (list.length < MAX_POSITIONS && list[list.length - 1] !== entry && this.bytes + 2 <= MAX_VECTOR_BYTES) {
        list.push(entry);
        this.bytes += 2;
      }
    }
    // A position left empty: "x y" across two columns is no phrase.
    this.position = Math.min(this.position + 1, MAX_POSITION);
    return this;
  }

  toString(): string {
    return [...this.positions].map(([lexeme, list]) => (list.length ? `${quoted(lexeme)}:${list.join(',')}` : quoted(lexeme))).join(' ');
  }
}

const strings = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((x): x is string => typeof x === 'string');
  if (value && typeof value === 'object') return Object.values(value).filter((x): x is string => typeof x === 'string');
  return [];
};

const scalar = (value: unknown) => (value === null || value === undefined || typeof value === 'object' ? '' : String(value));

/** The columns SQLite's index holds for a document (migration 202611241105-document-search-index). */
function searchColumnsOf(row: IndexedRow): Record<(typeof ADVANCED_FIELDS)[number] | 'other', string> {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.data);
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    // Stored data is always JSON; an unreadable row is still found by its title.
  }
  const authors = Array.isArray(data.authors) ? data.authors.filter((a): a is Record<string, unknown> => Boolean(a) && typeof a === 'object' && !Array.isArray(a)) : [];
  return {
    title: row.title,
    author: authors.map((a) => `${scalar(a.first_name)} ${scalar(a.last_name)}`).join(' ; '),
    source: typeof data.source === 'string' ? data.source : '',
    abstract: typeof data.abstract === 'string' ? data.abstract : '',
    other: [...strings(data.keywords), ...strings(data.tags), ...strings(data.identifiers)].join(' ; '),
  };
}

/** The index row of a document: its year and both vectors as tsvector literals. */
export function searchRowOf(row: IndexedRow): { id: string; year: number | null; words: string; fields: string } {
  const columns = searchColumnsOf(row);
  const scope = rowScope(row);
  const words = new VectorText(scope);
  for (const column of [columns.title, columns.author, columns.source, columns.abstract, columns.other]) words.column(column);
  const fields = new VectorText(scope);
  for (const field of ADVANCED_FIELDS) fields.column(columns[field], WEIGHT[field]);
  return { id: row.id, year: row.year, words: String(words), fields: String(fields) };
}

/** Writes (or rewrites) the index rows of documents, keeping each one's place in the index order. */
export async function indexDocumentsPostgres(db: ServiceDb, rows: readonly IndexedRow[]): Promise<void> {
  if (!rows.length) return;
  const values = rows.map(searchRowOf).map((r) => sql`(${r.id}, ${r.year}::integer, ${r.words}::tsvector, ${r.fields}::tsvector)`);
  await sql`INSERT INTO documents_search (id, year, words, fields) VALUES ${sql.join(values)}
    ON CONFLICT (id) DO UPDATE SET year = excluded.year, words = excluded.words, fields = excluded.fields, stale = NULL`.execute(db);
}

/** Stale rows indexed per statement. */
const CATCH_UP_BATCH = 500;

/**
 * Indexes the documents whose rows a write outside the document store marked stale. Each
 * batch locks its rows and skips rows locked elsewhere (another instance catching up, or a
 * write in progress, which marks or indexes its row itself), so instances never wait for
 * or deadlock on one another. A row is rewritten only if no write marked it again since it
 * was read, so a concurrent edit is never overwritten by the text read before it.
 */
export async function catchUpDocumentSearch(db: ServiceDb): Promise<number> {
  const { rows: pending } = await sql`SELECT 1 FROM documents_search WHERE stale IS NOT NULL LIMIT 1`.execute(db);
  if (!pending.length) return 0;
  let indexed = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<IndexedRow & { stale: string }>`SELECT d.id, d.profile_id, d.group_id, d.title, d.year, d.trashed_at, d.data, s.stale
        FROM documents_search s JOIN documents d ON d.id = s.id WHERE s.stale IS NOT NULL
        LIMIT ${CATCH_UP_BATCH} FOR UPDATE OF s SKIP LOCKED`.execute(trx);
      if (!rows.length) return 0;
      const values = rows.map((row) => {
        const r = searchRowOf(row);
        return sql`(${r.id}, ${row.stale}::bigint, ${r.year}::integer, ${r.words}::tsvector, ${r.fields}::tsvector)`;
      });
      await sql`UPDATE documents_search s SET year = v.year, words = v.words, fields = v.fields, stale = NULL
        FROM (VALUES ${sql.join(values)}) AS v (id, stale, year, words, fields)
        WHERE s.id = v.id AND s.stale = v.stale`.execute(trx);
      return rows.length;
    });
    indexed += batch;
    if (batch < CATCH_UP_BATCH) return indexed;
  }
}

/** Documents indexed per statement (4 parameters each). */
const REBUILD_BATCH = 1_000;

/** Indexes every document (existing ones when the index is made; after a copy from SQLite), oldest first; returns how many. */
export async function rebuildDocumentSearch(db: ServiceDb): Promise<number> {
  let indexed = 0;
  let after: { created: string; id: string } | undefined;
  for (;;) {
    let query = db.selectFrom('documents').select(['id', 'profile_id', 'group_id', 'title', 'year', 'trashed_at', 'data', 'created']);
    if (after) {
      const { created, id } = after;
      query = query.where((eb) => eb.or([eb('created', '>', created), eb.and([eb('created', '=', created), eb('id', '>', id)])]));
    }
    const rows = await query.orderBy('created').orderBy('id').limit(REBUILD_BATCH).execute();
    await indexDocumentsPostgres(db, rows);
    indexed += rows.length;
    if (rows.length < REBUILD_BATCH) return indexed;
    after = rows[rows.length - 1]!;
  }
}

/** A term as a tsquery phrase whose last word is a prefix ("birds of" matches "birds of the"), in one weight if given. */
function phraseOf(term: string, weight = ''): string | undefined {
  const words = wordsOf(term);
  if (!words.length) return undefined;
  const operand = (word: string, i: number) => {
    const suffix = `${i === words.length - 1 || isTooLong(word) ? '*' : ''}${weight}`;
    return suffix ? `${quoted(indexedWord(word))}:${suffix}` : quoted(word);
  };
  return `(${words.map(operand).join(' <-> ')})`;
}

/** The tsquery of each vector for the criteria, the rules of SQLite's matchQueryOf: undefined when there is nothing to look for. */
export function tsqueriesOf(scope: LibraryScope, criteria: SearchCriteria, every: boolean): { words?: string; fields?: string } | undefined {
  const lexeme = scopeLexeme(scope);
  if (!lexeme) return undefined;
  const termUnits = criteria.terms.map((term) => phraseOf(term)).filter((unit): unit is string => unit !== undefined);
  const fieldUnits: string[] = [];
  for (const field of ADVANCED_FIELDS) {
    const phrases = (criteria.fields[field] ?? []).map((term) => phraseOf(term, WEIGHT[field]));
    if (phrases.length && phrases.every(Boolean)) fieldUnits.push(`(${phrases.join(' & ')})`);
  }
  if (!termUnits.length && !fieldUnits.length) return undefined;
  const join = (units: string[]) => (units.length ? `${quoted(lexeme)} & (${units.join(every ? ' & ' : ' | ')})` : undefined);
  return { words: join(termUnits), fields: join(fieldUnits) };
}

/**
 * At most `limit` documents of the scope matching the tsqueries, newest indexed first. The
 * matching reads only the GIN indexes and the matched index rows; documents are read for
 * the rows kept.
 */
export async function matchingDocumentsPostgres(
  db: ServiceDb,
  queries: { words?: string; fields?: string },
  every: boolean,
  years: { minYear?: number; maxYear?: number },
  limit: number,
): Promise<StoredDocument[]> {
  return (await matchingDocumentsQuery(queries, every, years, limit).execute(db)).rows;
}

/** The statement of matchingDocumentsPostgres (its plan is tested). */
export function matchingDocumentsQuery(
  queries: { words?: string; fields?: string },
  every: boolean,
  years: { minYear?: number; maxYear?: number },
  limit: number,
): RawBuilder<StoredDocument> {
  const matches: RawBuilder<boolean>[] = [];
  if (queries.words) matches.push(sql<boolean>`s.words @@ ${queries.words}::tsquery`);
  if (queries.fields) matches.push(sql<boolean>`s.fields @@ ${queries.fields}::tsquery`);
  const filters = [sql<boolean>`(${sql.join(matches, every ? sql` AND ` : sql` OR `)})`];
  // Year bounds exclude documents without a year (NULL fails both comparisons).
  if (years.minYear !== undefined) filters.push(sql<boolean>`s.year >= ${years.minYear}`);
  if (years.maxYear !== undefined) filters.push(sql<boolean>`s.year <= ${years.maxYear}`);
  // The documents of the (at most `limit`) matches are read by key, one probe each (OFFSET 0
  // keeps the planner from turning that into a scan of the documents to hash them).
  return sql<StoredDocument>`SELECT d.*
    FROM (SELECT s.id, s.key FROM documents_search s WHERE ${sql.join(filters, sql` AND `)} ORDER BY s.key DESC LIMIT ${limit}) m
    CROSS JOIN LATERAL (SELECT d.*, octet_length(d.data) AS data_length FROM documents d WHERE d.id = m.id AND d.trashed_at IS NULL OFFSET 0) d
    ORDER BY m.key DESC`;
}
