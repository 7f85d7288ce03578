// The catalog's text search behind a small interface: SQLite FTS5 here; a PostgreSQL
// backend would implement the same interface with a tsvector column and ts_rank.
// User text never reaches FTS5 syntax: it is cut into words of letters and digits, and each
// word is sent as a quoted string, so no input can produce an FTS syntax error.
import type SQLite from 'better-sqlite3';
import type { Person } from '../../shared/schemas/common.ts';
import { CATALOG_ADVANCED_SEARCH_FIELDS } from '../../shared/schemas/catalog.ts';
import { foldText } from './dedupe.ts';
import { MatchCounts } from './matchCounts.ts';
import { SearchResults } from './searchResults.ts';
import { MAX_TIERED_UNITS, subsetsOfSize, TierWindow, type TierMarker } from './searchTiers.ts';

/** The fields an advanced search names (the one list, shared with the window's form). */
export const SEARCH_FIELDS = CATALOG_ADVANCED_SEARCH_FIELDS;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** At most this many words take part in one search; more add cost but not meaning. */
const MAX_TERMS = 16;

export interface SearchCriteria {
  /** Simple search: any word in any field; more matched words rank higher. */
  terms?: string[];
  /** Advanced search: a field matches when all its words occur in it; more matched fields rank higher. */
  fields?: Partial<Record<SearchField, string[]>>;
  minYear?: number;
  maxYear?: number;
  openAccess?: boolean;
}

export interface IndexedText {
  title: string;
  year?: number;
  openAccess?: boolean;
  authors?: Person[];
  source?: string;
  abstract?: string;
  other?: string[];
}

export interface SearchWindow {
  offset: number;
  limit: number;
  /** Count every match (first pages and the last-page link need it). */
  withTotal: boolean;
  /**
   * The seq of the row shown just before this window (a next page's marker): a large result,
   * read tier by tier, continues from that row instead of reading and skipping `offset`
   * rows. Ignored when the row no longer matches the search (then `offset` counts).
   */
  after?: number;
}

export interface CatalogSearchIndex {
  index(seq: number, text: IndexedText): void;
  unindex(seq: number): void;
  search(criteria: SearchCriteria, window: SearchWindow): { seqs: number[]; total?: number };
}

/** Words of user input as the index tokenises them (unicode61, accents removed). */
export function wordsOf(text: string | undefined): string[] {
  if (!text) return [];
  return [...new Set(foldText(text).split(' ').filter(Boolean))].slice(0, MAX_TERMS);
}

/**
 * Matches up to which every one is scored with bm25 (with its docsize lookups, about 3-5 µs
 * a row: 5,000 rows cost 15-25 ms, too much of a 50 ms budget on a loaded machine). Larger
 * result sets are ordered by matched units, then newest first (see tiered).
 */
const SCORE_LIMIT = 1_000;

const quote = (word: string) => `"${word.replace(/"/g, '""')}"`;

const COLUMN: Record<SearchField, string> = { title: 'title', author: 'authors', source: 'source', abstract: 'abstract' };

export function peopleText(people: Person[] | undefined): string {
  return (people ?? []).map((p) => `${p.first_name ?? ''} ${p.last_name}`.trim()).join('; ');
}

/** The columns of a document's row in the FTS5 index. */
export interface SearchColumns {
  title: string;
  authors: string;
  source: string;
  abstract: string;
  other: string;
}

export function searchColumns(text: IndexedText): SearchColumns {
  return { title: text.title, authors: peopleText(text.authors), source: text.source ?? '', abstract: text.abstract ?? '', other: (text.other ?? []).join(' ; ') };
}

export class SqliteCatalogSearch implements CatalogSearchIndex {
  private readonly insert: SQLite.Statement;
  private readonly remove: SQLite.Statement;
  private readonly statements = new Map<string, SQLite.Statement>();
  private readonly filterColumns: FilterColumns;
  private readonly matchCounts: MatchCounts;

  /**
   * @param scoreLimit matches above which bm25 is not computed for every match (see search).
   */
  constructor(private readonly sqlite: SQLite.Database, private readonly scoreLimit = SCORE_LIMIT) {
    this.insert = sqlite.prepare('INSERT INTO catalog_fts (rowid, title, authors, source, abstract, other) VALUES (?, ?, ?, ?, ?, ?)');
    this.remove = sqlite.prepare('DELETE FROM catalog_fts WHERE rowid = ?');
    this.filterColumns = FilterColumns.of(sqlite);
    this.matchCounts = MatchCounts.of(sqlite);
  }

  index(seq: number, text: IndexedText): void {
    this.indexColumns(seq, text.year, text.openAccess ?? false, searchColumns(text));
  }

  /** index() with the columns computed already (preparedRecord.ts). */
  indexColumns(seq: number, year: number | null | undefined, openAccess: boolean, columns: SearchColumns): void {
    this.filterColumns.set(seq, year ?? undefined, openAccess);
    this.matchCounts.changed();
    this.insert.run(seq, columns.title, columns.authors, columns.source, columns.abstract, columns.other);
  }

