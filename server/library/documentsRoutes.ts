// /documents: the library's documents (spec "Documents"; real-api notes "Documents, trash,
// deletions"). Search and deletion feeds live in files of their own, registered here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ServiceContext } from '../context.ts';
import type { DocumentsTable } from '../storage/tables.ts';
import { userOf } from '../auth/authenticate.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import { baseMediaType } from '../http/mediaTypes.ts';
import { fetchPage, readPageParams, sendPageHeaders } from '../http/paging.ts';
import { countCacheOf } from '../http/countCache.ts';
import { pageRowsCacheOf } from '../http/pageRowsCache.ts';
import { jsonBytesReply } from '../http/jsonBytes.ts';
import { assertCanWriteGroup } from './access.ts';
import { documentStore, type FileFlag } from './documentStore.ts';
import type { DocumentVersion } from './documentJsonCache.ts';
import { readView, viewNeedsFileFlag } from './documentJson.ts';
import { checkCreateBody, checkPatchBody } from './documentInput.ts';
import { parseUnmodifiedSince } from './documentPreconditions.ts';
import { readSort, readTimestampParam, resolveScope, scopedDocuments, scopedDocumentTombstones, singleParam, type Query } from './documentQueries.ts';
import { createDocumentFromUpload } from './documentUpload.ts';
import { groupIdFromLink } from './documentLink.ts';
import { toAttachedFile } from './fileService.ts';
import { assertDeclaredLength, installUploadParsers, uploadStream } from './uploadBodies.ts';
import { searchDocumentsRoutes } from './searchDocumentsRoutes.ts';
import { newResourceId, type IdempotentCreate } from '../http/idempotency.ts';
import { deletedDocumentsRoutes } from './deletedDocumentsRoutes.ts';
import { BIBTEX_MEDIA_TYPE, formatBibtex, type BibtexSource } from '../../shared/bibtex/formatBibtex.ts';

type DocumentRow = DocumentsTable & Record<string, unknown>;

const DOCUMENT_SORTS = { title: 'title', created: 'created', last_modified: 'last_modified' } as const;

