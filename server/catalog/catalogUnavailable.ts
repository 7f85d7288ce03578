// The catalog's routes on an engine the catalog does not run on yet (PostgreSQL): each
// answers 503 with a sentence, so clients show that the catalog is unavailable here rather
// than failing on a missing route.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';

export const CATALOG_UNAVAILABLE = 'The catalog is not available on this service yet (it runs on SQLite only).';

export function catalogUnavailableRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const mt = ctx.mediaTypes;
  const unavailable = async () => {
    throw new HttpError(503, CATALOG_UNAVAILABLE);
  };
  app.get('/catalog', { config: { auth: 'client', produces: [mt.document] } }, unavailable);
  app.get('/catalog/:id', { config: { auth: 'client', produces: [mt.document] } }, unavailable);
  app.get('/search/catalog', { config: { auth: 'client', produces: [mt.document] } }, unavailable);
  app.get('/metadata', { config: { auth: 'client', produces: [mt.documentLookup] } }, unavailable);
  app.get('/catalog/v/:id', { config: { auth: 'none', produces: ['text/html'] } }, unavailable);
}
