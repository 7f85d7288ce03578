// Draft datasets: create, list, read (also with an access code or a submission token),
// patch, publish and delete.
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { fetchPage, readPageParams, sendPageHeaders } from '../http/paging.ts';
import { userOf } from '../auth/authenticate.ts';
import {
  DatasetCreationRequest, DatasetFieldsPatch, DatasetPublishRequest, DatasetSingleFilePatch, DraftListQuery,
  isSingleFilePatch, type DraftRole,
} from '../../shared/schemas/dataset.ts';
import type { DatasetDraftsTable } from './datasetTables.ts';
import { accessTo, emailOf, writableAccess } from './draftAccess.ts';
import { addSingleFile, applyFields, contentOf, draftJson, loadDraft, saveContent, type DraftContent } from './draftStore.ts';
import { publicDatasetJson, publish } from './publishing.ts';
import { parseFields, selectItem } from './fieldSelection.ts';
import { newAccessCode, newDatasetId } from './accessCodes.ts';
import { versionsOf } from './versionList.ts';
import { nowOf } from './clock.ts';
import { checkBody } from '../http/bodyCheck.ts';

export const DatasetIdParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['id'],
} as const;

/** Creates a draft at version 1 (shared with submissions, which link it afterwards). */
export async function createDraft(
  ctx: ServiceContext,
  input: { ownerId: string | null; actingProfileId: string | null; name: string; fields: DatasetCreationRequest | Omit<DatasetCreationRequest, 'name'> },
  link?: { system: string; submissionId: string; authorEmail: string },
): Promise<DatasetDraftsTable> {
  const id = newDatasetId();
  const content: DraftContent = { files: [] };
  await applyFields(ctx, id, input.actingProfileId, content, input.fields as DatasetCreationRequest);
  const now = nowOf(ctx).toISOString();
  const row: DatasetDraftsTable = {
    id,
    owner_id: input.ownerId,
    name: input.name,
    version: 1,
    access_code: newAccessCode(),
    created: now,
    last_modified: now,
    submission_system: link?.system ?? null,
    submission_id: link?.submissionId ?? null,
    author_email: link?.authorEmail ?? null,
    data: JSON.stringify(content),
  };
  await ctx.db.insertInto('dataset_drafts').values(row).execute();
  return row;
}

function isEmptyObject(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;
}

/** Applies a patch body in either form; answers 400 on anything else. */
async function applyPatchBody(ctx: ServiceContext, request: FastifyRequest, row: DatasetDraftsTable, body: unknown, forPublish: boolean): Promise<DatasetDraftsTable> {
  const actingProfileId = request.auth?.profileId ?? null;
  const content = contentOf(row);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
  if (!forPublish && isSingleFilePatch(body as Record<string, unknown>)) {
    await addSingleFile(ctx, row.id, actingProfileId, content, checkBody(DatasetSingleFilePatch, body));
    return saveContent(ctx, row, content);
  }
  const patch = checkBody(forPublish ? DatasetPublishRequest : DatasetFieldsPatch, body);
  await applyFields(ctx, row.id, actingProfileId, content, patch);
  return saveContent(ctx, row, content, patch.name);
}

