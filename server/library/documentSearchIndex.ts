// The candidates of a library search: the documents GET /search/documents ranks. They come
// from the search index (SQLite: the FTS5 table of migration 202611241105-document-search-
// index; PostgreSQL: the tsvectors of postgresDocumentSearch.ts), with the same rules on
// both: at most MAX_RANKED_MATCHES rows per query whatever the library's size, those
// matching every term or field first, then those matching any, newest indexed first; a
// word matches by its start.
import type SQLite from 'better-sqlite3';
import type { ServiceContext } from '../context.ts';
import type { StoredDocument } from './documentReads.ts';
import { ADVANCED_FIELDS, wordsOf, type SearchCriteria } from './documentSearch.ts';
import { scopedDocuments, type LibraryScope } from './documentQueries.ts';
import { catchUpDocumentSearch, matchingDocumentsPostgres, tsqueriesOf } from './postgresDocumentSearch.ts';

/** Matches ranked per query: a query's work is bounded by this, not by the library. */
export const MAX_RANKED_MATCHES = 1_000;

export interface SearchCandidates {
  /** Documents of the scope that may match (the scoring decides), at most `limit`. */
  candidates(scope: LibraryScope, criteria: SearchCriteria, limit?: number): Promise<StoredDocument[]>;
}

export function searchCandidatesOf(ctx: ServiceContext): SearchCandidates {
  return ctx.database.sqlite ? indexedCandidates(ctx, ctx.database.sqlite) : postgresCandidates(ctx);
}

/** A term as an FTS5 phrase whose last word is a prefix ("birds of" matches "birds of the"). */
function phraseOf(term: string): string | undefined {
  const words = wordsOf(term);
  return words.length ? `"${words.join(' ')}" *` : undefined;
}

/** The scope's token in the index: its library, as the triggers write it. */
export function scopeToken(scope: LibraryScope): string | undefined {
  if (scope.kind === 'nobody') return undefined;
  return `"${wordsOf(scope.kind === 'group' ? `g${scope.groupId}` : `p${scope.profileId}`).join(' ')}"`;
}

const TEXT_COLUMNS = '{title author source abstract other}';

/**
 * The FTS5 query of the criteria: units are the simple terms (each in any text column) and
 * the advanced fields (all their words in that column); `every` asks for all units, else any.
 * Only words reach FTS5 syntax, quoted, so no input can make it fail. Undefined when no unit
 * has a word to look for.
 */
export function matchQueryOf(scope: LibraryScope, criteria: SearchCriteria, every: boolean): string | undefined {
  const scopePart = scopeToken(scope);
  if (!scopePart) return undefined;
  const units: string[] = [];
  for (const term of criteria.terms) {
    const phrase = phraseOf(term);
    if (phrase) units.push(`${TEXT_COLUMNS} : ${phrase}`);
  }
  for (const field of ADVANCED_FIELDS) {
    const phrases = (criteria.fields[field] ?? []).map(phraseOf);
    if (phrases.length && phrases.every(Boolean)) units.push(`${field} : (${phrases.join(' AND ')})`);
  }
  if (!units.length) return undefined;
  return `scope : ${scopePart} AND (${units.join(every ? ' AND ' : ' OR ')})`;
}

const hasText = (criteria: SearchCriteria) => criteria.terms.length > 0 || Object.keys(criteria.fields).length > 0;

/** The scope is checked on the row too: the index picks candidates, never grants access. */
const inScope = (scope: LibraryScope, row: StoredDocument) =>
  scope.kind === 'group' ? row.group_id === scope.groupId : scope.kind === 'personal' && row.profile_id === scope.profileId && row.group_id === null;

/** Rows matching every unit, then (while fewer than `limit`) rows matching any, once each. */
async function everyThenAny(
  limit: number,
  every: () => Promise<StoredDocument[]>,
  any: (() => Promise<StoredDocument[]>) | undefined,
  scope: LibraryScope,
): Promise<StoredDocument[]> {
  const rows = (await every()).filter((row) => inScope(scope, row));
  if (rows.length < limit && any) {
    const seen = new Set(rows.map((row) => row.id));
    for (const row of await any()) {
      if (rows.length >= limit) break;
      if (!seen.has(row.id) && inScope(scope, row)) rows.push(row);
    }
  }
  return rows;
}

function indexedCandidates(ctx: ServiceContext, sqlite: SQLite.Database): SearchCandidates {
  const matching = sqlite.prepare<{ match: string; minYear: number | null; maxYear: number | null; limit: number }, StoredDocument>(`
    SELECT d.*, octet_length(d.data) AS data_length
    FROM documents_search s
    JOIN documents_search_keys k ON k.key = s.rowid
    JOIN documents d ON d.id = k.id
    WHERE documents_search MATCH :match
      AND d.trashed_at IS NULL
      AND (:minYear IS NULL OR d.year >= :minYear)
      AND (:maxYear IS NULL OR d.year <= :maxYear)
    ORDER BY s.rowid DESC
    LIMIT :limit`);
  return {
    async candidates(scope, criteria, limit = MAX_RANKED_MATCHES) {
      if (!hasText(criteria)) return yearOnly(ctx, scope, criteria, limit);
      const years = { minYear: criteria.minYear ?? null, maxYear: criteria.maxYear ?? null, limit };
      const all = matchQueryOf(scope, criteria, true);
      if (!all) return [];
      const any = matchQueryOf(scope, criteria, false)!;
      return everyThenAny(
        limit,
        async () => matching.all({ match: all, ...years }),
        any !== all ? async () => matching.all({ match: any, ...years }) : undefined,
        scope,
      );
    },
  };
}

/** The scope's library documents within the criteria's year bounds, if any. */
function inYearRange(ctx: ServiceContext, scope: LibraryScope, criteria: SearchCriteria) {
  let q = scopedDocuments(ctx, scope, 'library');
  // Year bounds exclude documents without a year (NULL fails both comparisons).
  if (criteria.minYear !== undefined) q = q.where('year', '>=', criteria.minYear);
  if (criteria.maxYear !== undefined) q = q.where('year', '<=', criteria.maxYear);
  return q;
}

/** Year bounds alone: the newest documents in range, through the library's listing index. */
function yearOnly(ctx: ServiceContext, scope: LibraryScope, criteria: SearchCriteria, limit: number): Promise<StoredDocument[]> {
  return inYearRange(ctx, scope, criteria).orderBy('last_modified', 'desc').orderBy('id').limit(limit).execute();
}

function postgresCandidates(ctx: ServiceContext): SearchCandidates {
  return {
    async candidates(scope, criteria, limit = MAX_RANKED_MATCHES) {
      if (!hasText(criteria)) return yearOnly(ctx, scope, criteria, limit);
      const all = tsqueriesOf(scope, criteria, true);
      if (!all) return [];
      await catchUpDocumentSearch(ctx.db);
      const any = tsqueriesOf(scope, criteria, false)!;
      const years = { minYear: criteria.minYear, maxYear: criteria.maxYear };
      return everyThenAny(
        limit,
        () => matchingDocumentsPostgres(ctx.db, all, true, years, limit),
        JSON.stringify(any) !== JSON.stringify(all) ? () => matchingDocumentsPostgres(ctx.db, any, false, years, limit) : undefined,
        scope,
      );
    },
  };
}
