// How many catalog documents hold each search term (table catalog_search_terms, migrations
// 202611251020 and 202611251330), per year and open-access flag, kept in the same
// transaction as catalog_search: a word anywhere (simple search), and a word with its
// field's weight, 'A:word' (advanced search). A GIN index has no visibility information, so
// PostgreSQL counts the matches of a word by visiting a heap page for every match: a word in
// 100,000 documents costs seconds on a loaded machine. The documents of one word are
// instead a few rows here (one per year and flag; a search's year range and open_access
// filter choose among them), and the matches of several words are counted by inclusion and
// exclusion: each word's rows, less the documents holding two of them (visited in
// catalog_search, as few as the words rarely meet), and so on. Exact, as every part is read
// in one statement, under one snapshot.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../storage/tables.ts';
import { subsetsOfSize } from './searchTiers.ts';
import { allOf, unitCondition, type SearchUnit } from './postgresSearchUnits.ts';

type Queries = Kysely<Database>;

/**
 * A document's terms, once each: every lexeme of its fields and of its other words, and every
 * lexeme of its fields with each weight it has there (lexemes hold letters and digits only,
 * so a term with a colon is always one of these).
 */
const termsOf = (row: string) => {
  const fields = sql.ref(`${row}.fields`);
  return sql`LATERAL (SELECT unnest(tsvector_to_array(${fields} || ${sql.ref(`${row}.other`)}))
    UNION ALL SELECT DISTINCT w || ':' || f.lexeme FROM unnest(${fields}) f, unnest(f.weights) w) AS t(term)`;
};

/**
 * The year a document without one is counted under: the smallest integer, below any year a
 * search can name (four digits), so a year range never includes it.
 */
export const NO_YEAR = -2_147_483_648;

/** A row's key columns besides its term: its year (NO_YEAR when it has none) and its flag. */
const filterKey = sql`coalesce(s.year, ${sql.lit(NO_YEAR)}), s.open_access`;

/** Terms of the given rows of catalog_search, with how many of those rows hold each, per year and flag. */
const termCounts = (seqs: number[]) =>
  sql`SELECT term, ${filterKey}, count(*)::integer AS documents FROM catalog_search s, ${termsOf('s')}
    WHERE s.seq = ANY(${seqs}::integer[]) GROUP BY 1, 2, 3`;

/** Takes the terms of these documents' indexed rows off the counts: call before they are replaced or removed. */
export async function forgetTerms(db: Queries, seqs: number[]): Promise<void> {
  await sql`UPDATE catalog_search_terms t SET documents = t.documents - g.documents FROM (${termCounts(seqs)}) g(term, year, open_access, documents)
    WHERE t.term = g.term AND t.year = g.year AND t.open_access = g.open_access`.execute(db);
}

/** Adds the terms of these documents' indexed rows to the counts: call once they are written. */
export async function countTerms(db: Queries, seqs: number[]): Promise<void> {
  await sql`INSERT INTO catalog_search_terms (term, year, open_access, documents) ${termCounts(seqs)}
    ON CONFLICT (term, year, open_access) DO UPDATE SET documents = catalog_search_terms.documents + excluded.documents`.execute(db);
}

/** Counts every term of catalog_search anew (after the whole index was rebuilt). */
export async function recountTerms(db: Queries): Promise<void> {
  await sql`DELETE FROM catalog_search_terms`.execute(db);
  await sql`INSERT INTO catalog_search_terms (term, year, open_access, documents)
    SELECT term, ${filterKey}, count(*)::integer FROM catalog_search s, ${termsOf('s')} GROUP BY 1, 2, 3`.execute(db);
}

/** The filters of a search that the term counts' keys answer. */
export interface CountedFilters {
  minYear?: number;
  maxYear?: number;
  openAccess?: boolean;
}

/** The filters as conditions on a row `s` of catalog_search (the search's own WHERE, and the documents visited to count). */
export function rowFilters(filters: CountedFilters): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (filters.minYear !== undefined) conditions.push(sql<boolean>`s.year >= ${filters.minYear}`);
  if (filters.maxYear !== undefined) conditions.push(sql<boolean>`s.year <= ${filters.maxYear}`);
  if (filters.openAccess) conditions.push(sql<boolean>`s.open_access = 1`);
  return conditions;
}

