// Live change hints (an extension beyond the spec; clients that do not know it ignore it):
// GET /events is a Server-Sent Events stream, authenticated like every call, that carries
// only "library X changed" hints, never data. A client pulls when one arrives. After a
// successful write to a library route the writer's streams hear `{"library":"personal"}`,
// and, when the answer names a group, every member's streams hear `{"library":"<group id>"}`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { userOf } from '../auth/authenticate.ts';

const HEARTBEAT_MS = 15_000;
const LIBRARY_ROUTES = /^\/(documents|annotations|folders|files|trash)(\/|$)/;
const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

export async function changeEventsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const streams = new Map<string, Set<FastifyReply>>();

  const unsubscribe = ctx.bus.subscribe('library-changed', ({ profiles, library }) => {
    const event = `event: changed\ndata: ${JSON.stringify({ library })}\n\n`;
    for (const profileId of profiles) for (const reply of streams.get(profileId) ?? []) reply.raw.write(event);
  });

  app.get('/events', { config: { produces: ['text/event-stream'] } }, async (request, reply) => {
    const profileId = userOf(request);
    reply.hijack();
    reply.raw.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    reply.raw.write(': connected\n\n');
    let own = streams.get(profileId);
    if (!own) streams.set(profileId, (own = new Set()));
    own.add(reply);
    const heartbeat = setInterval(() => reply.raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      own.delete(reply);
      if (own.size === 0) streams.delete(profileId);
    });
  });

  // Reads pass on at once through `done`: as an async hook it cost every GET a promise. A
  // write's hint is the promise returned, as an async hook's would be (Fastify takes either).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 300 || !request.auth?.profileId || !LIBRARY_ROUTES.test(request.url)) {
      done(null, payload);
      return undefined;
    }
    return hint(request, payload);
  });

  async function hint(request: FastifyRequest, payload: unknown): Promise<unknown> {
    if (!request.auth?.profileId) return payload;
    // The write has committed: a hint that cannot be published costs latency only (clients
    // pull periodically), so it must not turn the answer into an error.
    try {
      await ctx.bus.publish('library-changed', { profiles: [request.auth.profileId], library: 'personal' });
      const groupId = typeof payload === 'string' ? /"group_id"\s*:\s*"([^"]+)"/.exec(payload)?.[1] : undefined;
      if (groupId) {
        const members = await ctx.db.selectFrom('group_members').select('profile_id').where('group_id', '=', groupId).execute();
        await ctx.bus.publish('library-changed', { profiles: members.map((m) => m.profile_id), library: groupId });
      }
    } catch (error) {
      request.log.warn({ err: error }, 'live-sync hint not published');
    }
    return payload;
  }

  // Open streams would hold the service's close open.
  app.addHook('preClose', async () => {
    unsubscribe();
    for (const set of streams.values()) for (const reply of set) reply.raw.end();
    streams.clear();
  });
}
