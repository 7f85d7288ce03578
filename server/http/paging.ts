// Cursor paging shared by every collection. A page is the `limit` rows after `marker` in
// the requested order; `reverse=true` asks for the rows before it (and, with no marker,
// for the last page). Links are absolute URLs that keep the original filters.
import { sql, type OrderByItemBuilder, type SelectQueryBuilder } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatLinkHeader } from '../../shared/paging.ts';
import { badRequest } from './errors.ts';
import type { CountCache } from './countCache.ts';
import type { PageRowsCache } from './pageRowsCache.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;

export interface PageParams {
  limit: number;
  marker?: [string | number | null, string];
  reverse: boolean;
  order: 'asc' | 'desc';
}

/** Reads limit, marker, reverse and order from a query string, answering 400 on nonsense. */
export function readPageParams(
  query: Record<string, unknown>,
  { defaultLimit = DEFAULT_PAGE_SIZE, maxLimit = MAX_PAGE_SIZE, defaultOrder = 'asc' as 'asc' | 'desc' } = {},
): PageParams {
  const limitRaw = query.limit;
  let limit = defaultLimit;
  if (limitRaw !== undefined && limitRaw !== '') {
    const n = Number(limitRaw);
    if (!Number.isInteger(n) || n < 1) throw badRequest(`limit must be a whole number from 1 to ${maxLimit}`);
    if (n > maxLimit) throw badRequest(`limit must not exceed ${maxLimit}`);
    limit = n;
  }
  const orderRaw = query.order === undefined || query.order === '' ? defaultOrder : String(query.order).toLowerCase();
  if (orderRaw !== 'asc' && orderRaw !== 'desc') throw badRequest('order must be asc or desc');
  const reverseRaw = query.reverse === undefined ? 'false' : String(query.reverse).toLowerCase();
  if (reverseRaw !== 'true' && reverseRaw !== 'false') throw badRequest('reverse must be true or false');
  const params: PageParams = { limit, order: orderRaw, reverse: reverseRaw === 'true' };
  if (query.marker !== undefined && query.marker !== '') params.marker = decodeMarker(String(query.marker));
  return params;
}

export function encodeMarker(sortValue: string | number | null, id: string): string {
  return Buffer.from(JSON.stringify([sortValue, id])).toString('base64url');
}

function decodeMarker(marker: string): [string | number | null, string] {
  try {
    const value = JSON.parse(Buffer.from(marker, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[1] === 'string' && ['string', 'number', 'object'].includes(typeof value[0])) {
      return value as [string | number | null, string];
    }
  } catch {
    /* fall through */
  }
  throw badRequest('marker is not a marker this service issued');
}

export interface Page<Row> {
  rows: Row[];
  hasNext: boolean;
  hasPrevious: boolean;
  total?: number;
  isFirstPage: boolean;
}

// Kysely cannot type dynamic column names; the callers pass columns of their own table.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

export interface PageOptions {
  /** The sort column holds no NULLs: later pages are then one index range, not a filtered walk. */
  sortNotNull?: boolean;
  /** Remembers the first page's count until the next write (see countCache.ts). */
  counts?: CountCache;
  /** Remembers the page's rows until the next write (see pageRowsCache.ts); the rows are then shared, never to be changed. */
  rows?: PageRowsCache;
}

/**
 * Runs one page of `query` ordered by (sortColumn, idColumn). `sortOf` reads a row's sort
 * value for the next marker. The total is counted on the first page only.
 */
export async function fetchPage<Row extends Record<string, unknown>>(
  query: AnyQuery,
  sortColumn: string,
  idColumn: string,
  params: PageParams,
  options: PageOptions = {},
): Promise<Page<Row>> {
  const paged = pageQuery(query, sortColumn, idColumn, params, options);
  const fetched = options.rows ? await options.rows.rows<Row>(paged) : ((await paged.execute()) as Row[]);
  const more = fetched.length > params.limit;
  // A copy: remembered rows are shared by every request for the page.
  const rows = fetched.slice(0, params.limit);
  if (params.reverse) rows.reverse();
  const isFirstPage = !params.marker && !params.reverse;
  let total: number | undefined;
  if (isFirstPage) {
    // A first page without a next one holds every row: its length is the count, and a
    // sync's listings (mostly "what changed since", a few rows) save a statement each, a
    // network round trip on PostgreSQL.
    if (!more) total = rows.length;
    else if (options.counts) total = await options.counts.count(query);
    else {
      const counted = (await query.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('n')).executeTakeFirst()) as { n: number | string } | undefined;
      total = Number(counted?.n ?? 0);
    }
  }
  return {
    rows,
    isFirstPage,
    total,
    hasNext: params.reverse ? Boolean(params.marker) : more,
    hasPrevious: params.reverse ? more : Boolean(params.marker),
  };
}

