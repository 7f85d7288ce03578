// Groups v2 memberships: list and search members, join, leave, follow, remove, change roles,
// and requests to join invite-only groups.
//
// Status codes of the calls the spec shows without a body: every one answers 204 No Content
// on success (join, leave, follow, unfollow, remove, join_request, accept, decline); a call
// that the group's state refuses answers 409 (already a member, owner leaving, not a
// follower...), one the caller's role or the access level forbids answers 403, and a group the
// caller may not see answers 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ServiceContext } from '../context.ts';
import { fetchPage, readPageParams, sendPageHeaders } from '../http/paging.ts';
import { conflict, notFound } from '../http/errors.ts';
import { GroupMemberRolePatch, GroupMembersQuery, GroupMessage } from '../../shared/schemas/group.ts';
import { addMembership, changeRole, handOver, removeMembership, roleOf } from './groupStore.ts';
import { groupAccessOf, isUuid, loadGroup } from './groupRequest.ts';
import { memberJson } from './groupView.ts';
import {
  assertCanAskToJoin, assertCanChangeRole, assertCanFollow, assertCanJoin, assertCanLeave, assertCanRemove, assertManager,
} from './membershipRules.ts';

const MEMBER_NOT_FOUND = 'Member not found';

interface ProfileParams {
  id: string;
  profile_id: string;
}

