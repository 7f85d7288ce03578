// vitest globalSetup of the PostgreSQL pass: one throwaway cluster for the whole run (or
// the one REFSHELF_TEST_PG_URL already names), stopped at the end. Test workers inherit the
// variable and give each test service a database of its own there (pgDatabases.ts).
import { startPgCluster, type PgCluster } from './pgCluster.ts';
import { TEST_PG_ENV } from './pgDatabases.ts';

let cluster: PgCluster | undefined;

export async function setup(): Promise<void> {
  if (process.env[TEST_PG_ENV]) return;
  // No silent skip: this pass was asked for, so a cluster that cannot start fails it.
  cluster = await startPgCluster();
  process.env[TEST_PG_ENV] = cluster.url;
}

export function teardown(): void {
  cluster?.stop();
}
