// `npm run bench -- service-scale [--quick] [--clients N] [--seconds S]`: the service as an
// institution runs it, in a process of its own, on SQLite and then on PostgreSQL over the
// same data: GET /documents/{id} at 50 connections, the initial pull of a large library by
// a desktop replica, and many syncing clients at once (each its own user, pulling, editing
// and pushing in a loop) with the error count and the percentiles of one sync round. The
// full run is the issue's (100,000 documents; 200 clients for 10 minutes); --quick is a
// short check (10,000 documents; 20 clients for 30 s); --clients and --seconds shorten or
// lengthen the syncing part alone. PostgreSQL gets the SQLite data through the admin
// command (migrate-to-postgres) into a database on SERVICE_DATABASE_URL's server when
// given, else on a throwaway cluster (server/testing/pgCluster.ts: fsync off, as tests run
// it, so its writes are cheaper than a production server's). Without PostgreSQL installed
// the column is left out. The ratios PostgreSQL/SQLite of the single-instance latencies
// must stay within 1.5.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAccount } from '../../server/auth/accounts.ts';
import { TokenService } from '../../server/auth/tokenService.ts';
import { openDatabase } from '../../server/storage/database.ts';
import { migrateToPostgres } from '../../server/storage/migrateToPostgres.ts';
import { benchPostgresServer, type BenchPostgresServer } from '../benchPostgres.ts';
import { createPgDatabase } from '../../server/testing/pgDatabases.ts';
import { createLibraryApi } from '../../shared/client/index.ts';
import { createFileStore } from '../../electron/core/files/fileStore.ts';
import { openReplica } from '../../electron/core/replica/index.ts';
import { createSyncEngine } from '../../electron/core/sync/syncEngine.ts';
import { mediaTypes } from '../../shared/vendor.ts';
import { percentile, result, type BenchResult } from '../report.ts';
import { postgresRoundTripMs } from './postgresRoundTrip.ts';
import { cannon, seededLibrary } from '../service/serviceBench.ts';
import { startServiceProcess, stopServiceProcess } from '../serviceProcess.ts';

const QUICK = process.argv.includes('--quick');
const LIBRARY_SIZE = QUICK ? 10_000 : 100_000;
const CLIENTS = numberArg('--clients') ?? (QUICK ? 20 : 200);
const CLIENT_SECONDS = numberArg('--seconds') ?? (QUICK ? 30 : 600);
const CANNON_SECONDS = QUICK ? 5 : 10;
/** PostgreSQL's single-instance latency may be at most this many times SQLite's. */
const MAX_PG_RATIO = 1.5;