  unindex(seq: number): void {
    this.filterColumns.set(seq, undefined, false);
    this.matchCounts.changed();
    this.remove.run(seq);
  }

  private prepared(key: string, build: () => string): SQLite.Statement {
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.sqlite.prepare(build());
      if (this.statements.size > 500) this.statements.clear();
      this.statements.set(key, statement);
    }
    return statement;
  }

  /**
   * One MATCH expression per ranking unit (a word for simple search, a field for advanced);
   * rows matching any unit are ranked by how many units they match. Within the same count,
   * bm25 orders them while the matches are few enough to score all (bm25 costs about a
   * microsecond a row); beyond that, rows matching the same units come newest first, read
   * tier by tier straight from the index without scoring every match.
   */
  search(criteria: SearchCriteria, window: SearchWindow): { seqs: number[]; total?: number } {
    const key = JSON.stringify([criteria.terms, criteria.fields, criteria.minYear, criteria.maxYear, criteria.openAccess, window.offset, window.limit, window.withTotal, window.after, this.scoreLimit]);
    return SearchResults.of(this.sqlite).remember(key, () => this.searchIndex(criteria, window));
  }

  private searchIndex(criteria: SearchCriteria, window: SearchWindow): { seqs: number[]; total?: number } {
    const units: string[] = [];
    if (criteria.terms?.length) {
      for (const term of criteria.terms) units.push(quote(term));
    } else {
      for (const field of SEARCH_FIELDS) {
        const words = criteria.fields?.[field];
        if (words?.length) units.push(`${COLUMN[field]} : (${words.map(quote).join(' AND ')})`);
      }
    }
    if (!units.length) return { seqs: [], total: window.withTotal ? 0 : undefined };
    const any = units.map((u) => `(${u})`).join(' OR ');
    const filters: string[] = [];
    const filterParams: number[] = [];
    if (criteria.minYear !== undefined || criteria.maxYear !== undefined || criteria.openAccess) this.filterColumns.load();
    if (criteria.minYear !== undefined) {
      filters.push('catalog_year(f.rowid) >= ?');
      filterParams.push(criteria.minYear);
    }
    if (criteria.maxYear !== undefined) {
      filters.push('catalog_year(f.rowid) <= ?');
      filterParams.push(criteria.maxYear);
    }
    if (criteria.openAccess) filters.push('catalog_open_access(f.rowid) = 1');
    const join = filters.length ? `AND ${filters.join(' AND ')}` : '';
    const shape = `${units.length}|${filters.join(',')}`;
    const count = (expression: string) =>
      this.matchCounts.count(`${shape}|${expression}|${filterParams.join(',')}`, () =>
        this.prepared(`count|${shape}`, () => `SELECT count(*) FROM catalog_fts f WHERE catalog_fts MATCH ? ${join}`).pluck().get(expression, ...filterParams) as number);

    const total = count(any);
    if (total > this.scoreLimit && units.length <= MAX_TIERED_UNITS) {
      const marker = window.after === undefined ? undefined : this.markerTier(units, join, filterParams, shape, window.after);
      return { seqs: this.tiered(units, join, filterParams, shape, window, marker), total: window.withTotal ? total : undefined };
    }
    // A single unit needs no hit count: bm25 alone orders it.
    const hits = units.length === 1 ? '1' : units.map(() => '(f.rowid IN (SELECT rowid FROM catalog_fts WHERE catalog_fts MATCH ?))').join(' + ');
    const rows = this.prepared(`rows|${shape}`, () =>
      `SELECT f.rowid AS seq, ${hits} AS hits FROM catalog_fts f
       WHERE catalog_fts MATCH ? ${join} ORDER BY hits DESC, f.rank, f.rowid LIMIT ? OFFSET ?`,
    )
      .raw()
      .all(...(units.length === 1 ? [] : units), any, ...filterParams, window.limit, window.offset) as [number, number][];
    return { seqs: rows.map((r) => r[0]), total: window.withTotal ? total : undefined };
  }

  /** Rows matching exactly k units, for k from all units down to one (or from the marker's row on), newest first within a k (searchTiers.ts). */
  private tiered(units: string[], join: string, filterParams: number[], shape: string, window: SearchWindow, marker?: TierMarker): number[] {
    const statement = this.prepared(`tier|${shape}`, () =>
      `SELECT f.rowid FROM catalog_fts f WHERE catalog_fts MATCH ? ${join} ORDER BY f.rowid DESC LIMIT ?`,
    ).pluck();
    const before = this.prepared(`tier-before|${shape}`, () =>
      `SELECT f.rowid FROM catalog_fts f WHERE catalog_fts MATCH ? ${join} AND f.rowid < ? ORDER BY f.rowid DESC LIMIT ?`,
    ).pluck();
    const tiers = new TierWindow(window, marker);
    for (let k = tiers.firstTier(units.length); k >= 1 && !tiers.full; k--) {
      const need = tiers.need;
      const below = tiers.below(k);
      tiers.add(subsetsOfSize(units, k).flatMap(({ included, excluded }) => {
        const match = included.map((u) => `(${u})`).join(' AND ') + excluded.map((u) => ` NOT (${u})`).join('');
        return (below === undefined ? statement.all(match, ...filterParams, need) : before.all(match, ...filterParams, below, need)) as number[];
      }));
    }
    return tiers.rows;
  }

  /** The tier of the row before a window: how many units it matches, if it matches the search still. */
  private markerTier(units: string[], join: string, filterParams: number[], shape: string, seq: number): TierMarker | undefined {
    // The seq is bound as a REAL, which FTS5's rowid lookup ignores (every match answers) unless cast.
    const matches = this.prepared(`marker|${shape}`, () => `SELECT count(*) FROM catalog_fts f WHERE catalog_fts MATCH ? AND f.rowid = CAST(? AS INTEGER) ${join}`).pluck();
    const hits = units.filter((unit) => (matches.get(unit, seq, ...filterParams) as number) > 0).length;
    return hits ? { seq, hits } : undefined;
  }
}