export async function documentsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const store = documentStore(ctx);
  const documentType = ctx.mediaTypes.document;
  const produces = [documentType];
  const producesWithBibtex = [documentType, BIBTEX_MEDIA_TYPE];
  const withFilesType = ctx.mediaTypes.documentWithFilesList;
  const producesList = [...producesWithBibtex, withFilesType];

  /** Documents with their files and the ids of the folders they are filed in (two queries per page). */
  async function withFilesAndFolders(rows: readonly DocumentRow[], view: ReturnType<typeof readView>) {
    const ids = rows.map((row) => row.id);
    const files = new Map<string, ReturnType<typeof toAttachedFile>[]>();
    const folders = new Map<string, string[]>();
    if (ids.length) {
      for (const file of await ctx.db.selectFrom('files').selectAll().where('document_id', 'in', ids).orderBy('added').orderBy('id').execute()) {
        files.set(file.document_id, [...(files.get(file.document_id) ?? []), toAttachedFile(file)]);
      }
      const filed = await ctx.db.selectFrom('folder_documents').select(['folder_id', 'document_id']).where('document_id', 'in', ids).orderBy('added').execute();
      for (const link of filed) folders.set(link.document_id, [...(folders.get(link.document_id) ?? []), link.folder_id]);
    }
    return (await store.toJsonList(rows, view)).map((doc) => ({ ...doc, files: files.get(doc.id) ?? [], folder_uuids: folders.get(doc.id) ?? [] }));
  }
  const linkContext = { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count };
  const pageOptions = { sortNotNull: true, counts: countCacheOf(ctx.database) };
  // Versions are small and read-only downstream: pages of them are remembered between writes.
  const versionPageOptions = { ...pageOptions, rows: pageRowsCacheOf(ctx.database) };
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const wantsBibtex = (request: FastifyRequest, reply: FastifyReply) => {
    const bibtex = request.responseType === BIBTEX_MEDIA_TYPE;
    reply.type(bibtex ? `${BIBTEX_MEDIA_TYPE}; charset=utf-8` : request.responseType);
    return bibtex;
  };

  app.get('/documents/:id', { config: { produces: producesWithBibtex } }, async (request, reply) => {
    const view = readView(singleParam(request.query as Query, 'view'));
    if (wantsBibtex(request, reply)) return formatBibtex([(await store.toJson(await store.readable(userOf(request), idOf(request)), 'all')) as BibtexSource]);
    return jsonBytesReply(reply, request.responseType, await store.readableJsonBytes(userOf(request), idOf(request), view));
  });

  app.get('/documents', { config: { produces: producesList } }, async (request, reply) => {
    const me = userOf(request);
    const query = request.query as Query;
    const view = readView(singleParam(query, 'view'));
    const params = readPageParams(query);
    const deletedSince = readTimestampParam(query, 'deleted_since');
    const modifiedSince = readTimestampParam(query, 'modified_since');
    const sortColumn = readSort(query, DOCUMENT_SORTS, 'last_modified') as keyof DocumentsTable;
    const scope = await resolveScope(ctx, me, query);
    const bibtex = wantsBibtex(request, reply);

    if (deletedSince !== undefined) {
      if (bibtex) throw new HttpError(406, 'deleted_since lists ids; ask for JSON');
      const page = await fetchPage<{ id: string; deleted_at: string }>(scopedDocumentTombstones(ctx, scope, deletedSince), 'deleted_at', 'id', params, pageOptions);
      sendPageHeaders(request, reply, page, params, linkContext, (r) => r.deleted_at);
      return page.rows.map((r) => ({ id: r.id }));
    }

    let q = scopedDocuments(ctx, scope, 'library');
    if (modifiedSince !== undefined) q = q.where('last_modified', '>=', modifiedSince);
    if (bibtex || request.responseType === withFilesType) {
      const page = await fetchPage<DocumentRow>(q, sortColumn, 'id', params, pageOptions);
      sendPageHeaders(request, reply, page, params, linkContext, (r) => r[sortColumn] as string | number | null);
      if (bibtex) return formatBibtex((await store.toJsonList(page.rows, 'all')) as BibtexSource[]);
      return withFilesAndFolders(page.rows, view);
    }
    // The page's versions only (and file flags, if the view shows them: one index probe a
    // row here rather than a second statement): the store splices cached JSON, reads the rest.
    let versions = q.clearSelect().select(['id', 'last_modified', 'created', 'title', sql<number>`octet_length(data)`.as('data_length')]);
    if (viewNeedsFileFlag(view)) versions = versions.select(sql<boolean | number>`EXISTS (SELECT 1 FROM files WHERE files.document_id = documents.id)`.as('has_file'));
    const page = await fetchPage<DocumentVersion & FileFlag & Pick<DocumentsTable, 'created' | 'title'>>(versions, sortColumn, 'id', params, versionPageOptions);
    sendPageHeaders(request, reply, page, params, linkContext, (r) => r[sortColumn as 'last_modified' | 'created' | 'title']);
    return jsonBytesReply(reply, request.responseType, await store.jsonListBytes(page.rows, view));
  });

  // JSON creates from fields; any other content type is the bytes of a file (so '*'). The
  // route has a context of its own where only JSON stays JSON (text/plain too is bytes here).
  await app.register(async (uploads) => {
    installUploadParsers(uploads, ['application/json', documentType], ctx.config.jsonBodyLimit);
    const idempotentCreate: IdempotentCreate = {
      async replay(request, id) {
        const row = await store.findRow(id);
        const view = readView(singleParam(request.query as Query, 'view')) ?? 'all';
        return row && { body: await store.toJson(row, view), location: ctx.url(`/documents/${row.id}`) };
      },
    };
    uploads.post('/documents', { config: { produces, consumes: ['*'], idempotentCreate } }, async (request, reply) => {
      const me = userOf(request);
      const view = readView(singleParam(request.query as Query, 'view')) ?? 'all';
      const contentType = baseMediaType(request.headers['content-type']);
      let row: DocumentsTable;
      if (!contentType) throw badRequest(`Send a JSON document (Content-Type: ${documentType}) or the bytes of a file with its Content-Type`);
      if (contentType === 'application/json' || contentType === documentType.toLowerCase()) {
        const body = checkCreateBody(request.body);
        const groupId = body.group_id ?? null;
        if (groupId) await assertCanWriteGroup(ctx.db, me, groupId);
        const { group_id: _group, profile_id: _profile, id: _id, ...fields } = body;
        row = await store.create({ profileId: me, groupId, fields, id: newResourceId(request) });
      } else if (/^application\/[\w.+-]*\+json$/.test(contentType) || contentType === 'application/x-www-form-urlencoded' || contentType === 'multipart/form-data') {
        throw new HttpError(415, `Content-Type ${contentType} is not supported here; send ${documentType} or the bytes of a file`);
      } else {
        assertDeclaredLength(request, ctx.config.fileBodyLimit);
        const groupId = groupIdFromLink(request.headers.link) ?? null;
        if (groupId) await assertCanWriteGroup(ctx.db, me, groupId);
        row = await createDocumentFromUpload(ctx, store, {
          profileId: me,
          groupId,
          id: newResourceId(request),
          contentType: request.headers['content-type'],
          contentDisposition: request.headers['content-disposition'],
          body: () => uploadStream(request),
        });
      }
      reply.code(201).header('Location', ctx.url(`/documents/${row.id}`)).type(request.responseType);
      return store.toJson(row, view);
    });
  });

  app.patch('/documents/:id', { config: { produces, consumes: [documentType] } }, async (request, reply) => {
    const me = userOf(request);
    const view = readView(singleParam(request.query as Query, 'view')) ?? 'all';
    const condition = parseUnmodifiedSince(request.headers['if-unmodified-since']);
    const patch = checkPatchBody(request.body);
    const row = await store.update(me, idOf(request), patch, condition);
    reply.type(request.responseType);
    return store.toJson(row, view);
  });

  app.post('/documents/:id/trash', { config: { produces } }, async (request, reply) => {
    const row = await store.writable(userOf(request), idOf(request));
    await store.trash(row);
    reply.code(204).header('Location', ctx.url(`/trash/${row.id}`)).send();
  });

  app.delete('/documents/:id', { config: { produces } }, async (request, reply) => {
    const row = await store.writable(userOf(request), idOf(request));
    await store.destroy(row);
    reply.code(204).send();
  });

  await searchDocumentsRoutes(app, ctx);
  await deletedDocumentsRoutes(app, ctx);
}
