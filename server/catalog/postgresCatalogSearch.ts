// The catalog's text search on PostgreSQL (table catalog_search, migration 202611241105):
// the same criteria and ranking rules as SQLite's FTS5 search (catalogSearch.ts). Text is
// folded as the SQLite tokenizer folds it (lower case, accents removed, split at anything
// but letters and digits) before the 'simple' configuration makes lexemes of it, so the
// same words match on both engines. User words reach to_tsquery only as quoted lexemes of
// letters and digits: no input can produce a tsquery syntax error.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../storage/tables.ts';
import { foldText } from './dedupe.ts';
import { rowFields } from './catalogFields.ts';
import { indexedTextOf } from './catalogStore.ts';
import { catalogChanged, PostgresSearchMemory } from './postgresSearchMemory.ts';
import { MAX_TIERED_UNITS, subsetsOfSize, TierWindow, type TierMarker } from './searchTiers.ts';
import { bareWord, countByTerms, countTerms, forgetTerms, recountTerms, rowFilters, termOf, termStatistics, type TermStatistics } from './postgresSearchTerms.ts';
import { allOf, readsFromIndex, unitCondition, type SearchUnit } from './postgresSearchUnits.ts';
import { SEARCH_FIELDS, peopleText, type IndexedText, type SearchCriteria, type SearchField, type SearchWindow } from './catalogSearch.ts';

type Queries = Kysely<Database>;

/** Matches up to which each is scored (ts_rank reads every match's tsvector). */
const SCORE_LIMIT = 1_000;

/** The weight of each field's lexemes in `fields`; advanced search asks for a word with its field's weight. */
const WEIGHT: Record<SearchField, 'A' | 'B' | 'C' | 'D'> = { title: 'A', author: 'B', source: 'C', abstract: 'D' };

const lexemes = (text: string | undefined): RawBuilder<unknown> => sql`to_tsvector('simple', ${foldText(text ?? '')})`;

/** The row of catalog_search for one document, as SQL values. */
function searchRow(seq: number, text: IndexedText): RawBuilder<unknown> {
  const fields = sql`setweight(${lexemes(text.title)}, 'A') || setweight(${lexemes(peopleText(text.authors))}, 'B')
    || setweight(${lexemes(text.source)}, 'C') || setweight(${lexemes(text.abstract)}, 'D')`;
  return sql`(${seq}, ${fields}, ${lexemes((text.other ?? []).join(' ; '))}, ${text.year ?? null}::integer, ${text.openAccess ? 1 : 0})`;
}

/** Indexes documents (seq and text), replacing what was indexed for them. */
export async function indexPostgres(db: Queries, seq: number, text: IndexedText): Promise<void> {
  await indexManyPostgres(db, [[seq, text]]);
}

/** Writes documents' rows; `terms` keeps catalog_search_terms in step (a rebuild recounts once instead). */
async function indexManyPostgres(db: Queries, documents: [number, IndexedText][], terms = true): Promise<void> {
  if (!documents.length) return;
  const seqs = documents.map(([seq]) => seq);
  if (terms) await forgetTerms(db, seqs);
  await sql`INSERT INTO catalog_search (seq, fields, other, year, open_access)
            VALUES ${sql.join(documents.map(([seq, text]) => searchRow(seq, text)))}
            ON CONFLICT (seq) DO UPDATE SET fields = excluded.fields, other = excluded.other, year = excluded.year, open_access = excluded.open_access`.execute(db);
  if (terms) await countTerms(db, seqs);
}

export async function unindexPostgres(db: Queries, seq: number): Promise<void> {
  await forgetTerms(db, [seq]);
  await sql`DELETE FROM catalog_search WHERE seq = ${seq}`.execute(db);
}

/** A folded word as a tsquery operand: quoted, and limited to one field's weight when given. */
const operand = (word: string, weight?: string) => `'${word.replace(/[^\p{L}\p{N}]/gu, '')}'${weight ? `:${weight}` : ''}`;

/**
 * One condition per ranking unit (a word of simple search, in any field or the other words;
 * a field of advanced search, all its words in that field); rows matching any unit are
 * ranked by how many they match, then by ts_rank while the matches are few enough to score
 * all, beyond that newest first (as SQLite's tiers order them).
 */