const NO_YEAR = -32768;

/** Every document's filter columns: answered from the covering index catalog_documents_filters. */
export const FILTER_COLUMNS_SQL = 'SELECT seq, year, open_access FROM catalog_documents';

/**
 * Year and open-access flag of every catalog document, in memory (3 bytes a document), read
 * by SQL functions in search filters: about five times cheaper per matched row than joining
 * catalog_documents. Loaded on the first filtered search, kept in step by index/unindex;
 * rows added by another process since are read from the table when met.
 */
class FilterColumns {
  private years = new Int16Array(0);
  private open = new Uint8Array(0);
  private loaded = false;
  /** Rows with seq below this have been read or set. */
  private known = 0;
  private readonly tail: SQLite.Statement;
  /** Every row's columns, read from the covering index catalog_documents_filters (a plan test checks it). */
  private readonly all: SQLite.Statement;
  private static readonly byDatabase = new WeakMap<SQLite.Database, FilterColumns>();

  /** One per database: the SQL functions are registered on the handle. */
  static of(sqlite: SQLite.Database): FilterColumns {
    let columns = FilterColumns.byDatabase.get(sqlite);
    if (!columns) {
      columns = new FilterColumns(sqlite);
      FilterColumns.byDatabase.set(sqlite, columns);
    }
    return columns;
  }

  private constructor(private readonly sqlite: SQLite.Database) {
    this.tail = sqlite.prepare('SELECT seq, year, open_access FROM catalog_documents WHERE seq >= ?');
    this.all = sqlite.prepare(FILTER_COLUMNS_SQL);
    sqlite.function('catalog_year', { deterministic: false, directOnly: true }, (seq) => {
      const i = Number(seq);
      if (i >= this.known) this.fetch(i);
      const year = this.years[i]!;
      return year === NO_YEAR ? null : year;
    });
    sqlite.function('catalog_open_access', { deterministic: false, directOnly: true }, (seq) => {
      const i = Number(seq);
      if (i >= this.known) this.fetch(i);
      return this.open[i]!;
    });
  }

  load(): void {
    if (this.loaded) return;
    this.readFrom(0);
    this.loaded = true;
  }

  private readFrom(first: number): void {
    const max = (this.sqlite.prepare('SELECT max(seq) FROM catalog_documents').pluck().get() as number | null) ?? 0;
    this.grow(max + 1);
    const rows = first === 0 ? this.all.raw().iterate() : this.tail.raw().iterate(first);
    for (const [seq, year, open] of rows as Iterable<[number, number | null, number]>) {
      this.years[seq] = year ?? NO_YEAR;
      this.open[seq] = open;
    }
    this.known = Math.max(this.known, max + 1);
  }

  set(seq: number, year: number | undefined, open: boolean): void {
    if (!this.loaded) return;
    if (seq >= this.years.length) this.grow(seq + 1);
    this.known = Math.max(this.known, seq + 1);
    this.years[seq] = year ?? NO_YEAR;
    this.open[seq] = open ? 1 : 0;
  }

  /** A row past what was read: added by another process (the import CLI) since. */
  private fetch(seq: number): void {
    this.readFrom(this.known);
    if (seq >= this.years.length) this.grow(seq + 1);
  }

  private grow(size: number): void {
    if (size <= this.years.length) return;
    const capacity = Math.max(size, Math.ceil(this.years.length * 1.5), 1024);
    const years = new Int16Array(capacity).fill(NO_YEAR);
    years.set(this.years);
    const open = new Uint8Array(capacity);
    open.set(this.open);
    this.years = years;
    this.open = open;
  }
}
