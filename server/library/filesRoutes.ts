// Files attached to documents: upload (bytes or content ticket), listing for sync and by
// catalog document (open access only, see catalog/catalogFiles.ts), download through
// signed URLs, permanent deletion.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import type { FilesTable } from '../storage/tables.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { baseMediaType } from '../http/mediaTypes.ts';
import { fetchPage, readPageParams, sendPageHeaders } from '../http/paging.ts';
import { countCacheOf } from '../http/countCache.ts';
import { userOf } from '../auth/authenticate.ts';
import { FileLinkBody, FilesQuery } from '../../shared/schemas/file.ts';
import { assertCanReadGroup, assertCanWriteItem, canReadItem } from './access.ts';
import { checkBody } from '../http/bodyCheck.ts';
import { newResourceId, type IdempotentCreate } from '../http/idempotency.ts';
import { parseContentDisposition } from './contentDisposition.ts';
import { documentIdFromLink } from './documentLink.ts';
import { downloadRoutes } from './downloadRoutes.ts';
import { catalogFilesPage, isOpenAccessCatalogFile } from '../catalog/catalogFiles.ts';
import { fileContentsRoutes, headerText } from './fileContentsRoutes.ts';
import { attachFile, attachStoredContent, deleteFile, loadWritableDocument, toAttachedFile } from './fileService.ts';
import { signedDownloadPath, type Disposition } from './signedUrls.ts';
import { assertDeclaredLength, installUploadParsers, uploadStream } from './uploadBodies.ts';

export async function filesRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const mt = ctx.mediaTypes;

  // Uploads get a context of their own where bodies stay bytes (see uploadBodies.ts).
  await app.register(async (uploads) => {
    installUploadParsers(uploads, [mt.fileHash, mt.fileLink], ctx.config.jsonBodyLimit);
    await fileContentsRoutes(uploads, ctx);

    const idempotentCreate: IdempotentCreate = {
      async replay(_request, id) {
        const row = await ctx.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
        return row && { body: toAttachedFile(row), location: ctx.url(`/files/${row.id}`) };
      },
    };
    uploads.post('/files', { config: { produces: [mt.file], consumes: ['*'], idempotentCreate } }, async (request, reply) => {
      const profileId = userOf(request);
      const documentId = documentIdFromLink(request.headers.link);
      const clientFileName = parseContentDisposition(headerText(request.headers['content-disposition']))?.filename;
      let attached;
      if (baseMediaType(request.headers['content-type']) === mt.fileLink) {
        const { file_content_ticket } = checkBody(FileLinkBody, request.body);
        const document = await loadWritableDocument(ctx, profileId, documentId);
        const ticket = await ctx.db.selectFrom('file_contents').selectAll().where('id', '=', file_content_ticket).executeTakeFirst();
        if (!ticket || ticket.profile_id !== profileId || !(await ctx.blobs.exists(ticket.sha1))) throw notFound('File content ticket not found');
        attached = await attachStoredContent(ctx, document, profileId, { sha1: ticket.sha1, size: Number(ticket.size) }, ticket.mime_type, clientFileName, newResourceId(request));
      } else {
        assertDeclaredLength(request, ctx.config.fileBodyLimit);
        // The document is checked before any byte is stored.
        const document = await loadWritableDocument(ctx, profileId, documentId);
        attached = await attachFile(ctx, {
          documentId: document.id,
          profileId,
          groupId: document.group_id,
          body: uploadStream(request),
          mimeType: baseMediaType(request.headers['content-type']),
          clientFileName,
          id: newResourceId(request),
        });
      }
      // Returned: with an async onSend hook (idempotent creates) the send completes later.
      return reply.code(201).header('Location', ctx.url(`/files/${attached.id}`)).type(request.responseType).send(attached);
    });
  });

  app.get<{ Querystring: FilesQuery & Record<string, unknown> }>(
    '/files',
    { schema: { querystring: FilesQuery }, config: { produces: [mt.file] } },
    async (request, reply) => {
      const profileId = userOf(request);
      const query = request.query;
      const params = readPageParams(query);
      const linkContext = { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count };
      // Sorted on NOT NULL columns; counts remembered until the next write (countCache.ts).
      const pageOptions = { sortNotNull: true, counts: countCacheOf(ctx.database) };
      if (query.deleted_since && query.added_since) throw badRequest('Conflicting filters specified: use added_since or deleted_since, not both');

      if (query.catalog_id !== undefined) {
        if (query.document_id || query.group_id || query.deleted_since) {
          throw badRequest('Conflicting filters specified: catalog_id lists a catalog document\'s files, without document_id, group_id or deleted_since');
        }
        const addedSince = query.added_since ? isoTime(query.added_since, 'added_since') : undefined;
        const page = await catalogFilesPage(ctx, query.catalog_id, params, addedSince);
        sendPageHeaders(request, reply, page, params, linkContext, (row) => row.added);
        return reply.type(request.responseType).send(page.rows.map(toAttachedFile));
      }

      const library = await libraryOfQuery(ctx, profileId, query);
      if (query.deleted_since) {
        const since = isoTime(query.deleted_since, 'deleted_since');
        let q = ctx.db.selectFrom('tombstones').select(['id', 'deleted_at']).where('kind', '=', 'file').where('deleted_at', '>', since);
        q = library.groupId ? q.where('group_id', '=', library.groupId) : q.where('profile_id', '=', profileId).where('group_id', 'is', null);
        const page = await fetchPage<{ id: string; deleted_at: string }>(q, 'deleted_at', 'id', params, pageOptions);
        sendPageHeaders(request, reply, page, params, linkContext, (row) => row.deleted_at);
        return reply.type(request.responseType).send(page.rows.map((row) => ({ id: row.id })));
      }

      let q = ctx.db.selectFrom('files').selectAll();
      if (library.documentId) q = q.where('document_id', '=', library.documentId);
      else if (library.groupId) q = q.where('group_id', '=', library.groupId);
      else q = q.where('profile_id', '=', profileId).where('group_id', 'is', null);
      if (query.added_since) q = q.where('added', '>', isoTime(query.added_since, 'added_since'));
      const page = await fetchPage<FilesTable & Record<string, unknown>>(q, 'added', 'id', params, pageOptions);
      sendPageHeaders(request, reply, page, params, linkContext, (row) => row.added);
      return reply.type(request.responseType).send(page.rows.map(toAttachedFile));
    },
  );

  app.get<{ Params: { id: string }; Querystring: { disposition?: string } }>('/files/:id', async (request, reply) => {
    const profileId = userOf(request);
    const file = await readableFile(ctx, profileId, request.params.id);
    const disposition = request.query.disposition ?? 'attachment';
    if (disposition !== 'attachment' && disposition !== 'inline') throw badRequest('disposition must be attachment or inline');
    const expires = Math.floor(Date.now() / 1000) + ctx.config.downloadUrlLifetimeSeconds;
    const location = ctx.url(signedDownloadPath(ctx.signingKey, { fileId: file.id, expires, disposition: disposition as Disposition }));
    return reply.code(303).header('Location', location).header('Cache-Control', 'no-store').send();
  });

  app.delete<{ Params: { id: string } }>('/files/:id', async (request, reply) => {
    const profileId = userOf(request);
    const file = await ctx.db.selectFrom('files').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!file) throw notFound('File not found');
    await assertCanWriteItem(ctx.db, profileId, file, 'File');
    await deleteFile(ctx, file);
    return reply.code(204).send();
  });

  await downloadRoutes(app, ctx);
}