export async function searchPostgres(db: Queries, criteria: SearchCriteria, window: SearchWindow, scoreLimit = SCORE_LIMIT): Promise<{ seqs: number[]; total?: number }> {
  const memory = PostgresSearchMemory.of(db);
  const generation = await memory.generation(db);
  const key = JSON.stringify([criteria.terms, criteria.fields, criteria.minYear, criteria.maxYear, criteria.openAccess, window.offset, window.limit, window.withTotal, window.after, scoreLimit]);
  return memory.answer(generation, key, () => searchIndex(db, criteria, window, scoreLimit, (query, compute) => memory.count(generation, query, compute)));
}

/** Counts the matches of a query (given by its compiled text), remembering the count. */
type Counter = (query: string, compute: () => Promise<number>) => Promise<number>;

async function searchIndex(db: Queries, criteria: SearchCriteria, window: SearchWindow, scoreLimit: number, counted: Counter): Promise<{ seqs: number[]; total?: number }> {
  const rankingUnits: SearchUnit[] = [];
  const anyWords: string[] = [];
  if (criteria.terms?.length) {
    for (const term of criteria.terms) {
      anyWords.push(operand(term));
      rankingUnits.push({ query: operand(term), other: true, term: termOf([term]) });
    }
  } else {
    for (const field of SEARCH_FIELDS) {
      const words = criteria.fields?.[field];
      if (!words?.length) continue;
      const query = words.map((w) => operand(w, WEIGHT[field])).join(' & ');
      anyWords.push(`(${query})`);
      rankingUnits.push({ query, other: false, term: termOf(words, WEIGHT[field]) });
    }
  }
  const units = rankingUnits.map(unitCondition);
  if (!units.length) return { seqs: [], total: window.withTotal ? 0 : undefined };
  const filtered = rowFilters(criteria);
  const where = sql.join([sql<boolean>`(${sql.join(units, sql` OR `)})`, ...filtered], sql` AND `);
  // Units of one word are counted from catalog_search_terms, filters and all; others by visiting their own matches (postgresSearchTerms.ts).
  const byTerms = countByTerms(rankingUnits, criteria);
  const count = (limit?: number) => {
    const query = limit === undefined
      ? (byTerms ?? sql<{ n: number }>`SELECT count(*)::integer AS n FROM catalog_search s WHERE ${where}`).compile(db)
      : sql<{ n: number }>`SELECT count(*)::integer AS n FROM (SELECT 1 FROM catalog_search s WHERE ${where} LIMIT ${limit}) m`.compile(db);
    return counted(JSON.stringify([query.sql, query.parameters]), async () => (await db.executeQuery(query)).rows[0]?.n ?? 0);
  };

  if (!window.limit) return { seqs: [], total: window.withTotal ? await count() : undefined };
  // The order needs to know only whether the matches are more than are scored: a count that
  // stops there reads at most scoreLimit + 1 of them. The exact count, which reads every
  // match (a heap page each), is made only for the first page, beside the page's own query.
  // A first page counted from the term counts has its exact count first: as cheap as the probe.
  const exactFirst = Boolean(byTerms && window.withTotal);
  const probed = await count(exactFirst ? undefined : scoreLimit + 1);
  if (!probed) return { seqs: [], total: window.withTotal ? 0 : undefined };
  const many = probed > scoreLimit;
  const total = window.withTotal ? (many && !exactFirst ? count() : Promise.resolve(probed)) : Promise.resolve(undefined);
  const page = many && units.length <= MAX_TIERED_UNITS ? markerTier(db, units, where, window.after).then((marker) => tiered(db, rankingUnits, criteria, filtered, window, marker)) : ranked(db, units, anyWords, where, many, window);
  const [seqs, matches] = await Promise.all([page, total]);
  return { seqs, total: matches };
}

/**
 * One page ordered by matched units, then by ts_rank while the matches are few enough to
 * score all, or newest first past that (units too many to read by tiers).
 */
