// Health checks for load balancers and orchestrators, without a token:
// - GET /health: the process is alive and its event loop answers (liveness).
// - GET /ready: this instance can serve: the database answers, every migration this build
//   knows has run, and it is not shutting down. 503 with a {message} otherwise, so the
//   balancer sends the traffic elsewhere (readiness).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ServiceContext } from '../context.ts';
import { migrations } from '../storage/migrations/index.ts';

const probe = { config: { auth: 'none', produces: ['application/json'] } } as const;

export async function healthRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get('/health', probe, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'alive' };
  });

  app.get('/ready', probe, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const problem = await readinessProblem(ctx);
    if (problem) return reply.code(503).send({ message: problem });
    return { status: 'ready' };
  });
}

async function readinessProblem(ctx: ServiceContext): Promise<string | null> {
  if (ctx.lifecycle.draining) return 'The service is shutting down';
  let applied: Set<string>;
  try {
    const rows = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(ctx.db);
    applied = new Set(rows.rows.map((r) => r.name));
  } catch {
    return 'The database does not answer';
  }
  const missing = Object.keys(migrations).filter((name) => !applied.has(name));
  if (missing.length) return `The database lacks ${missing.length} migration(s), first ${missing[0]}`;
  return null;
}
