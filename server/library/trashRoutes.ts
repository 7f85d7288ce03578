// /trash: documents moved out of the library but not yet deleted (real-api notes
// "Documents, trash, deletions"). Same document shape and views as /documents.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import type { DocumentsTable } from '../storage/tables.ts';
import { userOf } from '../auth/authenticate.ts';
import { fetchPage, readPageParams, sendPageHeaders } from '../http/paging.ts';
import { countCacheOf } from '../http/countCache.ts';
import { jsonBytesReply } from '../http/jsonBytes.ts';
import { documentStore, type StoredDocument } from './documentStore.ts';
import { readView } from './documentJson.ts';
import { readSort, resolveScope, scopedDocuments, singleParam, type Query } from './documentQueries.ts';

type DocumentRow = StoredDocument & Record<string, unknown>;

const TRASH_SORTS = { document_id: 'id', deleted_at: 'trashed_at' } as const;

export async function trashRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const store = documentStore(ctx);
  const produces = [ctx.mediaTypes.document];
  const linkContext = { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count };
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.get('/trash', { config: { produces } }, async (request, reply) => {
    const query = request.query as Query;
    const view = readView(singleParam(query, 'view'));
    const params = readPageParams(query);
    const sortColumn = readSort(query, TRASH_SORTS, 'deleted_at') as keyof DocumentsTable;
    const scope = await resolveScope(ctx, userOf(request), query);
    const page = await fetchPage<DocumentRow>(scopedDocuments(ctx, scope, 'trash'), sortColumn, 'id', params, {
      sortNotNull: true,
      counts: countCacheOf(ctx.database),
    });
    sendPageHeaders(request, reply, page, params, linkContext, (r) => r[sortColumn] as string | null);
    return jsonBytesReply(reply, request.responseType, await store.jsonListBytes(page.rows, view));
  });

  app.get('/trash/:id', { config: { produces } }, async (request, reply) => {
    const view = readView(singleParam(request.query as Query, 'view'));
    const row = await store.readable(userOf(request), idOf(request), 'trash');
    reply.type(request.responseType);
    return store.toJson(row, view);
  });

  app.post('/trash/:id/restore', { config: { produces } }, async (request, reply) => {
    const row = await store.writable(userOf(request), idOf(request), 'trash');
    await store.restore(row);
    reply.code(204).header('Location', ctx.url(`/documents/${row.id}`)).send();
  });

  app.delete('/trash/:id', { config: { produces } }, async (request, reply) => {
    const row = await store.writable(userOf(request), idOf(request), 'trash');
    await store.destroy(row);
    reply.code(204).send();
  });
}
