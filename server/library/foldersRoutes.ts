// Folders of a library and the documents filed in them. Deleting a folder takes its
// sub-folders with it; documents always stay in the library.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import type { FoldersTable } from '../storage/tables.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { fetchPage, readPageParams, sendPageHeaders } from '../http/paging.ts';
import { countCacheOf } from '../http/countCache.ts';
import { userOf } from '../auth/authenticate.ts';
import { FolderCreate, FolderDocumentLink, FolderPatch, FoldersQuery } from '../../shared/schemas/folder.ts';
import { withEchoedFields } from '../http/echoedFields.ts';
import { newResourceId, type IdempotentCreate } from '../http/idempotency.ts';
import { assertCanReadGroup, assertCanWriteGroup, canReadItem } from './access.ts';
import { checkedParent, folderJson, nextModified, readableFolder, sameLibrary, subtreeIds, touchFolder, writableFolder } from './folderStore.ts';

const IdParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['id'],
} as const;

// A folder sent back as it was read carries its server-set fields; they are ignored. On
// PATCH, group_id may be echoed but not changed (a folder stays in its library).
const FolderCreateBody = withEchoedFields(FolderCreate, ['id', 'created', 'modified']);
const FolderPatchBody = withEchoedFields(FolderPatch, ['id', 'created', 'modified', 'group_id']);

