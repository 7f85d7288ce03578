// Cursor paging shared by every collection. A page is the `limit` rows after `marker` in
// the requested order; `reverse=true` asks for the rows before it (and, with no marker,
// for the last page). Links are absolute URLs that keep the original filters.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatLinkHeader } from '../../shared/paging.ts';
import { badRequest } from './errors.ts';

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

/**
 * Runs one page of `query` ordered by (sortColumn, idColumn). `sortOf` reads a row's sort
 * value for the next marker. The total is counted on the first page only.
 */
export async function fetchPage<Row extends Record<string, unknown>>(
  query: AnyQuery,
  sortColumn: string,
  idColumn: string,
  params: PageParams,
): Promise<Page<Row>> {
  const ascending = (params.order === 'asc') !== params.reverse;
  const direction = ascending ? 'asc' : 'desc';
  let q = query;
  if (params.marker) {
    const [value, id] = params.marker;
    const cmp = ascending ? '>' : '<';
    const sortRef = sql.ref(sortColumn);
    const idRef = sql.ref(idColumn);
    if (value === null) {
      // NULLs sort first in ascending order (SQLite and the PostgreSQL setup below agree).
      q = ascending
        ? q.where(sql<boolean>`(${sortRef} IS NOT NULL OR (${sortRef} IS NULL AND ${idRef} > ${id}))`)
        : q.where(sql<boolean>`(${sortRef} IS NULL AND ${idRef} < ${id})`);
    } else {
      q = ascending
        ? q.where(sql<boolean>`(${sortRef} > ${value} OR (${sortRef} = ${value} AND ${idRef} ${sql.raw(cmp)} ${id}))`)
        : q.where(sql<boolean>`(${sortRef} < ${value} OR ${sortRef} IS NULL OR (${sortRef} = ${value} AND ${idRef} ${sql.raw(cmp)} ${id}))`);
    }
  }
  const fetched = (await q
    .orderBy(sql.ref(sortColumn), direction)
    .orderBy(sql.ref(idColumn), direction)
    .limit(params.limit + 1)
    .execute()) as Row[];
  const more = fetched.length > params.limit;
  const rows = more ? fetched.slice(0, params.limit) : fetched;
  if (params.reverse) rows.reverse();
  const isFirstPage = !params.marker && !params.reverse;
  let total: number | undefined;
  if (isFirstPage) {
    const counted = (await query.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('n')).executeTakeFirst()) as { n: number | string } | undefined;
    total = Number(counted?.n ?? 0);
  }
  return {
    rows,
    isFirstPage,
    total,
    hasNext: params.reverse ? Boolean(params.marker) : more,
    hasPrevious: params.reverse ? more : Boolean(params.marker),
  };
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
