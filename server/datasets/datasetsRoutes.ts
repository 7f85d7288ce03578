// The research datasets area: drafts, published datasets, licences, submissions and the
// signed downloads of dataset files.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import './datasetTables.ts';
import { draftsRoutes } from './draftsRoutes.ts';
import { publicDatasetsRoutes } from './publicDatasetsRoutes.ts';
import { submissionsRoutes } from './submissionsRoutes.ts';
import { datasetFilesRoutes } from './datasetFilesRoutes.ts';

export async function datasetsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  await draftsRoutes(app, ctx);
  await publicDatasetsRoutes(app, ctx);
  await submissionsRoutes(app, ctx);
  await datasetFilesRoutes(app, ctx);
}
