// The PostgreSQL server a bench compares SQLite with: SERVICE_DATABASE_URL's when it is set,
// otherwise a throwaway cluster when PostgreSQL is installed; when neither, the bench says
// so and runs on SQLite only. BENCH_PG_SHARED_BUFFERS sizes the throwaway cluster's
// shared_buffers (PostgreSQL's default is 128MB; a deployment gives it about a quarter of the
// memory, docs/DEPLOYMENT.md); benches print the setting of the server they measured.
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
    const sharedBuffers = process.env.BENCH_PG_SHARED_BUFFERS?.trim();
    if (sharedBuffers && !/^\d+(kB|MB|GB)?$/.test(sharedBuffers)) throw new Error(`BENCH_PG_SHARED_BUFFERS=${sharedBuffers}: give a size such as 2GB`);
    const cluster = await startPgCluster(undefined, sharedBuffers ? { shared_buffers: sharedBuffers } : {});
    return { url: cluster.url, stop: () => cluster.stop() };
  }
  console.log('PostgreSQL is not installed and SERVICE_DATABASE_URL is not set: SQLite only.');
  return undefined;
}