export async function foldersRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const mt = ctx.mediaTypes;
  const linkContext = { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count };
  // Sorted on NOT NULL columns; counts remembered until the next write (countCache.ts).
  const pageOptions = { sortNotNull: true, counts: countCacheOf(ctx.database) };

  app.get<{ Querystring: { group_id?: string } & Record<string, unknown> }>(
    '/folders',
    { schema: { querystring: FoldersQuery }, config: { produces: [mt.folder] } },
    async (request, reply) => {
      const profileId = userOf(request);
      const params = readPageParams(request.query);
      const groupId = request.query.group_id;
      let q = ctx.db.selectFrom('folders').selectAll();
      if (groupId) {
        await assertCanReadGroup(ctx.db, profileId, groupId);
        q = q.where('group_id', '=', groupId);
      } else {
        q = q.where('profile_id', '=', profileId).where('group_id', 'is', null);
      }
      const page = await fetchPage<FoldersTable & Record<string, unknown>>(q, 'created', 'id', params, pageOptions);
      sendPageHeaders(request, reply, page, params, linkContext, (row) => row.created);
      return reply.type(request.responseType).send(page.rows.map(folderJson));
    },
  );

  app.get<{ Params: { id: string } }>('/folders/:id', { schema: { params: IdParams }, config: { produces: [mt.folder] } }, async (request, reply) => {
    const folder = await readableFolder(ctx, userOf(request), request.params.id);
    return reply.type(request.responseType).send(folderJson(folder));
  });

  const folderReplay: IdempotentCreate = {
    async replay(_request, id) {
      const row = await ctx.db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst();
      return row && { body: folderJson(row), location: ctx.url(`/folders/${row.id}`) };
    },
  };
  app.post<{ Body: FolderCreate }>(
    '/folders',
    { schema: { body: FolderCreateBody }, config: { produces: [mt.folder], consumes: [mt.folder], idempotentCreate: folderReplay } },
    async (request, reply) => {
      const profileId = userOf(request);
      const body = request.body;
      let groupId = body.group_id ?? null;
      if (body.parent_id && body.group_id === undefined) {
        // A sub-folder lives in its parent's library unless told otherwise.
        groupId = (await readableFolder(ctx, profileId, body.parent_id, 'Parent folder')).group_id;
      }
      if (groupId) await assertCanWriteGroup(ctx.db, profileId, groupId);
      if (body.parent_id) await checkedParent(ctx, profileId, body.parent_id, { profile_id: profileId, group_id: groupId });
      const now = new Date().toISOString();
      const row: FoldersTable = {
        id: newResourceId(request),
        name: body.name,
        parent_id: body.parent_id ?? null,
        profile_id: profileId,
        group_id: groupId,
        created: now,
        modified: now,
      };
      await ctx.db.insertInto('folders').values(row).execute();
      return reply.code(201).header('Location', ctx.url(`/folders/${row.id}`)).type(request.responseType).send(folderJson(row));
    },
  );

  app.patch<{ Params: { id: string }; Body: FolderPatch & { group_id?: unknown } }>(
    '/folders/:id',
    { schema: { params: IdParams, body: FolderPatchBody }, config: { consumes: [mt.folder] } },
    async (request, reply) => {
      const profileId = userOf(request);
      const folder = await writableFolder(ctx, profileId, request.params.id);
      const echoedGroup = request.body.group_id;
      if (echoedGroup !== undefined && (echoedGroup ?? null) !== folder.group_id) {
        throw badRequest('group_id cannot be changed: a folder stays in the library it was created in');
      }
      const changes: Partial<FoldersTable> = {};
      if (request.body.name !== undefined) changes.name = request.body.name;
      if (request.body.parent_id !== undefined) {
        changes.parent_id = request.body.parent_id === null ? null : (await checkedParent(ctx, profileId, request.body.parent_id, folder)).id;
      }
      if (Object.keys(changes).length) {
        await ctx.db.updateTable('folders').set({ ...changes, modified: nextModified(folder.modified) }).where('id', '=', folder.id).execute();
      }
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { id: string } }>('/folders/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const folder = await writableFolder(ctx, userOf(request), request.params.id);
    const ids = await subtreeIds(ctx, folder.id);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('folder_documents').where('folder_id', 'in', ids).execute();
      await trx.deleteFrom('folders').where('id', 'in', ids).execute();
    });
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/folders/:id/documents',
    { schema: { params: IdParams }, config: { produces: [mt.document, mt.folder] } },
    async (request, reply) => {
      const folder = await readableFolder(ctx, userOf(request), request.params.id);
      const params = readPageParams(request.query);
      const q = ctx.db
        .selectFrom('folder_documents')
        .innerJoin('documents', 'documents.id', 'folder_documents.document_id')
        .select(['folder_documents.document_id as id', 'folder_documents.added as added'])
        .where('folder_documents.folder_id', '=', folder.id)
        .where('documents.trashed_at', 'is', null);
      const page = await fetchPage<{ id: string; added: string }>(q, 'folder_documents.added', 'folder_documents.document_id', params, pageOptions);
      sendPageHeaders(request, reply, page, params, linkContext, (row) => row.added);
      return reply.type(request.responseType).send(page.rows.map((row) => ({ id: row.id })));
    },
  );

  app.post<{ Params: { id: string }; Body: FolderDocumentLink }>(
    '/folders/:id/documents',
    { schema: { params: IdParams, body: FolderDocumentLink }, config: { consumes: [mt.document] } },
    async (request, reply) => {
      const profileId = userOf(request);
      const folder = await writableFolder(ctx, profileId, request.params.id);
      const document = await ctx.db
        .selectFrom('documents')
        .select(['id', 'profile_id', 'group_id', 'trashed_at'])
        .where('id', '=', request.body.id)
        .executeTakeFirst();
      if (!document || document.trashed_at || !(await canReadItem(ctx.db, profileId, document))) throw notFound('Document not found');
      if (!sameLibrary(folder, document)) throw badRequest('The document is in another library than the folder');
      const inserted = await ctx.db
        .insertInto('folder_documents')
        .values({ folder_id: folder.id, document_id: document.id, added: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['folder_id', 'document_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) await touchFolder(ctx, folder);
      return reply.code(201).header('Location', ctx.url(`/folders/${folder.id}/documents/${document.id}`)).send();
    },
  );

  app.delete<{ Params: { id: string; document_id: string } }>('/folders/:id/documents/:document_id', async (request, reply) => {
    const folder = await writableFolder(ctx, userOf(request), request.params.id);
    const removed = await ctx.db
      .deleteFrom('folder_documents')
      .where('folder_id', '=', folder.id)
      .where('document_id', '=', request.params.document_id)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw notFound('Document is not in this folder');
    await touchFolder(ctx, folder);
    return reply.code(204).send();
  });
}
