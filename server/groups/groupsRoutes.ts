// The groups area: v1 (read-only listing the sync engine walks) and v2 (management,
// memberships, invitations). Static v2 paths (/groups/v2, /groups/v2/popular,
// /groups/v2/invitations) take precedence over the v1 and v2 :id routes in the router.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { installGroupRequest } from './groupRequest.ts';
import { groupsV1Routes } from './groupsV1Routes.ts';
import { groupsV2Routes } from './groupsV2Routes.ts';
import { membersRoutes } from './membersRoutes.ts';
import { invitationsRoutes } from './invitationsRoutes.ts';
import { joinRequestsRoutes } from './joinRequestsRoutes.ts';

export async function groupsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  installGroupRequest(app);
  await groupsV1Routes(app, ctx);
  await groupsV2Routes(app, ctx);
  await membersRoutes(app, ctx);
  await invitationsRoutes(app, ctx);
  await joinRequestsRoutes(app, ctx);
}
