// The requests to join a group that wait for an answer. The spec has the ask and the answers
// (accept, decline) but no way for owners and admins to see who asked; without this listing
// an app could not show the requests it lets them answer. Managers only; oldest first.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { groupAccessOf, loadGroup } from './groupRequest.ts';
import { assertManager } from './membershipRules.ts';

export interface JoinRequestJson {
  profile_id: string;
  message?: string;
  created: string;
}

export async function joinRequestsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get('/groups/v2/:id/join_requests', { preValidation: loadGroup(ctx), config: { produces: ['application/json'] } }, async (request, reply) => {
    const { group, role } = groupAccessOf(request);
    assertManager(role, 'see requests to join');
    const rows = await ctx.db
      .selectFrom('group_join_requests')
      .select(['profile_id', 'message', 'created'])
      .where('group_id', '=', group.id)
      .orderBy('created')
      .orderBy('profile_id')
      .execute();
    const body: JoinRequestJson[] = rows.map((row) => (row.message === null ? { profile_id: row.profile_id, created: row.created } : { ...row, message: row.message }));
    return reply.type('application/json').send(body);
  });
}
