// The PostgreSQL server a bench compares SQLite with: SERVICE_DATABASE_URL's when it is set,
// otherwise a throwaway cluster when PostgreSQL is installed; when neither, the bench says
// so and runs on SQLite only.
import { findPgBin, startPgCluster } from '../server/testing/pgCluster.ts';

export interface BenchPostgresServer {
  url: string;
  /** Stops the throwaway cluster, if one was started. */
  stop(): void;
}

export async function benchPostgresServer(): Promise<BenchPostgresServer | undefined> {
  const given = process.env.SERVICE_DATABASE_URL?.trim();
  if (given) return { url: given, stop() {} };
  if (findPgBin()) {
    const cluster = await startPgCluster();
    return { url: cluster.url, stop: () => cluster.stop() };
  }
  console.log('PostgreSQL is not installed and SERVICE_DATABASE_URL is not set: SQLite only.');
  return undefined;
}
