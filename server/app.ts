// Builds the service: one Fastify instance, cross-cutting hooks, then one plugin per area.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { ServerConfig } from './config.ts';
import { openDatabase } from './storage/database.ts';
import { DirectoryBlobStore } from './storage/directoryBlobStore.ts';
import { TokenService } from './auth/tokenService.ts';
import { installAuthentication } from './auth/authenticate.ts';
import { TokenRateLimiter } from './auth/rateLimit.ts';
import { installErrorHandler } from './http/errorHandler.ts';
import { installUrlCheck } from './http/urlCheck.ts';
import { installBodyParsers, installNegotiation } from './http/mediaTypes.ts';
import { installValidators } from './http/validation.ts';
import { installIdempotentCreates } from './http/idempotency.ts';
import { traceIdSource } from './http/traceIds.ts';
import { contextHelpers, type ServiceContext } from './context.ts';
import { areaPlugins } from './areas.ts';
import { createMailer } from './mail/mailer.ts';
import { guessingThrottles } from './auth/throttle.ts';
import { DatabaseInstanceBus } from './instances/databaseBus.ts';
import { PostgresInstanceBus } from './instances/postgresBus.ts';
import type { SharedInstanceBus } from './instances/instanceBus.ts';
import { JobLeases, LeasedJobScheduler } from './lifecycle/jobLease.ts';
import { Lifecycle } from './lifecycle/lifecycle.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
  auth: string;
  consumes: readonly string[];
  produces: readonly string[];
}

export interface BuiltService {
  app: FastifyInstance;
  ctx: ServiceContext;
  /** Every route the service answers, for tests that must cover all of them. */
  routes: RegisteredRoute[];
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** The clock, in epoch milliseconds (tests move it forward instead of waiting). */
  now?: () => number;
}

export async function buildService(config: ServerConfig, options: ServiceOptions = {}): Promise<BuiltService> {
  const database = await openDatabase(config.dataDir, config.databaseUrl);
  const now = options.now ?? Date.now;
  // The mailer logs through the app's logger, which exists only once Fastify is built.
  let log: (line: string) => void = (line) => console.warn(line);
  const logError = (message: string, error: unknown) => log(`${message}: ${error instanceof Error ? error.message : String(error)}`);
  // PostgreSQL: LISTEN/NOTIFY; SQLite: a table each instance polls.
  const bus: SharedInstanceBus = database.engine === 'postgres'
    ? await PostgresInstanceBus.start(database, { now, log: logError })
    : await DatabaseInstanceBus.start(database.db, { pollMs: config.busPollMs, now, log: logError });
  const jobs = new LeasedJobScheduler(new JobLeases(database.db, bus.origin, now), logError);
  jobs.schedule({ name: 'instance-events-cleanup', everyMs: 30_000, run: () => bus.prune().then(() => undefined) });
  const ctx: ServiceContext = {
    config,
    database,
    db: database.db,
    tokens: new TokenService(database.db, config.tokenLifetimeSeconds, config.refreshTokenLifetimeSeconds, now, bus),
    blobs: new DirectoryBlobStore(path.join(config.dataDir, 'blobs')),
    photos: new DirectoryBlobStore(path.join(config.dataDir, 'profile-photos')),
    signingKey: loadSigningKey(config.dataDir),
    ...contextHelpers(config),
    now,
    throttles: guessingThrottles(database.db, config, now),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, log: (line) => log(line) }),
    bus,
    jobs,
    lifecycle: new Lifecycle(),
  };

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: config.jsonBodyLimit,
    trustProxy: false,
    // Malformed URLs and headers are answered before routing; keep the {message} shape.
    frameworkErrors: (error: Error, _request: unknown, reply: { code(n: number): { type(t: string): { send(b: unknown): void } } }) => {
      reply.code(400).type('application/json').send({ message: `Malformed request: ${error.message}` });
    },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 500 },
    ajv: { customOptions: { coerceTypes: 'array' } },
  } as never) as unknown as FastifyInstance;

  if (config.logLevel !== 'silent') log = (line) => app.log.warn(line);
  else log = () => undefined;
  installValidators(app);
  installErrorHandler(app);
  installUrlCheck(app);
  installBodyParsers(app, config.jsonBodyLimit);
  await app.register(formbody, { bodyLimit: 64 * 1024 });

  const traceHeader = ctx.headers.traceId;
  const nextTraceId = traceIdSource();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header(traceHeader, nextTraceId());
    done();
  });
  installAuthentication(app, ctx.tokens, config.vendor, new TokenRateLimiter(database, config.tokenRequestsPerMinute, now));
  installNegotiation(app);
  installIdempotentCreates(app, ctx);

  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const config = route.config ?? {};
      routes.push({ method, url: route.url, auth: config.auth ?? 'user', consumes: config.consumes ?? [], produces: config.produces ?? [] });
    }
  });
  for (const plugin of areaPlugins) await plugin(app, ctx);

  return {
    app,
    ctx,
    routes,
    close: async () => {
      // Closing drops idle keep-alive connections once, at the start; a response written a
      // moment ago may not count as idle yet, and its connection would hold the close open
      // until the keep-alive timeout. Sweep again until the server has closed.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
      await jobs.stop();
      await bus.close();
      await database.close();
    },
  };
}

function loadSigningKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'signing.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}
