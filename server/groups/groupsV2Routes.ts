// Groups v2: create, list, read, change and delete groups, and the popular ones.
// DELETE answers 204 (the spec shows no body); the group's library goes with the group.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { userOf } from '../auth/authenticate.ts';
import { readPageParams } from '../http/paging.ts';
import { GroupCreate, GroupListQuery, GroupPatch } from '../../shared/schemas/group.ts';
import { createGroup, deleteGroup, patchGroup, popularGroups, rolesIn } from './groupStore.ts';
import { groupAccessOf, loadGroup } from './groupRequest.ts';
import { groupJson } from './groupView.ts';
import { sendCallerGroups } from './callerGroups.ts';
import { assertManager, assertOwner } from './membershipRules.ts';
import { dropEchoedFields, withEchoedFields } from '../http/echoedFields.ts';

/** Fields of a group the service sets; a group sent back as it was read may carry them (ignored). */
const GROUP_ECHOED_FIELDS = ['id', 'link', 'owning_profile_id', 'created', 'role', 'invite_only', 'public', 'photo'] as const;
const GroupPatchBody = withEchoedFields(GroupPatch, GROUP_ECHOED_FIELDS);

export async function groupsV2Routes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const mt = ctx.mediaTypes;
  const preValidation = loadGroup(ctx);

  app.post<{ Body: GroupCreate }>(
    '/groups/v2',
    { schema: { body: GroupCreate }, config: { produces: [mt.groupV2], consumes: [mt.groupV2] } },
    async (request, reply) => {
      const group = await createGroup(ctx.db, userOf(request), request.body);
      return reply
        .code(201)
        .header('Location', ctx.url(`/groups/v2/${group.id}`))
        .type(request.responseType)
        .send(groupJson(group, ctx.url, { role: 'owner', withAccessFlags: true }));
    },
  );

  /** The caller's groups in any role (followed groups too), oldest first, paged. */
  app.get<{ Querystring: GroupListQuery & Record<string, unknown> }>(
    '/groups/v2',
    { schema: { querystring: GroupListQuery }, config: { produces: [mt.groupList, mt.groupV2] } },
    (request, reply) => sendCallerGroups(ctx, request, reply),
  );

  /** Public and invite-only groups by member count; one list of at most `limit`, not paged. */
  app.get<{ Querystring: GroupListQuery & Record<string, unknown> }>(
    '/groups/v2/popular',
    { schema: { querystring: GroupListQuery }, config: { produces: [mt.groupList, mt.groupV2] } },
    async (request, reply) => {
      const profileId = userOf(request);
      const { limit } = readPageParams(request.query);
      const groups = await popularGroups(ctx.db, limit);
      const roles = await rolesIn(ctx.db, profileId, groups.map((g) => g.id));
      return reply.type(request.responseType).send(groups.map((g) => groupJson(g, ctx.url, { role: roles.get(g.id) })));
    },
  );

  app.get('/groups/v2/:id', { preValidation, config: { produces: [mt.groupV2] } }, async (request, reply) => {
    const { group, role } = groupAccessOf(request);
    return reply.type(request.responseType).send(groupJson(group, ctx.url, { role }));
  });

  app.patch<{ Body: GroupPatch }>(
    '/groups/v2/:id',
    { preValidation, schema: { body: GroupPatchBody }, config: { produces: [mt.groupV2], consumes: [mt.groupV2] } },
    async (request, reply) => {
      const { group, role } = groupAccessOf(request);
      dropEchoedFields(request.body, GROUP_ECHOED_FIELDS);
      assertManager(role, 'change the group');
      const changed = Object.values(request.body).some((value) => value !== undefined) ? await patchGroup(ctx.db, group, request.body) : group;
      return reply.type(request.responseType).send(groupJson(changed, ctx.url, { role }));
    },
  );

  app.delete('/groups/v2/:id', { preValidation }, async (request, reply) => {
    const { group, role } = groupAccessOf(request);
    assertOwner(role, 'delete the group');
    await deleteGroup(ctx, group);
    return reply.code(204).send();
  });
}
