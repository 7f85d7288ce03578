// GET /search/documents: search of the caller's library (or a group's), ranked, paged.
// The candidates come bounded from the search index (documentSearchIndex.ts); the scoring
// below ranks only those, so the count and the pages cover at most MAX_RANKED_MATCHES.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { userOf } from '../auth/authenticate.ts';
import { readPageParams, sendPageHeaders, type Page, type PageParams } from '../http/paging.ts';
import { documentStore, type StoredDocument } from './documentStore.ts';
import { jsonBytesReply } from '../http/jsonBytes.ts';
import { readView } from './documentJson.ts';
import { resolveScope, singleParam, type Query } from './documentQueries.ts';
import { readSearchCriteria, scoreDocument, type SearchCriteria } from './documentSearch.ts';
import { searchCandidatesOf } from './documentSearchIndex.ts';

interface RankedRow extends Record<string, unknown> {
  id: string;
  position: number;
  row: StoredDocument;
}

/**
 * Pages a ranked list. The rank is computed per request, so a marker holds the position
 * of the last row shown (and its id, which wins if the ranking shifted meanwhile).
 */
export function pageOfRanked(items: RankedRow[], params: PageParams): Page<RankedRow> {
  const n = items.length;
  let markerAt: number | undefined;
  if (params.marker) {
    const [value, id] = params.marker;
    const found = items.findIndex((item) => item.id === id);
    markerAt = found >= 0 ? found : Math.min(Math.max(Number(value) || 0, 0), n);
  }
  let start: number;
  let end: number;
  if (params.reverse) {
    end = markerAt ?? n;
    start = Math.max(0, end - params.limit);
  } else {
    start = markerAt === undefined ? 0 : markerAt + 1;
    end = Math.min(n, start + params.limit);
  }
  const isFirstPage = !params.marker && !params.reverse;
  return {
    rows: items.slice(start, end),
    isFirstPage,
    total: isFirstPage ? n : undefined,
    hasNext: end < n,
    hasPrevious: start > 0,
  };
}

/** The candidates that match, best first (then newest, then by id). */
export function rankCandidates(candidates: StoredDocument[], criteria: SearchCriteria): RankedRow[] {
  return candidates
    .map((row) => ({ row, score: scoreDocument(row, criteria) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || (a.row.last_modified < b.row.last_modified ? 1 : a.row.last_modified > b.row.last_modified ? -1 : 0) || (a.row.id < b.row.id ? -1 : 1))
    .map((r, position): RankedRow => ({ id: r.row.id, position, row: r.row }));
}

export async function searchDocumentsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const store = documentStore(ctx);
  const search = searchCandidatesOf(ctx);
  const linkContext = { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count };

  app.get('/search/documents', { config: { produces: [ctx.mediaTypes.document] } }, async (request, reply) => {
    const query = request.query as Query;
    const view = readView(singleParam(query, 'view'));
    const params = readPageParams(query);
    const criteria = readSearchCriteria(query);
    const scope = await resolveScope(ctx, userOf(request), query);

    const candidates = await search.candidates(scope, criteria);

    const ranked = rankCandidates(candidates, criteria);
    const page = pageOfRanked(ranked, params);
    sendPageHeaders(request, reply, page, params, linkContext, (r) => r.position);
    return jsonBytesReply(reply, request.responseType, await store.jsonListBytes(page.rows.map((r) => r.row), view));
  });
}
