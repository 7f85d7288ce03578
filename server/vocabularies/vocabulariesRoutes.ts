// Read-only reference vocabularies: academic statuses, disciplines, identifier types,
// institutions (search, one, trees) and locations. Spec "Reference vocabularies" and its
// search rules. Any valid token will do, also a client-credentials one (auth: 'client').
//
// GET /institutions takes one of hint, email or name (more than one: 400, as the profile
// lookup does), each optionally narrowed by city, state and country; city/state/country
// alone list the institutions of that place. Hint and name matching also ignore accents.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import {
  INSTITUTION_HINT_MIN_LENGTH, INSTITUTIONS_LIMIT_MAX, InstitutionsQuery, InstitutionTreesQuery, LOCATIONS_LIMIT_DEFAULT, LocationsQuery, type InstitutionTree,
} from '../../shared/schemas/vocabulary.ts';
import { foldPlace, type InstitutionIndex } from './institutionIndex.ts';
import { InstitutionSizes } from './institutionSizes.ts';
import { academicStatuses, disciplines, identifierTypes, institutionIndex, locationIndex } from './vocabularyData.ts';
import { vocabularySettings } from './vocabularySettings.ts';

const IdParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['id'],
} as const;

const PRIMARY_FILTERS = ['hint', 'email', 'name'] as const;

export async function vocabulariesRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const mt = ctx.mediaTypes;
  let sizes: InstitutionSizes | undefined;

  /** The institution index and this service's size counts, brought up to date. */
  async function institutions(): Promise<{ index: InstitutionIndex; sizes: InstitutionSizes }> {
    const index = institutionIndex();
    sizes ??= new InstitutionSizes(ctx.db, index);
    await sizes.refresh();
    return { index, sizes };
  }

  app.get('/academic_statuses', { config: { auth: 'client', produces: [mt.academicStatus, mt.academicStatusVendor] } }, async (request, reply) =>
    reply.type(request.responseType).send(academicStatuses()),
  );

  app.get('/disciplines', { config: { auth: 'client', produces: [mt.discipline] } }, async (request, reply) =>
    reply.type(request.responseType).send(disciplines()),
  );

  app.get('/identifier_types', { config: { auth: 'client', produces: [mt.identifierType] } }, async (request, reply) =>
    reply.type(request.responseType).send(identifierTypes()),
  );

  app.get<{ Querystring: InstitutionsQuery }>(
    '/institutions',
    { schema: { querystring: InstitutionsQuery }, config: { auth: 'client', produces: [mt.institution] } },
    async (request, reply) => {
      const query = request.query;
      const given = PRIMARY_FILTERS.filter((name) => query[name] !== undefined);
      const place = foldPlace(query);
      if (given.length > 1) throw badRequest(`Conflicting filters specified: use one of ${PRIMARY_FILTERS.join(', ')}`);
      if (given.length === 0 && Object.keys(place).length === 0) {
        throw badRequest('No filter specified: give hint, email or name, or city, state or country');
      }
      if (query.hint !== undefined && query.hint.replace(/\s+/gu, '').length < INSTITUTION_HINT_MIN_LENGTH) {
        throw badRequest(`hint must have at least ${INSTITUTION_HINT_MIN_LENGTH} characters besides spaces`);
      }
      const limit = query.limit ?? INSTITUTIONS_LIMIT_MAX;
      const { index, sizes: counts } = await institutions();
      const positions =
        query.hint !== undefined ? index.searchHint(query.hint, place, counts, limit)
        : query.email !== undefined ? index.searchEmail(query.email, place, counts, limit)
        : query.name !== undefined ? index.searchName(query.name, place, counts, limit)
        : index.searchPlace(place, counts, limit);
      return reply.type(request.responseType).send(positions.map((p) => index.records[p]));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/institutions/:id',
    { schema: { params: IdParams }, config: { auth: 'client', produces: [mt.institution] } },
    async (request, reply) => {
      const index = institutionIndex();
      const position = index.positionOf(request.params.id);
      if (position === undefined) throw notFound('institution not found');
      return reply.type(request.responseType).send(index.records[position]);
    },
  );

  function treeUnder(index: InstitutionIndex, root: number): InstitutionTree {
    const bytes = index.subtreeBytes(root);
    const max = vocabularySettings.institutionTreeMaxBytes;
    if (bytes > max) {
      const kB = (n: number) => `${Math.ceil(n / 1000)} kB`;
      throw forbidden(`Institution tree is too large: its ${index.subtreeSize(root)} institutions take ${kB(bytes)} and at most ${kB(max)} can be returned; ask for the tree of one of its units instead`);
    }
    return { id: index.records[root]!.id, institution_nodes: index.subtree(root).map((p) => index.records[p]!) };
  }

  const treeTypes = [mt.institutionTree, mt.institution];

  app.get<{ Querystring: InstitutionTreesQuery }>(
    '/institution_trees',
    { schema: { querystring: InstitutionTreesQuery }, config: { auth: 'client', produces: treeTypes } },
    async (request, reply) => {
      const index = institutionIndex();
      const position = index.positionOf(request.query.institution_id);
      if (position === undefined) throw notFound('institution not found');
      return reply.type(request.responseType).send([treeUnder(index, index.rootOf(position))]);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/institution_trees/:id',
    { schema: { params: IdParams }, config: { auth: 'client', produces: treeTypes } },
    async (request, reply) => {
      const index = institutionIndex();
      const position = index.positionOf(request.params.id);
      if (position === undefined) throw notFound('institution not found');
      return reply.type(request.responseType).send(treeUnder(index, position));
    },
  );

  app.get<{ Querystring: LocationsQuery }>(
    '/locations',
    { schema: { querystring: LocationsQuery }, config: { auth: 'client', produces: [mt.location] } },
    async (request, reply) => {
      const { prefix, limit = LOCATIONS_LIMIT_DEFAULT } = request.query;
      return reply.type(request.responseType).send(locationIndex().withPrefix(prefix, limit));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/locations/:id',
    { schema: { params: IdParams }, config: { auth: 'client', produces: [mt.location] } },
    async (request, reply) => {
      const location = locationIndex().byId(request.params.id);
      if (!location) throw notFound('location not found');
      return reply.type(request.responseType).send(location);
    },
  );
}
