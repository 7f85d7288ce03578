// Fresh PostgreSQL databases for tests: the PostgreSQL pass of the server tests
// (vitest.pg.config.ts) names a cluster in REFSHELF_TEST_PG_URL; each test service gets a
// database of its own there, as each gets a fresh SQLite file otherwise.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const TEST_PG_ENV = 'REFSHELF_TEST_PG_URL';

/** The cluster the PostgreSQL pass runs on, or undefined on the SQLite pass. */
export function testPgUrl(): string | undefined {
  return process.env[TEST_PG_ENV] || undefined;
}

/** Creates an empty database on the cluster and answers its URL. */
export async function createPgDatabase(clusterUrl: string, name = `refshelf_${randomBytes(6).toString('hex')}`): Promise<string> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The database of a test service's data directory: made on first use and remembered in the
 * directory, so a service restarted on the same directory finds its data again.
 */
export async function pgDatabaseForDataDir(clusterUrl: string, dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'test-database-url');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const url = await createPgDatabase(clusterUrl);
  writeFileSync(file, url);
  return url;
}
