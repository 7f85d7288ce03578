// Article submissions of journal workflows ("submission systems") and the drafts linked to them.
//
// Who is a submission system: a client application using a client-credentials token (no user).
// A system name belongs to the client an administrator granted it to (submissionSystems.ts);
// other clients are told it does not exist (404). A submission is visible to its system and to its author
// (the user whose e-mail is owner.email); everyone else gets 404. The submission token lets any
// client act for the author on that submission's datasets, and on nothing else.
//
// PATCH of a submission answers 201, as the spec states for that call.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { normaliseEmail } from '../auth/accounts.ts';
import {
  SubmissionCreationRequest, SubmissionDatasetCreationRequest, SubmissionDatasetsQuery, SubmissionSystemName,
  type SubmissionModificationRequest,
} from '../../shared/schemas/submission.ts';
import { Type } from 'typebox';
import type { SubmissionsTable } from './datasetTables.ts';
import { accessTo, sameSecret } from './draftAccess.ts';
import { verifiedEmailOf } from '../auth/accountEmails.ts';
import { draftJson, loadDraft } from './draftStore.ts';
import { createDraft } from './draftsRoutes.ts';
import { parseFields, selectItem } from './fieldSelection.ts';
import { newSubmissionToken } from './accessCodes.ts';
import { nowOf } from './clock.ts';

const SubmissionParams = Type.Object({ system: SubmissionSystemName, id: Type.String({ minLength: 1, maxLength: 255 }) });
const SystemParams = Type.Object({ system: SubmissionSystemName });
const DatasetLinkParams = Type.Object({ ...SubmissionParams.properties, dataset_id: Type.String({ minLength: 1, maxLength: 100 }) });

type Params = { system: string; id: string };

function notFoundSubmission() {
  return notFound('Submission not found');
}

/** The client behind a client-credentials token, or undefined for a user's token. */
function systemClientOf(request: FastifyRequest): string | undefined {
  return request.auth && !request.auth.profileId ? request.auth.clientId : undefined;
}

async function loadSubmission(ctx: ServiceContext, system: string, id: string): Promise<SubmissionsTable | undefined> {
  return ctx.db.selectFrom('submissions').selectAll().where('system', '=', system).where('id', '=', id).executeTakeFirst();
}

async function ownsSystem(ctx: ServiceContext, request: FastifyRequest, system: string): Promise<boolean> {
  const client = systemClientOf(request);
  if (!client) return false;
  const row = await ctx.db.selectFrom('submission_systems').select('client_id').where('name', '=', system).executeTakeFirst();
  return row?.client_id === client;
}

/** The submission, for its system or its author; 404 for anyone else. */
async function visibleSubmission(ctx: ServiceContext, request: FastifyRequest, params: Params): Promise<SubmissionsTable> {
  const row = await loadSubmission(ctx, params.system, params.id);
  if (!row) throw notFoundSubmission();
  if (await ownsSystem(ctx, request, params.system)) return row;
  if ((await verifiedEmailOf(ctx.db, request.auth?.profileId)) === row.owner_email) return row;
  throw notFoundSubmission();
}

/** The submission whose token the caller holds; 404 otherwise (never saying which part was wrong). */
async function tokenSubmission(ctx: ServiceContext, params: Params, token: string): Promise<SubmissionsTable> {
  const row = await loadSubmission(ctx, params.system, params.id);
  if (!row || !sameSecret(token, row.submission_token)) throw notFoundSubmission();
  return row;
}

/** The submission as JSON; its token only for the submission system, never for its author. */
async function submissionJson(ctx: ServiceContext, row: SubmissionsTable, forSystem: boolean): Promise<Record<string, unknown>> {
  const drafts = await ctx.db
    .selectFrom('dataset_drafts')
    .select(['id', 'version'])
    .where('submission_system', '=', row.system)
    .where('submission_id', '=', row.id)
    .orderBy('created')
    .execute();
  return {
    id: row.id,
    owner: { email: row.owner_email },
    submission_data: JSON.parse(row.submission_data) as unknown,
    ...(forSystem ? { submission_token: row.submission_token } : {}),
    datasets: drafts.map((d) => ({ id: d.id, version: Number(d.version) })),
  };
}