export async function draftsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const mt = ctx.mediaTypes;
  const linkContext = { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count };

  app.post<{ Body: DatasetCreationRequest }>(
    '/datasets/drafts',
    { schema: { body: DatasetCreationRequest }, config: { produces: [mt.draftDataset], consumes: [mt.datasetCreationRequest, mt.draftDataset] } },
    async (request, reply) => {
      const profileId = userOf(request);
      const row = await createDraft(ctx, { ownerId: profileId, actingProfileId: profileId, name: request.body.name, fields: request.body });
      const access = await accessTo(ctx, request, row);
      return reply
        .code(201)
        .header('Location', ctx.url(`/datasets/drafts/${row.id}`))
        .type(request.responseType)
        .send(await draftJson(ctx, row, access));
    },
  );

  app.get<{ Querystring: DraftListQuery & Record<string, unknown> }>(
    '/datasets/drafts',
    { schema: { querystring: DraftListQuery }, config: { produces: [mt.draftDataset] } },
    async (request, reply) => {
      const profileId = userOf(request);
      const params = readPageParams(request.query);
      const roles = new Set((request.query.roles ?? 'owner,author,collaborator').split(',') as DraftRole[]);
      const email = await emailOf(ctx, profileId);
      // Collaborators are not a feature of this service yet: that role matches no draft.
      let q = ctx.db.selectFrom('dataset_drafts').selectAll();
      q = q.where((eb) => {
        const either = [];
        if (roles.has('owner')) either.push(eb('owner_id', '=', profileId));
        if (roles.has('author') && email) either.push(eb('author_email', '=', email));
        return either.length ? eb.or(either) : sql<boolean>`1 = 0`;
      });
      const page = await fetchPage<DatasetDraftsTable & Record<string, unknown>>(q, 'created', 'id', params);
      sendPageHeaders(request, reply, page, params, linkContext, (row) => row.created);
      const tree = parseFields(request.query.fields);
      const items = [];
      for (const row of page.rows) items.push(selectItem(await draftJson(ctx, row, await accessTo(ctx, request, row)), tree));
      return reply.type(request.responseType).send(items);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { access_code?: string; submission_token?: string } }>(
    '/datasets/drafts/:id',
    { schema: { params: DatasetIdParams }, config: { produces: [mt.draftDataset], auth: 'client' } },
    async (request, reply) => {
      const row = await loadDraft(ctx, request.params.id);
      const access = await accessTo(ctx, request, row);
      return reply.type(request.responseType).send(await draftJson(ctx, row, access));
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/datasets/drafts/:id',
    {
      schema: { params: DatasetIdParams },
      config: { produces: [mt.draftDataset], consumes: [mt.datasetPatch, mt.draftDataset, mt.datasetCreationRequest], auth: 'client' },
    },
    async (request, reply) => {
      let row = await loadDraft(ctx, request.params.id);
      const access = await writableAccess(ctx, request, row);
      if (request.body === undefined) throw badRequest('Send the fields to change as a JSON object');
      // {} changes nothing (not even last_modification_date).
      if (!isEmptyObject(request.body)) row = await applyPatchBody(ctx, request, row, request.body, false);
      return reply.type(request.responseType).send(await draftJson(ctx, row, access));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/datasets/drafts/:id',
    {
      schema: { params: DatasetIdParams },
      config: {
        produces: [mt.publicDataset, mt.draftDataset],
        consumes: [mt.draftDataset, mt.datasetPatch, mt.datasetCreationRequest],
        auth: 'client',
      },
    },
    async (request, reply) => {
      let row = await loadDraft(ctx, request.params.id);
      await writableAccess(ctx, request, row);
      // An optional draft-shaped body is applied first (an empty body publishes as is).
      if (request.body !== undefined && !isEmptyObject(request.body)) {
        row = await applyPatchBody(ctx, request, row, request.body, true);
      }
      const snapshot = await publish(ctx, row);
      return reply
        .code(200)
        .header('Content-Location', ctx.url(`/datasets/${row.id}?version=${snapshot.version}`))
        .type(request.responseType)
        .send(await publicDatasetJson(ctx, snapshot, await versionsOf(ctx, row.id)));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/datasets/drafts/:id',
    { schema: { params: DatasetIdParams }, config: { auth: 'client' } },
    async (request, reply) => {
      const row = await loadDraft(ctx, request.params.id);
      await writableAccess(ctx, request, row);
      // Published versions (and the files they point at) stay: they are permanent.
      await ctx.db.deleteFrom('dataset_drafts').where('id', '=', row.id).execute();
      return reply.code(204).send();
    },
  );
}