async function ranked(db: Queries, units: RawBuilder<boolean>[], anyWords: string[], where: RawBuilder<unknown>, many: boolean, window: SearchWindow): Promise<number[]> {
  const hits = units.length === 1 ? sql`1` : sql`(${sql.join(units.map((u) => sql`${u}::int`), sql` + `)})`;
  const order = many
    ? sql`ORDER BY hits DESC, s.seq DESC`
    : sql`ORDER BY hits DESC, ts_rank(s.fields, to_tsquery('simple', ${anyWords.join(' | ')})) DESC, s.seq`;
  const rows = await sql<{ seq: number }>`SELECT s.seq, ${hits} AS hits FROM catalog_search s WHERE ${where}
    ${order} LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db);
  return rows.rows.map((r) => r.seq);
}

/**
 * Rows matching exactly k units, for k from all units down to one (or from the marker's row
 * on), newest first within a k (searchTiers.ts): the order `hits DESC, seq DESC` without
 * computing every match's hits. Ranking every match tested each unit against every matching
 * row's tsvector (most of a cold query on common words at 1M).
 */
async function tiered(db: Queries, units: SearchUnit[], criteria: SearchCriteria, filters: RawBuilder<boolean>[], window: SearchWindow, marker?: TierMarker): Promise<number[]> {
  const statistics = await termStatistics(db, units.flatMap((u) => (u.term === undefined ? [] : [u.term])), criteria);
  const tiers = new TierWindow(window, marker);
  for (let k = tiers.firstTier(units.length); k >= 1 && !tiers.full; k--) {
    const need = tiers.need;
    const below = tiers.below(k);
    const older = below === undefined ? [] : [sql<boolean>`s.seq < ${below}`];
    const subsets = subsetsOfSize(units, k).map(async ({ included, excluded }) => {
      const conditions = [allOf(included), ...excluded.map((u) => sql<boolean>`NOT ${unitCondition(u)}`), ...filters, ...older];
      // Rows holding several units (rare, and asked of GIN as one tsquery), or one unit when
      // the term counts say so, are read from the index and sorted (`seq + 0` is no key
      // order): the planner misjudges how rare they are and would walk the key backwards
      // testing every row, 150,000-200,000 of them for a rare pair or a word rare in titles.
      const order = included.length > 1 || fromIndex(included[0]!, need, statistics) ? sql`s.seq + 0` : sql`s.seq`;
      const { rows } = await sql<{ seq: number }>`SELECT s.seq FROM catalog_search s WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY ${order} DESC LIMIT ${need}`.execute(db);
      return rows.map((row) => row.seq);
    });
    tiers.add((await Promise.all(subsets)).flat());
  }
  return tiers.rows;
}

/**
 * The tier of the row before a window (how many units it matches), read from that row
 * alone; undefined without a marker or when the row no longer matches the search.
 */
async function markerTier(db: Queries, units: RawBuilder<boolean>[], where: RawBuilder<unknown>, seq: number | undefined): Promise<TierMarker | undefined> {
  if (seq === undefined) return undefined;
  // OFFSET 0 keeps the row's lookup by key first, whatever the planner thinks of the words.
  const { rows } = await sql<{ hits: number }>`SELECT (${sql.join(units.map((u) => sql`${u}::int`), sql` + `)}) AS hits
    FROM (SELECT * FROM catalog_search WHERE seq = ${seq} OFFSET 0) s WHERE ${where}`.execute(db);
  return rows[0] ? { seq, hits: rows[0].hits } : undefined;
}

/** Whether one unit's rows are read from the index (readsFromIndex), when its term is counted. */
function fromIndex(unit: SearchUnit, need: number, statistics: TermStatistics): boolean {
  if (unit.term === undefined) return false;
  return readsFromIndex(statistics.anywhere.get(bareWord(unit.term)) ?? 0, statistics.held.get(unit.term) ?? 0, need, statistics.catalog);
}

/** Documents indexed per statement (8 parameters each, under PostgreSQL's 65,535). */
const REBUILD_BATCH = 2_000;

/** Indexes every catalog document anew (after a copy from SQLite, whose index is its own); returns how many. */
export async function rebuildCatalogSearch(db: Queries): Promise<number> {
  await sql`DELETE FROM catalog_search`.execute(db);
  await catalogChanged(db);
  let indexed = 0;
  for (let after = 0; ;) {
    const rows = await db.selectFrom('catalog_documents').selectAll().where('seq', '>', after).orderBy('seq').limit(REBUILD_BATCH).execute();
    await indexManyPostgres(db, rows.map((row) => [row.seq, indexedTextOf(rowFields(row), row.open_access === 1)]), false);
    indexed += rows.length;
    if (rows.length < REBUILD_BATCH) break;
    after = rows[rows.length - 1]!.seq;
  }
  await recountTerms(db);
  return indexed;
}
