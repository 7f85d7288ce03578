// Starts the real service on a loopback port over a fresh SQLite file (or, in the
// PostgreSQL pass of the tests, a fresh PostgreSQL database), for tests and benchmarks.
// Nothing is mocked: requests go over real HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig, type ConfigOverrides } from '../config.ts';
import { buildService, type BuiltService, type ServiceOptions } from '../app.ts';
import { createAccount, registerClient } from '../auth/accounts.ts';
import { pgDatabaseForDataDir, testPgUrl } from './pgDatabases.ts';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  /** Authorization header for this user. */
  auth: { Authorization: string };
}

export interface TestService extends BuiltService {
  url: string;
  dataDir: string;
  /** Creates an account (verified unless told otherwise) and a user token issued to a test client. */
  createUser(options?: { email?: string; first_name?: string; last_name?: string; password?: string; verified?: boolean }): Promise<TestUser>;
  /** A token with no user, as the client credentials grant gives. */
  clientToken(): Promise<string>;
  /** fetch() against this service with a path relative to its base URL. */
  fetch(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

let counter = 0;

export async function startTestService(overrides: ConfigOverrides = {}, options: ServiceOptions = {}): Promise<TestService> {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'refshelf-service-'));
  // Tests never reach the internet: identifiers are resolved only when a test names its stand-in upstreams.
  const resolver = { enabled: overrides.resolver !== undefined, ...overrides.resolver };
  const pgCluster = testPgUrl();
  // A test may ask for SQLite (null) or a database of its own even in the PostgreSQL pass.
  const databaseUrl = overrides.databaseUrl !== undefined ? overrides.databaseUrl : pgCluster ? await pgDatabaseForDataDir(pgCluster, dataDir) : null;
  const base = resolveConfig({ port: 0, logLevel: 'silent', dataDir, ...overrides, databaseUrl, resolver });
  // Listen first on port 0 (or the port asked for, e.g. to restart a service in place) to
  // learn the port, so public URLs are right.
  let service = await buildService(base, options);
  const address = await service.app.listen({ host: '127.0.0.1', port: overrides.port ?? 0 });
  const port = Number(new URL(address).port);
  if (!overrides.publicUrl) {
    await service.close();
    const config = { ...base, port, publicUrl: `http://127.0.0.1:${port}` };
    service = await buildService(config, options);
    await service.app.listen({ host: '127.0.0.1', port });
  }
  const url = service.ctx.config.publicUrl;
  const client = await registerClient(service.ctx.db, { name: 'test client', redirectUris: ['http://127.0.0.1/callback'] });

  return {
    ...service,
    url,
    dataDir,
    async createUser(options = {}) {
      counter += 1;
      const email = options.email ?? `user${counter}-${Date.now()}@example.org`;
      const password = options.password ?? 'correct horse battery';
      const { id } = await createAccount(service.ctx.db, {
        email,
        password,
        first_name: options.first_name ?? 'Test',
        last_name: options.last_name ?? `User${counter}`,
      });
      if (options.verified !== false) await service.ctx.db.updateTable('profiles').set({ verified: 1 }).where('id', '=', id).execute();
      const { accessToken } = await service.ctx.tokens.issue(client.id, id, 'all', false);
      return { id, email, password, token: accessToken, auth: { Authorization: `Bearer ${accessToken}` } };
    },
    async clientToken() {
      return (await service.ctx.tokens.issue(client.id, null, 'all', false)).accessToken;
    },
    fetch(pathAndQuery, init) {
      return fetch(`${url}${pathAndQuery}`, init);
    },
    async stop() {
      await service.close();
      if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
