// GET /deleted_documents: what sync clients must drop (deleted or moved to the trash).
// Items carry the id and, beyond the spec's "not shown" shape, the time of deletion.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { userOf } from '../auth/authenticate.ts';
import { fetchPage, readPageParams, sendPageHeaders } from '../http/paging.ts';
import { countCacheOf } from '../http/countCache.ts';
import { readTimestampParam, resolveScope, scopedDocumentTombstones, type Query } from './documentQueries.ts';

export async function deletedDocumentsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const linkContext = { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count };

  app.get('/deleted_documents', { config: { produces: [ctx.mediaTypes.deletedDocument] } }, async (request, reply) => {
    const query = request.query as Query;
    const params = readPageParams(query);
    const since = readTimestampParam(query, 'since');
    const scope = await resolveScope(ctx, userOf(request), query);
    const page = await fetchPage<{ id: string; deleted_at: string }>(scopedDocumentTombstones(ctx, scope, since), 'deleted_at', 'id', params, {
      sortNotNull: true,
      counts: countCacheOf(ctx.database),
    });
    sendPageHeaders(request, reply, page, params, linkContext, (r) => r.deleted_at);
    reply.type(request.responseType);
    return page.rows.map((r) => ({ id: r.id, deleted: r.deleted_at }));
  });
}