/** The same filters on the term rows (NO_YEAR rows only when no year is named). */
function filteredRows(filters: CountedFilters): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [];
  if (filters.minYear !== undefined) conditions.push(sql`year >= ${filters.minYear}`);
  else if (filters.maxYear !== undefined) conditions.push(sql`year > ${sql.lit(NO_YEAR)}`);
  if (filters.maxYear !== undefined) conditions.push(sql`year <= ${filters.maxYear}`);
  if (filters.openAccess) conditions.push(sql`open_access = 1`);
  return conditions.length ? sql` AND ${sql.join(conditions, sql` AND `)}` : sql``;
}

/** What the term counts tell of a search's units: how to read their tiers (postgresSearchUnits.ts readsFromIndex). */
export interface TermStatistics {
  /** Documents holding each term under the search's filters. */
  held: Map<string, number>;
  /** Documents holding each term (and each weighted term's bare word) anywhere, unfiltered. */
  anywhere: Map<string, number>;
  /** Documents in the catalog, as the planner estimates it (0 when not yet analysed). */
  catalog: number;
}

/** A term's word without its field weight ('A:word' -> 'word'). */
export const bareWord = (term: string): string => term.slice(term.indexOf(':') + 1);

/** Reads the statistics of these terms and of their bare words in one statement. */
export async function termStatistics(db: Queries, terms: string[], filters: CountedFilters): Promise<TermStatistics> {
  const words = [...new Set([...terms, ...terms.map(bareWord)])];
  const { rows } = await sql<{ term: string; held: number; anywhere: number; catalog: number }>`SELECT term,
      coalesce(sum(documents) FILTER (WHERE true${filteredRows(filters)}), 0)::integer AS held, sum(documents)::integer AS anywhere,
      (SELECT greatest(reltuples, 0) FROM pg_class WHERE oid = 'catalog_search'::regclass)::float8 AS catalog
    FROM catalog_search_terms WHERE term = ANY(${words}::text[]) GROUP BY term`.execute(db);
  return {
    held: new Map(rows.map((row) => [row.term, row.held])),
    anywhere: new Map(rows.map((row) => [row.term, row.anywhere])),
    catalog: rows[0]?.catalog ?? 0,
  };
}

/** Units inclusion and exclusion counts: 2^n - 1 parts. */
const MAX_COUNTED_UNITS = 4;

/**
 * A word whose term is itself: to_tsquery('simple') makes one lexeme of a run of ASCII
 * letters and digits. Other words (which the parser might split) are counted by visiting.
 */
const ONE_LEXEME = /^[a-z0-9]+$/;

/** The term of a word (with the weight of its field for advanced search), if it is one lexeme. */
export function termOf(words: string[], weight?: string): string | undefined {
  if (words.length !== 1 || !ONE_LEXEME.test(words[0]!)) return undefined;
  return weight ? `${weight}:${words[0]}` : words[0];
}

/**
 * The statement counting the documents matching any of `units` and the filters: each unit's documents from
 * its term's rows, or visited when it has no term (a field of several words: documents
 * holding all of them, few beside those of one word), less those of two units or more,
 * visited, and so on. Undefined when no unit has a term (visiting them all is no cheaper).
 */
export function countByTerms(units: SearchUnit[], filters: CountedFilters = {}): RawBuilder<{ n: number }> | undefined {
  const terms = units.flatMap((u) => (u.term === undefined ? [] : [u.term]));
  if (!terms.length || units.length > MAX_COUNTED_UNITS || new Set(terms).size !== terms.length) return undefined;
  const filtered = rowFilters(filters);
  const visited = (condition: RawBuilder<boolean>) => sql`(SELECT count(*) FROM catalog_search s WHERE ${sql.join([condition, ...filtered], sql` AND `)})`;
  const parts: RawBuilder<unknown>[] = [sql`(SELECT coalesce(sum(documents), 0) FROM catalog_search_terms WHERE term = ANY(${terms}::text[])${filteredRows(filters)})`];
  for (const unit of units) if (unit.term === undefined) parts.push(sql`+ ${visited(unitCondition(unit))}`);
  for (let k = 2; k <= units.length; k++) {
    const sign = k % 2 ? sql`+` : sql`-`;
    for (const { included } of subsetsOfSize(units, k)) parts.push(sql`${sign} ${visited(allOf(included))}`);
  }
  return sql<{ n: number }>`SELECT (${sql.join(parts, sql` `)})::integer AS n`;
}
