import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';

export async function foldersRoutes(_app: FastifyInstance, _ctx: ServiceContext): Promise<void> {
  // Routes of this area are added here.
}
