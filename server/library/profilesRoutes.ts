// Profiles: the caller's own (with email), others' (without), lookups, and amendments.
// Spec "Profile" and "Profiles"; real-api notes "Groups and profiles" and "Errors".
//
// PATCH /profiles/me refuses (400) a change of email, id and the fields the service
// computes rather than ignoring it, so a client never believes a change was made that was
// not. A client that sends back the profile it read carries those fields unchanged: equal
// values are no change and are ignored.
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ServiceContext } from '../context.ts';
import { userOf } from '../auth/authenticate.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { ProfileAmendment } from '../../shared/schemas/profile.ts';
import { amendProfile, findProfile, findProfilesByEmail, findProfilesByScopusId, type ProfileRow } from './profileStore.ts';
import { profilePhotoRoutes } from './profilePhotoRoutes.ts';
import { ownProfileView, profileIdFromLink, publicProfileView } from './profileView.ts';

const LOOKUP_FILTERS = ['email', 'link', 'scopus_author_id'] as const;

const LookupQuery = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  link: Type.Optional(Type.String({ maxLength: 2000 })),
  scopus_author_id: Type.Optional(Type.String({ maxLength: 255 })),
});

/** Fields of the profile that the service sets; an amendment naming them is refused. */
const SERVICE_SET_FIELDS = ['id', 'email', 'display_name', 'link', 'verified', 'user_type', 'created', 'institution', 'photo', 'photos'];

export async function profilesRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  // The spec's plural type first; the singular one some clients ask for is the same body.
  const produces = [ctx.mediaTypes.profiles, ctx.mediaTypes.profile];
  const url = ctx.url;
  await profilePhotoRoutes(app, ctx);

  async function ownRow(profileId: string): Promise<ProfileRow> {
    const row = await findProfile(ctx.db, profileId);
    // A valid token for a profile that has since been removed.
    if (!row) throw notFound('profile not found');
    return row;
  }

  app.get('/profiles/me', { config: { produces } }, async (request, reply) => {
    const row = await ownRow(userOf(request));
    reply.type(request.responseType);
    return ownProfileView(row, url);
  });

  // Not in the spec: Zotero's Mendeley importer reads the caller's id from /profiles/v2/me
  // (Accept vnd.<vendor>-profiles.2+json). The own profile answers it.
  app.get('/profiles/v2/me', { config: { produces: [ctx.mediaTypes.profilesV2, ...produces] } }, async (request, reply) => {
    const row = await ownRow(userOf(request));
    reply.type(request.responseType);
    return ownProfileView(row, url);
  });

  app.get('/profiles/:id', { config: { produces, auth: 'client' } }, async (request, reply) => {
    const row = await findProfile(ctx.db, (request.params as { id: string }).id);
    if (!row) throw notFound('profile not found');
    reply.type(request.responseType);
    return publicProfileView(row, url);
  });

  app.get('/profiles', { config: { produces }, schema: { querystring: LookupQuery } }, async (request, reply) => {
    const query = request.query as Partial<Record<(typeof LOOKUP_FILTERS)[number], string>>;
    const given = LOOKUP_FILTERS.filter((name) => query[name] !== undefined);
    if (given.length === 0) throw badRequest('No filter specified');
    if (given.length > 1) throw badRequest('Conflicting filters specified');
    let rows: ProfileRow[];
    if (query.email !== undefined) {
      rows = await findProfilesByEmail(ctx.db, query.email);
    } else if (query.link !== undefined) {
      const id = profileIdFromLink(query.link);
      const row = id ? await findProfile(ctx.db, id) : undefined;
      rows = row ? [row] : [];
    } else {
      rows = await findProfilesByScopusId(ctx.db, query.scopus_author_id ?? '');
    }
    reply.type(request.responseType);
    return rows.map((row) => publicProfileView(row, url));
  });

  app.patch(
    '/profiles/me',
    {
      config: { produces, consumes: [ctx.mediaTypes.profileAmendment, ctx.mediaTypes.profiles, ctx.mediaTypes.profile, 'application/json'] },
      schema: { body: ProfileAmendment },
      // Before schema validation, so these get a message saying why rather than "unknown field".
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | null | undefined;
        if (!body || typeof body !== 'object' || Array.isArray(body)) return;
        if (!SERVICE_SET_FIELDS.some((field) => field in body)) return;
        const current = ownProfileView(await ownRow(userOf(request)), url) as unknown as Record<string, unknown>;
        for (const field of SERVICE_SET_FIELDS) {
          if (!(field in body)) continue;
          if (!isDeepStrictEqual(body[field], current[field])) throw badRequest(`${field} cannot be changed through PATCH /profiles/me`);
          delete body[field];
        }
      },
    },
    async (request, reply) => {
      const row = await ownRow(userOf(request));
      const amendment = (request.body ?? {}) as ProfileAmendment;
      for (const name of ['first_name', 'last_name'] as const) {
        if (amendment[name] !== undefined && !String(amendment[name]).trim()) throw badRequest(`${name} cannot be blank`);
      }
      const updated = Object.keys(amendment).length ? await amendProfile(ctx.db, row, amendment) : row;
      reply.type(request.responseType);
      return ownProfileView(updated, url);
    },
  );
}