function numberArg(name: string): number | undefined {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

interface EngineFigures {
  requestsPerSecond: number;
  p99: number;
  pullSeconds: number;
  /** Mean latency on one connection, in ms. */
  aloneMean: number;
}

export async function runServiceScaleBench(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-scale-'));
  const work = mkdtempSync(path.join(os.tmpdir(), 'refshelf-scale-clients-'));
  const out: BenchResult[] = [];
  let postgres: BenchPostgresServer | undefined;
  try {
    const library = await seededLibrary(dataDir, LIBRARY_SIZE);
    const clientTokens = await syncingUsers(dataDir, CLIENTS);
    // The SQLite service must not pick up SERVICE_DATABASE_URL (the PostgreSQL server to copy to).
    const sqlite = await measure('SQLite', dataDir, { SERVICE_DATABASE_URL: '' }, path.join(work, 'sqlite'), library, clientTokens, out);

    postgres = await benchPostgresServer();
    if (!postgres) return out;
    const serverUrl = postgres.url;
    const url = await createPgDatabase(serverUrl);
    const copied = await migrateToPostgres(path.join(dataDir, 'service.sqlite'), url);
    console.log(`PostgreSQL: copied ${copied.reduce((n, t) => n + t.rows, 0).toLocaleString('en-US')} rows of ${copied.length} tables`);
    const pg = await measure('PostgreSQL', dataDir, { SERVICE_DATABASE_URL: url }, path.join(work, 'postgres'), library, clientTokens, out);
    out.push(result('SQLite/PostgreSQL: GET /documents/{id} req/s', sqlite.requestsPerSecond / Math.max(pg.requestsPerSecond, 1e-9), 'x', 'max', MAX_PG_RATIO));
    out.push(result('PostgreSQL/SQLite: GET /documents/{id} p99', pg.p99 / Math.max(sqlite.p99, 1e-9), 'x', 'max', MAX_PG_RATIO));
    // The floor under PostgreSQL's figure: the GET's one statement sent from this process,
    // alone, over the same socket kind. What the service adds is the rest.
    const roundTrip = await postgresRoundTripMs(url, library.ids[Math.floor(LIBRARY_SIZE / 3)]!, CANNON_SECONDS);
    const beyond = `PostgreSQL's round trip for the GET's statement alone: ${roundTrip.toFixed(3)} ms; the service beyond it: ${(pg.aloneMean - roundTrip).toFixed(3)} ms vs SQLite's ${sqlite.aloneMean.toFixed(3)} ms`;
    out.push(result('PostgreSQL/SQLite: GET /documents/{id} on 1 connection, mean', pg.aloneMean / Math.max(sqlite.aloneMean, 1e-9), 'x', 'max', MAX_PG_RATIO, beyond));
    out.push(result('PostgreSQL/SQLite: initial pull time', pg.pullSeconds / Math.max(sqlite.pullSeconds, 1e-9), 'x', 'max', MAX_PG_RATIO));
    return out;
  } finally {
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

/** The three measurements against a service process on one engine; results are named after it. */
async function measure(
  engine: string, dataDir: string, env: NodeJS.ProcessEnv, work: string,
  library: { token: string; ids: string[] }, clientTokens: string[], out: BenchResult[],
): Promise<EngineFigures> {
  mkdirSync(work, { recursive: true });
  const service = await startServiceProcess(dataDir, env);
  try {
    const one = await cannon({
      url: `${service.base}/documents/${library.ids[Math.floor(LIBRARY_SIZE / 2)]}?view=all`,
      headers: { Authorization: `Bearer ${library.token}`, Accept: mediaTypes().document },
      connections: 50,
      duration: CANNON_SECONDS,
    });
    // One connection: the latency of a request alone, which the 50-connection figures (bound
    // by how much CPU the engine's processes take from a shared 2-core machine) do not show.
    const alone = await cannon({
      url: `${service.base}/documents/${library.ids[Math.floor(LIBRARY_SIZE / 3)]}?view=all`,
      headers: { Authorization: `Bearer ${library.token}`, Accept: mediaTypes().document },
      connections: 1,
      duration: CANNON_SECONDS,
    });
    // autocannon's latencies are whole milliseconds, too coarse here: one connection sends
    // its next request when the last answer is in, so 1 / (requests a second) is the mean.
    const aloneMean = 1000 / Math.max(alone.requests.average, 1e-9);
    out.push(result(`${engine}: GET /documents/{id}, 1 connection, mean`, aloneMean, 'ms', 'max', 2, `${Math.round(alone.requests.average)} req/s, p99 ${alone.latency.p99} ms`));
    const oneFailed = one.errors + one.timeouts + one.non2xx;
    out.push(result(`${engine}: GET /documents/{id}, 50 connections, req/s`, one.requests.average, 'req/s', 'min', 5000, `p99 ${one.latency.p99} ms; ${oneFailed} failed`));
    out.push(result(`${engine}: GET /documents/{id}, 50 connections, p99`, one.latency.p99, 'ms', 'max', 20));

    const pull = device(work, 'pull', service.base, library.token);
    const started = performance.now();
    await pull.engine.syncNow();
    const pullSeconds = (performance.now() - started) / 1000;
    const pulled = pull.replica.countDocuments({});
    out.push(result(`${engine}: initial pull of ${LIBRARY_SIZE.toLocaleString('en-US')} documents`, pullSeconds, 's', 'max', 60, `${pulled} documents in the replica`));
    await pull.engine.stop();
    pull.replica.close();

    const rounds = await syncingClients(work, service.base, clientTokens);
    out.push(result(`${engine}: ${CLIENTS} syncing clients for ${CLIENT_SECONDS} s, errors`, rounds.errors, '', 'max', 0, `${rounds.times.length} rounds`));
    out.push(result(`${engine}: sync round p50, ${CLIENTS} clients`, percentile(rounds.times, 50), 'ms', 'max', 1000));
    out.push(result(`${engine}: sync round p95, ${CLIENTS} clients`, percentile(rounds.times, 95), 'ms', 'max', 2000));
    out.push(result(`${engine}: sync round p99, ${CLIENTS} clients`, percentile(rounds.times, 99), 'ms', 'max', 5000));
    return { requestsPerSecond: one.requests.average, p99: one.latency.p99, pullSeconds, aloneMean };
  } finally {
    // Stopped before the next engine reads the data (the copy reads the SQLite file).
    await stopServiceProcess(service.child);
  }
}

/** One account and token per syncing client, written before the service starts. */
async function syncingUsers(dataDir: string, count: number): Promise<string[]> {
  const database = await openDatabase(dataDir);
  try {
    const tokens = new TokenService(database.db, 24 * 3600, 24 * 3600);
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      const { id } = await createAccount(database.db, { email: `client${i}@example.org`, password: 'bench password', first_name: 'Client', last_name: String(i) });
      out.push((await tokens.issue('bench', id, 'all', false)).accessToken);
    }
    return out;
  } finally {
    await database.close();
  }
}

function device(work: string, name: string, base: string, token: string) {
  const replica = openReplica(path.join(work, `${name}.sqlite`));
  const api = createLibraryApi({ baseUrl: base, getAccessToken: async () => token });
  const engine = createSyncEngine({ replica, api, fileStore: createFileStore(path.join(work, `${name}-files`)) });
  return { replica, engine };
}

/** Every client loops: edit (a new document, or a new title for one it has), then sync. */
async function syncingClients(work: string, base: string, tokens: string[]): Promise<{ times: number[]; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  const deadline = performance.now() + CLIENT_SECONDS * 1000;
  await Promise.all(
    tokens.map(async (token, i) => {
      const client = device(work, `client${i}`, base, token);
      let round = 0;
      while (performance.now() < deadline) {
        round++;
        const mine = client.replica.listDocuments({});
        if (mine.length < 5) client.replica.createDocument({ title: `Client ${i} paper ${round}`, type: 'journal' } as never);
        else client.replica.updateDocument(mine[round % mine.length]!.id, { title: `Client ${i} paper, edit ${round}` } as never);
        const started = performance.now();
        try {
          await client.engine.syncNow();
          times.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
      await client.engine.stop();
      client.replica.close();
    }),
  );
  return { times: times.sort((a, b) => a - b), errors };
}