/** LIKE pattern for "contains", with the wildcards of the text escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function membersRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const mt = ctx.mediaTypes;
  const linkContext = { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count };
  const loader = loadGroup(ctx);
  // Message bodies are optional: an empty body counts as {}.
  const optionalBody = async (request: FastifyRequest) => {
    await loader(request);
    if (request.body === undefined || request.body === null) request.body = {};
  };
  const preValidation = loader;

  async function targetRole(groupId: string, profileId: string): Promise<string> {
    const role = isUuid(profileId) ? await roleOf(ctx.db, groupId, profileId.toLowerCase()) : undefined;
    if (!role) throw notFound(MEMBER_NOT_FOUND);
    return role;
  }

  /** Members and followers, oldest first; `query` keeps those whose first or last name contains it (any case). */
  app.get<{ Querystring: GroupMembersQuery & Record<string, unknown> }>(
    '/groups/v2/:id/members',
    { preValidation, schema: { querystring: GroupMembersQuery }, config: { produces: [mt.groupMemberList, mt.groupMembership] } },
    async (request, reply) => {
      const { group } = groupAccessOf(request);
      const params = readPageParams(request.query);
      let q = ctx.db
        .selectFrom('group_members')
        .innerJoin('profiles', 'profiles.id', 'group_members.profile_id')
        .select(['group_members.profile_id as profile_id', 'group_members.role as role', 'group_members.joined as joined'])
        .where('group_members.group_id', '=', group.id);
      const text = request.query.query?.trim();
      if (text) {
        const pattern = containsPattern(text);
        q = q.where((eb) =>
          eb.or([
            eb(sql`lower(profiles.first_name)`, 'like', sql`${pattern} ESCAPE '\\'`),
            eb(sql`lower(profiles.last_name)`, 'like', sql`${pattern} ESCAPE '\\'`),
          ]),
        );
      }
      const page = await fetchPage<{ profile_id: string; role: string; joined: string }>(q, 'group_members.joined', 'group_members.profile_id', params);
      sendPageHeaders(request, reply, page, params, linkContext, (row) => row.joined, (row) => row.profile_id);
      return reply.type(request.responseType).send(page.rows.map(memberJson));
    },
  );

  /** Join a public group (a follower who joins becomes a member). */
  app.post('/groups/v2/:id/members', { preValidation }, async (request, reply) => {
    const access = groupAccessOf(request);
    assertCanJoin(access);
    await addMembership(ctx.db, access.group.id, access.profileId, 'normal');
    await ctx.db.deleteFrom('group_join_requests').where('group_id', '=', access.group.id).where('profile_id', '=', access.profileId).execute();
    return reply.code(204).send();
  });

  app.delete('/groups/v2/:id/members', { preValidation }, async (request, reply) => {
    const { group, role, profileId } = groupAccessOf(request);
    assertCanLeave(role);
    await removeMembership(ctx.db, group.id, profileId);
    return reply.code(204).send();
  });

  /** Following twice is not an error: the caller follows the group either way. */
  app.post('/groups/v2/:id/followers', { preValidation }, async (request, reply) => {
    const access = groupAccessOf(request);
    assertCanFollow(access);
    if (access.role !== 'follower') await addMembership(ctx.db, access.group.id, access.profileId, 'follower');
    return reply.code(204).send();
  });

  app.delete('/groups/v2/:id/followers', { preValidation }, async (request, reply) => {
    const { group, role, profileId } = groupAccessOf(request);
    if (role !== 'follower') throw conflict('You do not follow this group');
    await removeMembership(ctx.db, group.id, profileId);
    return reply.code(204).send();
  });

  /** Removal takes effect at once: library access is checked against group_members on every request. */
  app.delete<{ Params: ProfileParams }>('/groups/v2/:id/members/:profile_id', { preValidation }, async (request, reply) => {
    const { group, role, profileId } = groupAccessOf(request);
    const target = request.params.profile_id.toLowerCase();
    if (target === profileId) {
      assertCanLeave(role);
    } else {
      assertCanRemove(role, await targetRole(group.id, target));
    }
    await removeMembership(ctx.db, group.id, target);
    return reply.code(204).send();
  });

  app.patch<{ Params: ProfileParams; Body: GroupMemberRolePatch }>(
    '/groups/v2/:id/members/:profile_id',
    { preValidation, schema: { body: GroupMemberRolePatch }, config: { produces: [mt.groupMembership], consumes: [mt.groupMembership] } },
    async (request, reply) => {
      const { group, role } = groupAccessOf(request);
      const target = request.params.profile_id.toLowerCase();
      const change = request.body.membership;
      assertCanChangeRole(role, await targetRole(group.id, target), change);
      if (change === 'owner') await handOver(ctx.db, group, target);
      else await changeRole(ctx.db, group.id, target, change);
      const row = await ctx.db.selectFrom('group_members').select(['profile_id', 'role', 'joined']).where('group_id', '=', group.id).where('profile_id', '=', target).executeTakeFirstOrThrow();
      return reply.type(request.responseType).send(memberJson(row));
    },
  );

  /** Asking again replaces the message of the waiting request. */
  app.post<{ Body: GroupMessage }>(
    '/groups/v2/:id/actions/join_request',
    { preValidation: optionalBody, schema: { body: GroupMessage }, config: { consumes: [mt.groupMessage] } },
    async (request, reply) => {
      const access = groupAccessOf(request);
      assertCanAskToJoin(access);
      const message = request.body.message ?? null;
      await ctx.db
        .insertInto('group_join_requests')
        .values({ group_id: access.group.id, profile_id: access.profileId, message, created: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['group_id', 'profile_id']).doUpdateSet({ message }))
        .execute();
      return reply.code(204).send();
    },
  );

  for (const answer of ['accept', 'decline'] as const) {
    /** An admin answers a join request; the message would go by e-mail, which is disabled. */
    app.post<{ Params: ProfileParams; Body: GroupMessage }>(
      `/groups/v2/:id/members/:profile_id/actions/${answer}`,
      { preValidation: optionalBody, schema: { body: GroupMessage }, config: { consumes: [mt.groupMessage] } },
      async (request, reply) => {
        const { group, role } = groupAccessOf(request);
        assertManager(role, 'answer requests to join');
        const target = request.params.profile_id.toLowerCase();
        const pending = await ctx.db
          .selectFrom('group_join_requests')
          .select('profile_id')
          .where('group_id', '=', group.id)
          .where('profile_id', '=', target)
          .executeTakeFirst();
        if (!pending) throw notFound('Join request not found');
        await ctx.db.transaction().execute(async (trx) => {
          await trx.deleteFrom('group_join_requests').where('group_id', '=', group.id).where('profile_id', '=', target).execute();
          if (answer === 'accept') {
            const joined = new Date().toISOString();
            await trx
              .insertInto('group_members')
              .values({ group_id: group.id, profile_id: target, role: 'normal', joined })
              // A follower becomes a member; someone who became a member meanwhile keeps their role.
              .onConflict((oc) => oc.columns(['group_id', 'profile_id']).doUpdateSet({ role: 'normal', joined }).where('group_members.role', '=', 'follower'))
              .execute();
          }
        });
        return reply.code(204).send();
      },
    );
  }
}
