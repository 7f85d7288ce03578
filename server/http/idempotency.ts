// Idempotent creates (the Idempotency-Key request header of the IETF httpapi draft). A create
// route opts in with `config.idempotentCreate`. The first request with a key reserves the id
// of what it creates before the handler runs, so a repeat after any failure finds the object
// by that id: a stored answer is replayed, an answer lost with a crashed service is rebuilt
// from the object, and a create that never committed runs again with the same id. A request
// without the header behaves as before.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { userOf } from '../auth/authenticate.ts';
import { HttpError, badRequest, conflict } from './errors.ts';

export interface IdempotentCreate {
  /** What the reserved id became, as the create would answer it; undefined if it never committed. */
  replay(request: FastifyRequest, id: string): Promise<{ body: unknown; location: string } | undefined>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is a create that honours Idempotency-Key. */
    idempotentCreate?: IdempotentCreate;
  }
  interface FastifyRequest {
    /** Set while a create with an Idempotency-Key runs: the id reserved for its object. */
    idempotency: { profileId: string; key: string; resourceId: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const PURGE_INTERVAL_MS = 60_000;

/** The id a create gives its new object: the one its idempotency key reserved, else a new one. */
export function newResourceId(request: FastifyRequest): string {
  return request.idempotency?.resourceId ?? randomUUID();
}

/** The key as sent: a structured-field string ("...") or, as many clients send it, bare. */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const raw = (Array.isArray(header) ? header.join(',') : header).trim();
  const key = /^"(.*)"$/.exec(raw)?.[1] ?? raw;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters, such as a UUID');
  }
  return key;
}

/** What makes two requests "the same create": route, library link, content headers and body. */
function fingerprintOf(request: FastifyRequest): string {
  const h = request.headers;
  const body = request.body === undefined || typeof (request.body as { pipe?: unknown }).pipe === 'function' ? null : request.body;
  const parts = [request.method, request.routeOptions.url, h['content-type'], h['content-disposition'], h.link, body === null ? h['content-length'] : JSON.stringify(body)];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function sendStored(reply: FastifyReply, row: { status: number; content_type: string | null; location: string | null; body: string | null }): FastifyReply {
  reply.code(row.status).header('Idempotent-Replayed', 'true');
  if (row.location) reply.header('Location', row.location);
  if (row.content_type) reply.type(row.content_type);
  return reply.send(row.body ?? '');
}

export function installIdempotentCreates(app: FastifyInstance, ctx: ServiceContext): void {
  const db = ctx.db;
  const retentionMs = ctx.config.tokenLifetimeSeconds * 24 * 1000;
  /** Keys whose create is running in this process: a repeat meanwhile is a 409 (try later). */
  const inFlight = new Set<string>();
  let lastPurge = 0;

  async function purgeOld(now: number): Promise<void> {
    if (now - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = now;
    await db.deleteFrom('idempotency_keys').where('created', '<', new Date(now - retentionMs).toISOString()).execute();
  }

  app.decorateRequest('idempotency', null);

  // Every other request passes these hooks at once through `done`: as async hooks they
  // cost each GET three promises. A create's work is the promise returned, as an async
  // hook's would be (Fastify takes either).
  app.addHook('preHandler', (request, reply, done) => {
    if (!request.routeOptions.config?.idempotentCreate || request.method !== 'POST') {
      done();
      return undefined;
    }
    return reserve(request, reply);
  });

  async function reserve(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const create = request.routeOptions.config.idempotentCreate!;
    const key = readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
    if (key === undefined) return;
    const profileId = userOf(request);
    const fingerprint = fingerprintOf(request);
    const flightKey = `${profileId}\u0000${key}`;
    if (inFlight.has(flightKey)) throw conflict('A create with this Idempotency-Key is still being processed; try again in a moment');
    const now = Date.now();
    await purgeOld(now);

    const reserved = randomUUID();
    await db
      .insertInto('idempotency_keys')
      .values({ profile_id: profileId, key, fingerprint, resource_id: reserved, status: null, content_type: null, location: null, body: null, created: new Date(now).toISOString() })
      .onConflict((oc) => oc.columns(['profile_id', 'key']).doNothing())
      .execute();
    const row = await db.selectFrom('idempotency_keys').selectAll().where('profile_id', '=', profileId).where('key', '=', key).executeTakeFirstOrThrow();
    if (row.fingerprint !== fingerprint) {
      throw new HttpError(422, 'This Idempotency-Key was already used for a different request; send a new key with a new create');
    }
    if (row.status !== null) return sendStored(reply, { ...row, status: row.status });
    if (row.resource_id !== reserved) {
      // Reserved by an earlier request whose answer was never stored (the service stopped):
      // if its object was committed, that is the answer; otherwise create it now, same id.
      const made = await create.replay(request, row.resource_id);
      if (made) {
        const stored = { status: 201, content_type: request.responseType ?? 'application/json', location: made.location, body: JSON.stringify(made.body) };
        await db.updateTable('idempotency_keys').set(stored).where('profile_id', '=', profileId).where('key', '=', key).execute();
        return sendStored(reply, stored);
      }
    }
    inFlight.add(flightKey);
    request.idempotency = { profileId, key, resourceId: row.resource_id };
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    const pending = request.idempotency;
    if (!pending) {
      done(null, payload);
      return undefined;
    }
    request.idempotency = null;
    return store(pending, reply, payload);
  });

  async function store(pending: NonNullable<FastifyRequest['idempotency']>, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const where = db.updateTable('idempotency_keys').where('profile_id', '=', pending.profileId).where('key', '=', pending.key);
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
        const location = reply.getHeader('location');
        const contentType = reply.getHeader('content-type');
        await where
          .set({
            status: reply.statusCode,
            location: typeof location === 'string' ? location : null,
            content_type: typeof contentType === 'string' ? contentType : null,
            body: payload.toString(),
          })
          .execute();
      } else if (reply.statusCode >= 400) {
        // Nothing was created: the key is free for a corrected request.
        await db.deleteFrom('idempotency_keys').where('profile_id', '=', pending.profileId).where('key', '=', pending.key).where('status', 'is', null).execute();
      }
    } finally {
      inFlight.delete(`${pending.profileId}\u0000${pending.key}`);
    }
    return payload;
  }

  // A request that ends without a reply being sent (aborted) frees its key too.
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.idempotency) inFlight.delete(`${request.idempotency.profileId}\u0000${request.idempotency.key}`);
    done();
  });
}