/** The query of one page: `limit` + 1 rows (the extra one tells whether a next page exists). */
export function pageQuery(query: AnyQuery, sortColumn: string, idColumn: string, params: PageParams, options: PageOptions = {}): AnyQuery {
  const ascending = (params.order === 'asc') !== params.reverse;
  const direction = ascending ? 'asc' : 'desc';
  let q = query;
  if (params.marker) q = q.where(afterMarker(sortColumn, idColumn, params.marker, ascending, options.sortNotNull ?? false));
  // NULLs first in ascending order, as SQLite sorts them and its indexes hold them; said
  // explicitly because PostgreSQL would put them last. Not for a column without NULLs: there
  // the words would only stop PostgreSQL from walking its ascending index in order (it would
  // sort every row of the library for each page).
  const sortOrder = (ob: OrderByItemBuilder) => (options.sortNotNull ? (ascending ? ob.asc() : ob.desc()) : ascending ? ob.asc().nullsFirst() : ob.desc().nullsLast());
  return q.orderBy(sql.ref(sortColumn), sortOrder).orderBy(sql.ref(idColumn), direction).limit(params.limit + 1);
}

/**
 * Rows after the marker in the walking direction. Row values, (sort, id) > (v, i), let
 * SQLite start the index range at the marker; the same test spelled with OR walked every
 * earlier entry, so page 200 cost 200 pages. NULLs sort first in ascending order (SQLite
 * and PostgreSQL agree once told NULLS FIRST); a row value with a NULL compares as unknown.
 */
function afterMarker(sortColumn: string, idColumn: string, [value, id]: [string | number | null, string], ascending: boolean, sortNotNull: boolean) {
  const sortRef = sql.ref(sortColumn);
  const idRef = sql.ref(idColumn);
  if (value === null) {
    return ascending
      ? sql<boolean>`(${sortRef} IS NOT NULL OR (${sortRef} IS NULL AND ${idRef} > ${id}))`
      : sql<boolean>`(${sortRef} IS NULL AND ${idRef} < ${id})`;
  }
  if (ascending) return sql<boolean>`((${sortRef}, ${idRef}) > (${value}, ${id}))`;
  if (sortNotNull) return sql<boolean>`((${sortRef}, ${idRef}) < (${value}, ${id}))`;
  return sql<boolean>`((${sortRef}, ${idRef}) < (${value}, ${id}) OR ${sortRef} IS NULL)`;
}

export interface LinkContext {
  publicUrl: string;
  countHeader: string;
}

/** Sets Link and count headers for a page, building URLs from the request's own query. */
export function sendPageHeaders<Row extends Record<string, unknown>>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page<Row>,
  params: PageParams,
  ctx: LinkContext,
  sortValueOf: (row: Row) => string | number | null,
  idOf: (row: Row) => string = (row) => String(row.id),
): void {
  if (page.total !== undefined) reply.header(ctx.countHeader, String(page.total));
  const url = new URL(request.url, 'http://placeholder');
  const base = new URLSearchParams(url.search);
  base.delete('marker');
  base.delete('reverse');
  base.delete('access_token'); // never echo a credential into a header
  base.set('limit', String(params.limit));
  if (!base.has('order')) base.set('order', params.order);
  const make = (extra: Record<string, string>) => {
    const qs = new URLSearchParams(base);
    for (const [k, v] of Object.entries(extra)) qs.set(k, v);
    return `${ctx.publicUrl}${url.pathname}?${qs.toString()}`;
  };
  const first = page.rows[0];
  const last = page.rows[page.rows.length - 1];
  const links: Record<string, string | undefined> = {};
  if (page.hasNext && last) links.next = make({ marker: encodeMarker(sortValueOf(last), idOf(last)) });
  if (page.isFirstPage) {
    if (page.hasNext) links.last = make({ reverse: 'true' });
  } else {
    links.first = make({});
    if (page.hasPrevious && first) links.previous = make({ marker: encodeMarker(sortValueOf(first), idOf(first)), reverse: 'true' });
    if (page.hasNext) links.last = make({ reverse: 'true' });
  }
  const header = formatLinkHeader(links);
  if (header) reply.header('Link', header);
}