/** The caller's library may read it, or an open-access catalog document lists it (any user). */
async function readableFile(ctx: ServiceContext, profileId: string, id: string): Promise<FilesTable> {
  const file = await ctx.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  if (file && ((await canReadItem(ctx.db, profileId, file)) || (await isOpenAccessCatalogFile(ctx, file)))) return file;
  throw notFound('File not found');
}

interface LibraryScope {
  groupId?: string;
  documentId?: string;
}

/** Which files a listing covers: a document's, a group's, or the caller's personal ones. */
async function libraryOfQuery(ctx: ServiceContext, profileId: string, query: FilesQuery): Promise<LibraryScope> {
  if (query.document_id) {
    const document = await ctx.db
      .selectFrom('documents')
      .select(['id', 'profile_id', 'group_id', 'trashed_at'])
      .where('id', '=', query.document_id)
      .executeTakeFirst();
    if (!document || document.trashed_at || !(await canReadItem(ctx.db, profileId, document))) throw notFound('Document not found');
    if (query.group_id && query.group_id !== document.group_id) throw badRequest('Conflicting filters specified: the document is not in that group');
    return { documentId: document.id, groupId: document.group_id ?? undefined };
  }
  if (query.group_id) {
    await assertCanReadGroup(ctx.db, profileId, query.group_id);
    return { groupId: query.group_id };
  }
  return {};
}

function isoTime(value: string, name: string): string {
  const time = new Date(value.replace(/^(\d{4}-\d{2}-\d{2})[t ]/i, '$1T').replace(/z$/, 'Z'));
  if (Number.isNaN(time.getTime())) throw badRequest(`${name} is not a valid ISO 8601 timestamp`);
  return time.toISOString();
}
