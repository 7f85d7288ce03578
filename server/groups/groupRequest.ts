// Every route on one group loads it, and the caller's standing in it, before the body is
// validated: a group the caller may not see answers 404 whatever the body holds, so neither
// validation messages nor status codes tell a hidden group from an unknown one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { userOf } from '../auth/authenticate.ts';
import { notFound } from '../http/errors.ts';
import { accessLevelOf, findGroup, roleOf, type GroupRow } from './groupStore.ts';
import { hasPendingInvitation } from './invitationStore.ts';
import { GROUP_NOT_FOUND, assertCanSee, type Viewer } from './membershipRules.ts';

export interface GroupAccess extends Viewer {
  group: GroupRow;
  profileId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    groupAccess: GroupAccess | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function installGroupRequest(app: FastifyInstance): void {
  app.decorateRequest('groupAccess', null);
}

/** Loads the caller's view of a group; 404 for unknown ids and private groups they are not in. */
export async function viewerOf(ctx: ServiceContext, profileId: string, groupId: unknown): Promise<GroupAccess> {
  if (!isUuid(groupId)) throw notFound(GROUP_NOT_FOUND);
  const group = await findGroup(ctx.db, groupId.toLowerCase());
  if (!group) throw notFound(GROUP_NOT_FOUND);
  const role = await roleOf(ctx.db, group.id, profileId);
  const accessLevel = accessLevelOf(group);
  const invited = role === undefined && accessLevel === 'private' ? await hasPendingInvitation(ctx.db, group.id, profileId) : false;
  const access: GroupAccess = { group, profileId, role, accessLevel, invited };
  assertCanSee(access);
  return access;
}

/** A preValidation hook for routes with an :id of a group. */
export function loadGroup(ctx: ServiceContext) {
  return async (request: FastifyRequest): Promise<void> => {
    request.groupAccess = await viewerOf(ctx, userOf(request), (request.params as { id?: unknown }).id);
  };
}

export function groupAccessOf(request: FastifyRequest): GroupAccess {
  if (!request.groupAccess) throw notFound(GROUP_NOT_FOUND);
  return request.groupAccess;
}