export async function submissionsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const mt = ctx.mediaTypes;

  app.post<{ Params: { system: string }; Body: SubmissionCreationRequest }>(
    '/datasets/submissions/:system',
    {
      schema: { params: SystemParams, body: SubmissionCreationRequest },
      config: { produces: [mt.submission], consumes: [mt.submissionCreation], auth: 'client' },
    },
    async (request, reply) => {
      const client = systemClientOf(request);
      if (!client) throw forbidden('Submissions are registered by a submission system using a client credentials token, not a user token');
      const { system } = request.params;
      const now = nowOf(ctx).toISOString();
      if (!(await ownsSystem(ctx, request, system))) throw notFound('Submission system not found');
      if (await loadSubmission(ctx, system, request.body.id)) throw conflict(`Submission ${request.body.id} exists already in ${system}`);
      const row: SubmissionsTable = {
        system,
        id: request.body.id,
        owner_email: normaliseEmail(request.body.owner.email),
        submission_data: JSON.stringify(request.body.submission_data ?? {}),
        submission_token: newSubmissionToken(),
        created: now,
        last_modified: now,
      };
      await ctx.db.insertInto('submissions').values(row).execute();
      return reply
        .code(201)
        .header('Location', ctx.url(`/datasets/submissions/${encodeURIComponent(system)}/${encodeURIComponent(row.id)}`))
        .type(request.responseType)
        .send(await submissionJson(ctx, row, true));
    },
  );

  app.get<{ Params: Params }>(
    '/datasets/submissions/:system/:id',
    { schema: { params: SubmissionParams }, config: { produces: [mt.submission], auth: 'client' } },
    async (request, reply) => {
      const row = await visibleSubmission(ctx, request, request.params);
      return reply.type(request.responseType).send(await submissionJson(ctx, row, await ownsSystem(ctx, request, request.params.system)));
    },
  );

  app.patch<{ Params: Params; Body: SubmissionModificationRequest }>(
    '/datasets/submissions/:system/:id',
    {
      schema: { params: SubmissionParams, body: SubmissionCreationRequest },
      config: { produces: [mt.submission], consumes: [mt.submissionModification, mt.submissionCreation], auth: 'client' },
    },
    async (request, reply) => {
      const row = await loadSubmission(ctx, request.params.system, request.params.id);
      if (!row || !(await ownsSystem(ctx, request, request.params.system))) throw notFoundSubmission();
      if (request.body.id !== row.id) throw badRequest(`body.id "${request.body.id}" does not match the submission ${row.id} in the path`);
      const ownerEmail = normaliseEmail(request.body.owner.email);
      const updated: SubmissionsTable = {
        ...row,
        owner_email: ownerEmail,
        submission_data: request.body.submission_data === undefined ? row.submission_data : JSON.stringify(request.body.submission_data),
        last_modified: nowOf(ctx).toISOString(),
      };
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('submissions')
          .set({ owner_email: updated.owner_email, submission_data: updated.submission_data, last_modified: updated.last_modified })
          .where('system', '=', row.system)
          .where('id', '=', row.id)
          .execute();
        // A new author takes over the author role on the linked drafts.
        await trx.updateTable('dataset_drafts').set({ author_email: ownerEmail }).where('submission_system', '=', row.system).where('submission_id', '=', row.id).execute();
      });
      return reply.code(201).type(request.responseType).send(await submissionJson(ctx, updated, true));
    },
  );

  app.post<{ Params: Params; Querystring: SubmissionDatasetsQuery; Body: SubmissionDatasetCreationRequest }>(
    '/datasets/submissions/:system/:id/datasets',
    {
      schema: { params: SubmissionParams, querystring: SubmissionDatasetsQuery, body: SubmissionDatasetCreationRequest },
      config: { produces: [mt.draftDataset], consumes: [mt.datasetCreationRequest, mt.draftDataset], auth: 'client' },
    },
    async (request, reply) => {
      const submission = await tokenSubmission(ctx, request.params, request.query.submission_token);
      // Only a verified holder of the owner's address becomes the draft's owner.
      const author = await ctx.db.selectFrom('profiles').select('id').where('email', '=', submission.owner_email).where('verified', '=', 1).executeTakeFirst();
      const data = JSON.parse(submission.submission_data) as { title?: unknown };
      const name = request.body.name ?? (typeof data.title === 'string' && data.title.trim() ? `Data for: ${data.title.trim()}`.slice(0, 255) : `Data for submission ${submission.id}`.slice(0, 255));
      const row = await createDraft(
        ctx,
        { ownerId: author?.id ?? null, actingProfileId: request.auth?.profileId ?? null, name, fields: request.body },
        { system: submission.system, submissionId: submission.id, authorEmail: submission.owner_email },
      );
      const access = await accessTo(ctx, request, row);
      return reply
        .code(201)
        .header('Location', ctx.url(`/datasets/drafts/${row.id}`))
        .type(request.responseType)
        .send(await draftJson(ctx, row, access));
    },
  );

  app.get<{ Params: Params; Querystring: SubmissionDatasetsQuery }>(
    '/datasets/submissions/:system/:id/datasets',
    { schema: { params: SubmissionParams, querystring: SubmissionDatasetsQuery }, config: { produces: [mt.draftDataset], auth: 'client' } },
    async (request, reply) => {
      const submission = await tokenSubmission(ctx, request.params, request.query.submission_token);
      const rows = await ctx.db
        .selectFrom('dataset_drafts')
        .selectAll()
        .where('submission_system', '=', submission.system)
        .where('submission_id', '=', submission.id)
        .orderBy('created')
        .orderBy('id')
        .execute();
      const tree = parseFields(request.query.fields);
      const items = [];
      for (const row of rows) items.push(selectItem(await draftJson(ctx, row, await accessTo(ctx, request, row)), tree));
      return reply.type(request.responseType).send(items);
    },
  );

  app.delete<{ Params: Params & { dataset_id: string }; Querystring: SubmissionDatasetsQuery }>(
    '/datasets/submissions/:system/:id/datasets/:dataset_id',
    { schema: { params: DatasetLinkParams, querystring: SubmissionDatasetsQuery }, config: { auth: 'client' } },
    async (request, reply) => {
      const submission = await tokenSubmission(ctx, request.params, request.query.submission_token);
      const draft = await loadDraft(ctx, request.params.dataset_id);
      if (draft.submission_system !== submission.system || draft.submission_id !== submission.id) throw notFound('Dataset is not linked to this submission');
      // Only the link goes: the draft stays with its owner, and published versions are permanent.
      await ctx.db
        .updateTable('dataset_drafts')
        .set({ submission_system: null, submission_id: null, author_email: null })
        .where('id', '=', draft.id)
        .execute();
      return reply.code(204).send();
    },
  );
}
