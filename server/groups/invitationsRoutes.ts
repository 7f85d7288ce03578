// Groups v2 invitations. Owners and admins invite by e-mail address (each invitation is
// e-mailed), list, revoke and resend; the invitee (matched by profile or by verified e-mail
// address) accepts or declines, here or on the page the e-mailed link opens.
//
// Status codes: POST invitations answers 200 with one result per recipient (some may be
// errors, so nothing as a whole was "created"); accept, decline, revoke and resend answer 204
// No Content; answering an invitation that is no longer CREATED or SENT answers 409.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { userOf } from '../auth/authenticate.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { fetchPage, readPageParams, sendPageHeaders } from '../http/paging.ts';
import { GroupInvitationRequestBody } from '../../shared/schemas/group.ts';
import { groupAccessOf, isUuid, loadGroup, type GroupAccess } from './groupRequest.ts';
import {
  INVITATION_NOT_FOUND, answerInvitation, assertPending, findInvitation, invitationJson, invitationsWithInvitee, inviteRecipients, isAddressedTo,
  pendingFor, profileEmail, resendInvitation, setInvitationStatus, type InvitationRow,
} from './invitationStore.ts';
import { assertManager, isManager } from './membershipRules.ts';

interface InvitationParams {
  id: string;
  invitation_id: string;
}

const InvitationsQuery = {
  type: 'object',
  properties: {
    invitation_code: { type: 'string', maxLength: 100 },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
  },
} as const;

export async function invitationsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const mt = ctx.mediaTypes;
  const linkContext = { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count };
  const preValidation = loadGroup(ctx);

  /** The invitation, if the caller is its invitee or manages the group; 404 otherwise. */
  async function visibleInvitation(access: GroupAccess, id: string): Promise<{ row: InvitationRow; invitee: boolean }> {
    const row = isUuid(id) ? await findInvitation(ctx.db, access.group.id, id.toLowerCase()) : undefined;
    if (!row) throw notFound(INVITATION_NOT_FOUND);
    const invitee = isAddressedTo(row, access.profileId, await profileEmail(ctx.db, access.profileId));
    if (!invitee && !isManager(access.role)) throw notFound(INVITATION_NOT_FOUND);
    return { row, invitee };
  }

  /** Invitations waiting for the caller's answer, oldest first. */
  app.get<{ Querystring: Record<string, unknown> }>(
    '/groups/v2/invitations',
    { schema: { querystring: InvitationsQuery }, config: { produces: [mt.groupInvitationList, mt.groupInvitation] } },
    async (request, reply) => {
      const profileId = userOf(request);
      const params = readPageParams(request.query);
      const q = pendingFor(ctx.db, profileId, await profileEmail(ctx.db, profileId));
      const page = await fetchPage<InvitationRow & Record<string, unknown>>(q, 'group_invitations.created', 'group_invitations.id', params);
      sendPageHeaders(request, reply, page, params, linkContext, (row) => row.created);
      return reply.type(request.responseType).send(page.rows.map(invitationJson));
    },
  );

  app.post<{ Body: GroupInvitationRequestBody }>(
    '/groups/v2/:id/invitations',
    {
      preValidation,
      schema: { body: GroupInvitationRequestBody },
      config: { produces: [mt.groupInvitationResponseList], consumes: [mt.groupInvitation] },
    },
    async (request, reply) => {
      const { group, role, profileId } = groupAccessOf(request);
      assertManager(role, 'invite people');
      const log = (line: string) => request.log.warn(line);
      const results = await inviteRecipients(ctx, group.id, profileId, request.body.recipients, request.body.message, log);
      return reply.type(request.responseType).send(results);
    },
  );

  /**
   * Owners and admins list every invitation of the group. With invitation_code (an
   * invitation's uuid) the invitee, too, looks up that one invitation: a group page uses it
   * to tell an invited non-member from other visitors.
   */
  app.get<{ Querystring: { invitation_code?: string } & Record<string, unknown> }>(
    '/groups/v2/:id/invitations',
    { preValidation, schema: { querystring: InvitationsQuery }, config: { produces: [mt.groupInvitationList, mt.groupInvitation] } },
    async (request, reply) => {
      const access = groupAccessOf(request);
      const code = request.query.invitation_code;
      if (code !== undefined) {
        const { row } = await visibleInvitation(access, code);
        return reply.type(request.responseType).send([invitationJson(row)]);
      }
      assertManager(access.role, 'list the group\u2019s invitations');
      const params = readPageParams(request.query);
      const q = invitationsWithInvitee(ctx.db).where('group_invitations.group_id', '=', access.group.id);
      const page = await fetchPage<InvitationRow & Record<string, unknown>>(q, 'group_invitations.created', 'group_invitations.id', params);
      sendPageHeaders(request, reply, page, params, linkContext, (row) => row.created);
      return reply.type(request.responseType).send(page.rows.map(invitationJson));
    },
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post<{ Params: InvitationParams }>(`/groups/v2/:id/invitations/:invitation_id/actions/${answer}`, { preValidation }, async (request, reply) => {
      const access = groupAccessOf(request);
      const { row, invitee } = await visibleInvitation(access, request.params.invitation_id);
      if (!invitee) throw forbidden(`Only the invitee can ${answer} an invitation`);
      await answerInvitation(ctx.db, row, access.profileId, access.role, answer);
      return reply.code(204).send();
    });
  }

  for (const action of ['revoke', 'resend'] as const) {
    app.post<{ Params: InvitationParams }>(`/groups/v2/:id/invitations/:invitation_id/actions/${action}`, { preValidation }, async (request, reply) => {
      const access = groupAccessOf(request);
      const { row } = await visibleInvitation(access, request.params.invitation_id);
      assertManager(access.role, `${action} invitations`);
      assertPending(row);
      if (action === 'revoke') await setInvitationStatus(ctx.db, row, 'REVOKED');
      else await resendInvitation(ctx, row, (line) => request.log.warn(line));
      return reply.code(204).send();
    });
  }
}
