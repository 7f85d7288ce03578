// Groups v1: the caller's groups (any role, followers included), one group, its members.
// The sync engine walks these for group libraries; v2 manages groups.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { fetchPage, readPageParams, sendPageHeaders } from '../http/paging.ts';
import { groupAccessOf, loadGroup } from './groupRequest.ts';
import { groupJson, memberJson } from './groupView.ts';
import { sendCallerGroups } from './callerGroups.ts';

export async function groupsV1Routes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const mt = ctx.mediaTypes;
  const linkContext = { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count };
  const preValidation = loadGroup(ctx);

  app.get('/groups', { config: { produces: [mt.group] } }, (request, reply) => sendCallerGroups(ctx, request, reply));

  app.get('/groups/:id', { preValidation, config: { produces: [mt.group] } }, async (request, reply) => {
    const { group, role } = groupAccessOf(request);
    return reply.type(request.responseType).send(groupJson(group, ctx.url, { role }));
  });

  app.get<{ Querystring: Record<string, unknown> }>(
    '/groups/:id/members',
    { preValidation, config: { produces: [mt.membership] } },
    async (request, reply) => {
      const { group } = groupAccessOf(request);
      const params = readPageParams(request.query);
      const q = ctx.db.selectFrom('group_members').select(['profile_id', 'role', 'joined']).where('group_id', '=', group.id);
      const page = await fetchPage<{ profile_id: string; role: string; joined: string }>(q, 'joined', 'profile_id', params);
      sendPageHeaders(request, reply, page, params, linkContext, (row) => row.joined, (row) => row.profile_id);
      return reply.type(request.responseType).send(page.rows.map(memberJson));
    },
  );
}
