// Followers: spec "Follower relationship", "Followers" and the "Follow relationship" states;
// real-api notes "Followers" (`relation_id` is accepted wherever a relationship id is).
//
// Choices where the spec allows either: POST creates a pending follow that the followed
// profile accepts with PATCH; POSTing the same follow again answers 200 with the existing
// relationship (a retried request from an offline client must not fail). Accepted follows
// are visible to every user; pending ones only to their two profiles.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ServiceContext } from '../context.ts';
import { userOf } from '../auth/authenticate.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { fetchPage, readPageParams, sendPageHeaders } from '../http/paging.ts';
import { Uuid } from '../../shared/schemas/common.ts';
import { FollowAcceptance, FollowersQuery, FollowRequest, type FollowStatus } from '../../shared/schemas/follower.ts';
import type { FollowsTable } from './followTables.ts';
import { acceptFollow, canSee, followJson, ownFollow, profileExists, removeFollow, requestFollow, visibleFollow } from './followStore.ts';

const IdParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['id'],
} as const;

/** GET /followers also looks one relationship up by its id (`id` or `relation_id`). */
const ListQuery = Type.Object({ ...FollowersQuery.properties, id: Type.Optional(Uuid), relation_id: Type.Optional(Uuid) });

interface ListQueryValue {
  followed?: string;
  follower?: string;
  id?: string;
  relation_id?: string;
  status?: FollowStatus;
  [key: string]: unknown;
}

/** Bodies may name the relationship as `id` or `relation_id`; it must be the one in the path. */
function checkBodyId(body: Record<string, unknown>, pathId: string): void {
  for (const key of ['id', 'relation_id']) {
    if (body[key] !== undefined && body[key] !== pathId) throw badRequest(`${key} in the body does not match the relationship in the path`);
  }
}

export async function followersRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const mt = ctx.mediaTypes;
  const produces = [mt.follow];
  const linkContext = { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count };

  app.get<{ Querystring: ListQueryValue }>('/followers', { schema: { querystring: ListQuery }, config: { produces } }, async (request, reply) => {
    const me = userOf(request);
    const query = request.query;
    const relationId = query.id ?? query.relation_id;
    if (query.id !== undefined && query.relation_id !== undefined && query.id !== query.relation_id) {
      throw badRequest('Conflicting filters specified: id and relation_id differ');
    }
    const given = [query.followed, query.follower, relationId].filter((v) => v !== undefined);
    if (given.length === 0) throw badRequest('No filter specified: give followed or follower');
    if (given.length > 1) throw badRequest('Conflicting filters specified: give only one of followed and follower');
    const params = readPageParams(query);

    if (relationId !== undefined) {
      const row = await ctx.db.selectFrom('follows').selectAll().where('id', '=', relationId).executeTakeFirst();
      const rows = row && canSee(row, me) && (!query.status || row.status === query.status) ? [row] : [];
      return reply.type(request.responseType).send(rows.map(followJson));
    }

    const column = query.followed !== undefined ? 'followed_id' : 'follower_id';
    const profileId = (query.followed ?? query.follower)!;
    if (profileId !== me && !(await profileExists(ctx.db, profileId))) throw notFound('profile not found');
    let q = ctx.db.selectFrom('follows').selectAll().where(column, '=', profileId);
    // Pending requests are between their two profiles: others see accepted follows only,
    // and each of the two sees the request from either side.
    if (profileId !== me) {
      const otherSide = column === 'followed_id' ? 'follower_id' : 'followed_id';
      q = q.where((eb) => eb.or([eb('status', '=', 'following'), eb(otherSide, '=', me)]));
    }
    if (query.status) q = q.where('status', '=', query.status);
    const page = await fetchPage<FollowsTable & Record<string, unknown>>(q, 'created', 'id', params);
    sendPageHeaders(request, reply, page, params, linkContext, (row) => row.created);
    return reply.type(request.responseType).send(page.rows.map(followJson));
  });

  app.get<{ Params: { id: string } }>('/followers/:id', { schema: { params: IdParams }, config: { produces } }, async (request, reply) => {
    const row = await visibleFollow(ctx.db, userOf(request), request.params.id);
    return reply.type(request.responseType).send(followJson(row));
  });

  app.post<{ Body: FollowRequest }>(
    '/followers',
    { schema: { body: FollowRequest }, config: { produces, consumes: [mt.followRequest, mt.follow] } },
    async (request, reply) => {
      const { row, created } = await requestFollow(ctx.db, userOf(request), request.body.followed);
      return reply
        .code(created ? 201 : 200)
        .header('Location', ctx.url(`/followers/${row.id}`))
        .type(request.responseType)
        .send(followJson(row));
    },
  );

  app.patch<{ Params: { id: string }; Body: FollowAcceptance & Record<string, unknown> }>(
    '/followers/:id',
    {
      schema: { params: IdParams, body: FollowAcceptance },
      config: { produces, consumes: [mt.followAcceptance, mt.follow] },
      // Before the body is validated: a relationship the caller is not part of is 404 whatever the body says.
      preValidation: async (request) => {
        await ownFollow(ctx.db, userOf(request), (request.params as { id: string }).id);
      },
    },
    async (request, reply) => {
      const me = userOf(request);
      checkBodyId(request.body, request.params.id);
      const row = await ownFollow(ctx.db, me, request.params.id);
      if (row.followed_id !== me) throw forbidden('Only the followed profile can accept a follow request');
      return reply.type(request.responseType).send(followJson(await acceptFollow(ctx.db, row)));
    },
  );

  app.delete<{ Params: { id: string } }>('/followers/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const row = await ownFollow(ctx.db, userOf(request), request.params.id);
    await removeFollow(ctx.db, row.id);
    return reply.code(204).send();
  });
}
