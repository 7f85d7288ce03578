// The caller's groups, in any role (followed groups too), oldest first and paged: the same
// listing answers GET /groups (v1) and GET /groups/v2, each in its own media type.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import type { GroupsTable } from '../storage/tables.ts';
import { userOf } from '../auth/authenticate.ts';
import { fetchPage, readPageParams, sendPageHeaders } from '../http/paging.ts';
import { groupJson } from './groupView.ts';

export async function sendCallerGroups(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const profileId = userOf(request);
  const params = readPageParams(request.query as Record<string, unknown>);
  const q = ctx.db
    .selectFrom('groups')
    .innerJoin('group_members', 'group_members.group_id', 'groups.id')
    .selectAll('groups')
    .select('group_members.role as caller_role')
    .where('group_members.profile_id', '=', profileId);
  const page = await fetchPage<GroupsTable & { caller_role: string } & Record<string, unknown>>(q, 'groups.created', 'groups.id', params);
  sendPageHeaders(request, reply, page, params, { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count }, (row) => row.created);
  return reply.type(request.responseType).send(page.rows.map((row) => groupJson(row, ctx.url, { role: row.caller_role })));
}
