// The ranking units of a PostgreSQL catalog search as conditions on a row `s` of
// catalog_search: a simple-search word (in any field or among the other words) or an
// advanced-search field (all its words with that field's weight). Rows holding several
// units at once (the intersections that counts and the top tiers read) are asked of the
// GIN index as one tsquery, `'a' & 'b'`: GIN then walks the rarer word's postings and
// skips through the common one's, where a condition per unit built a bitmap of every
// match of each word (100,000 entries for a common one, past work_mem, so the heap pages
// of both words were visited and rechecked) and intersected them.
import { sql, type RawBuilder } from 'kysely';

export interface SearchUnit {
  /** The unit's tsquery text: quoted lexemes of letters and digits, with a field's weight. */
  query: string;
  /** A simple-search word, which matches among the other words too. */
  other: boolean;
  /** Its entry in catalog_search_terms, when the unit is one lexeme (postgresSearchTerms.ts). */
  term?: string;
}

const tsquery = (query: string) => sql`to_tsquery('simple', ${query})`;

/** Rows holding the unit. */
export function unitCondition(unit: SearchUnit): RawBuilder<boolean> {
  return unit.other
    ? sql<boolean>`(s.fields @@ ${tsquery(unit.query)} OR s.other @@ ${tsquery(unit.query)})`
    : sql<boolean>`(s.fields @@ ${tsquery(unit.query)})`;
}

/**
 * Rows holding every one of the units. Simple-search words may each be in the fields or the
 * other words: the rows holding them all in the fields, from one tsquery, and those holding
 * one among the other words (few: keywords, identifiers, publishers), tested unit by unit.
 */
export function allOf(units: SearchUnit[]): RawBuilder<boolean> {
  if (units.length === 1) return unitCondition(units[0]!);
  const inFields = sql<boolean>`s.fields @@ ${tsquery(units.map((u) => `(${u.query})`).join(' & '))}`;
  const others = units.filter((u) => u.other);
  if (!others.length) return sql<boolean>`(${inFields})`;
  const eachUnit = sql.join(units.map(unitCondition), sql` AND `);
  return sql<boolean>`(${inFields} OR (s.other @@ ${tsquery(others.map((u) => `(${u.query})`).join(' | '))} AND ${eachUnit}))`;
}

/**
 * Rows the key walk tests for the cost of one row read through the index: the walk reads
 * heap pages in order, about ten rows each, the index one page a row, anywhere.
 */
const WALKED_PER_INDEXED = 10;

/**
 * Whether the rows of one unit (a tier's subset, newest first) are cheaper read from the
 * index and sorted than by walking catalog_search's key backwards, testing each row. The
 * index reads every document holding the unit's word anywhere (field weights and filters
 * are tested on the row); the walk tests about need × catalog / held rows, held being the
 * documents holding the unit under the filters. The planner knows neither weights nor how
 * rare a word is in one field: a word common in venues but rare in titles made it walk
 * 155,075 rows for 9 matches.
 */
export function readsFromIndex(anywhere: number, held: number, need: number, catalog: number): boolean {
  return anywhere * held * WALKED_PER_INDEXED <= need * Math.max(catalog, anywhere);
}
