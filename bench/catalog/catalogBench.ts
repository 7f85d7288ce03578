// Catalog search at scale: 1,000,000 generated catalog documents are bulk-inserted into the
// service's SQLite (one transaction per batch), then the service runs in a child process and
// simple and advanced searches are timed over HTTP, one at a time and at 50 connections.
// The built database is cached under the OS temp dir (refshelf-catalog-bench-v1) so later
// runs skip the build. CATALOG_BENCH_POSTGRES=1 measures the same searches again on
// PostgreSQL (the catalog copied by migrate-to-postgres, which builds its tsvector index);
// CATALOG_BENCH_POSTGRES_URL keeps that copy in a database of yours between runs (the
// service migrates it on start: give it a copy, not a database others read as it is).
// BENCH_PG_SHARED_BUFFERS sizes the throwaway cluster's shared_buffers (benchPostgres.ts).
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/storage/database.ts';
import { TokenService } from '../../server/auth/tokenService.ts';
import { CatalogStore } from '../../server/catalog/catalogStore.ts';
import { mediaTypes } from '../../shared/vendor.ts';
import { percentile, result, type BenchResult } from '../report.ts';
import { random, RecordGenerator, sampleVocabulary } from './catalogRecords.ts';
import { startServiceProcess, stopServiceProcess } from '../serviceProcess.ts';
import { migrateToPostgres } from '../../server/storage/migrateToPostgres.ts';
import { benchPostgresServer } from '../benchPostgres.ts';
import { createPgDatabase } from '../../server/testing/pgDatabases.ts';

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

const DOCUMENTS = Number(process.env.CATALOG_BENCH_DOCUMENTS ?? 1_000_000);
const BATCH = 20_000;
const QUERIES = 200;
const SECONDS = Number(process.env.CATALOG_BENCH_SECONDS ?? 10);
const CACHE_DIR = path.join(os.tmpdir(), `refshelf-catalog-bench-v1-${DOCUMENTS}`);

async function buildCatalog(dir: string): Promise<{ seconds: number; generator: RecordGenerator }> {
  const generator = new RecordGenerator(sampleVocabulary());
  const complete = path.join(dir, 'complete');
  if (existsSync(complete)) return { seconds: NaN, generator };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const database = await openDatabase(dir);
  try {
    const sqlite = database.sqlite;
    sqlite.pragma('synchronous = OFF');
    const store = new CatalogStore(sqlite);
    const now = new Date().toISOString();
    const insertBatch = sqlite.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const { open_access, ...fields } = generator.record(i);
        store.insert(fields, { imported: true, openAccess: open_access }, now);
      }
    });
    for (let from = 0; from < DOCUMENTS; from += BATCH) {
      insertBatch(from, Math.min(DOCUMENTS, from + BATCH));
      if ((from / BATCH) % 10 === 0) console.log(`  catalog bench: ${from + BATCH} documents inserted (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    sqlite.exec("INSERT INTO catalog_fts (catalog_fts) VALUES ('optimize')");
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    await database.close();
  }
  writeFileSync(complete, new Date().toISOString());
  return { seconds: (performance.now() - started) / 1000, generator };
}

/** A token in the service's database: the data directory's SQLite, or PostgreSQL's when given. */
async function benchToken(dir: string, postgresUrl: string | null = null): Promise<string> {
  const database = await openDatabase(dir, postgresUrl);
  try {
    // A client-credentials token: the catalog needs no user.
    return (await new TokenService(database.db, 3600, 3600).issue('bench', null, 'all', false)).accessToken;
  } finally {
    await database.close();
  }
}

async function timeQueries(base: string, token: string, paths: string[]): Promise<{ times: number[]; empty: number }> {
  const headers = { Authorization: `Bearer ${token}`, Accept: mediaTypes().document };
  const times: number[] = [];
  let empty = 0;
  for (let i = 0; i < paths.length; i++) {
    const start = performance.now();
    const res = await fetch(`${base}${paths[i]}`, { headers });
    const body = (await res.json()) as unknown[];
    const elapsed = performance.now() - start;
    if (res.status !== 200) throw new Error(`${paths[i]}: ${res.status} ${JSON.stringify(body)}`);
    if (!body.length) empty++;
    if (i >= 10) times.push(elapsed); // the first few warm the page cache
  }
  return { times: times.sort((a, b) => a - b), empty };
}

export async function runCatalogBench(): Promise<BenchResult[]> {
  const { seconds, generator } = await buildCatalog(CACHE_DIR);
  console.log(Number.isNaN(seconds) ? `  catalog bench: reusing ${CACHE_DIR}` : `  catalog bench: built ${DOCUMENTS} documents in ${seconds.toFixed(0)} s`);
  const token = await benchToken(CACHE_DIR);
  const r = random(7);
  const q = encodeURIComponent;
  const simple = Array.from({ length: QUERIES + 10 }, () => {
    const words = Array.from({ length: 1 + Math.floor(r() * 3) }, () => generator.queryWord());
    return `/search/catalog?query=${q(words.join(' '))}`;
  });
  const advanced = Array.from({ length: QUERIES + 10 }, (_, i) => {
    const parts = [`title=${q(generator.queryWord())}`, `author=${q(generator.lastName())}`];
    if (i % 3 === 0) parts.push(`abstract=${q(generator.queryWord())}`);
    if (i % 2 === 0) parts.push(`min_year=${1960 + (i % 50)}`);
    return `/search/catalog?${parts.join('&')}`;
  });
  const size = statSync(path.join(CACHE_DIR, 'service.sqlite')).size / 2 ** 20;
  const results = await searchFigures('', {}, token, simple, advanced, `database ${size.toFixed(0)} MiB`);
  if (!Number.isNaN(seconds)) results.push(result('catalog bench database build (generate + index)', seconds, 's', 'max', 300));
  if (!process.env.CATALOG_BENCH_POSTGRES && !process.env.CATALOG_BENCH_POSTGRES_URL) return results;

  // PostgreSQL: the same catalog copied by the admin command (which builds the tsvector
  // index), on SERVICE_DATABASE_URL's server or a throwaway cluster (fsync off).
  // CATALOG_BENCH_POSTGRES_URL names a database to keep the copy in between runs (the copy of
  // 1M documents takes about ten minutes); it is filled on first use.
  const kept = process.env.CATALOG_BENCH_POSTGRES_URL?.trim();
  const postgres = kept ? undefined : await benchPostgresServer();
  if (!kept && !postgres) return results;
  try {
    const url = kept ?? (await createPgDatabase(postgres!.url));
    const started = performance.now();
    const reused = kept !== undefined && (await catalogSize(url)) === DOCUMENTS;
    if (!reused) await migrateToPostgres(path.join(CACHE_DIR, 'service.sqlite'), url);
    const copySeconds = (performance.now() - started) / 1000;
    const copied = reused ? 'the copy kept from an earlier run' : `copied, indexed and vacuumed in ${copySeconds.toFixed(0)} s`;
    const note = `${copied}; shared_buffers ${await serverSetting(url, 'shared_buffers')}`;
    // A kept copy predates this run's token, which was issued into SQLite.
    const pgToken = reused ? await benchToken(CACHE_DIR, url) : token;
    results.push(...(await searchFigures('PostgreSQL: ', { SERVICE_DATABASE_URL: url }, pgToken, simple, advanced, note)));
  } finally {
    postgres?.stop();
  }
  return results;
}

/** Catalog documents in a PostgreSQL database (0 when its schema is not there yet). */
async function catalogSize(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT CASE WHEN to_regclass('catalog_documents') IS NULL THEN 0 ELSE (SELECT count(*) FROM catalog_documents) END AS n");
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** A setting of the PostgreSQL server the bench measures (shared_buffers decides how much of the index stays in its memory). */
async function serverSetting(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ setting: string }>('SELECT current_setting($1) AS setting', [name]);
    return rows[0]?.setting ?? '?';
  } finally {
    await client.end();
  }
}

/** Simple and advanced searches one at a time and at 50 connections, against a service process on one engine. */
async function searchFigures(engine: string, env: NodeJS.ProcessEnv, token: string, simple: string[], advanced: string[], note: string): Promise<BenchResult[]> {
  const { port, child } = await startServiceProcess(CACHE_DIR, { SERVICE_SAMPLE_CATALOG: '0', ...env });
  try {
    const base = `http://127.0.0.1:${port}`;
    const s = await timeQueries(base, token, simple);
    const a = await timeQueries(base, token, advanced);
    // 50 connections, each request another query of the same lists (autocannon cycles them).
    const concurrent = async (paths: string[]) => cannon({
      url: base,
      connections: 50,
      duration: SECONDS,
      timeout: 30,
      headers: { Authorization: `Bearer ${token}`, Accept: mediaTypes().document },
      requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
    });
    const simpleLoad = await concurrent(simple);
    const advancedLoad = await concurrent(advanced);
    const loadNote = (r: autocannon.Result) => `${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.errors + r.timeouts + r.non2xx} failed`;
    return [
      result(`${engine}simple catalog search p95, ${DOCUMENTS.toLocaleString('en-US')} documents`, percentile(s.times, 95), 'ms', 'max', 50, `median ${percentile(s.times, 50).toFixed(1)} ms, ${s.empty} of ${simple.length} empty`),
      result(`${engine}advanced catalog search p95, ${DOCUMENTS.toLocaleString('en-US')} documents`, percentile(a.times, 95), 'ms', 'max', 100, `median ${percentile(a.times, 50).toFixed(1)} ms, ${a.empty} of ${advanced.length} empty; ${note}`),
      result(`${engine}simple catalog search at 50 connections p97.5`, simpleLoad.latency.p97_5, 'ms', 'max', 200, loadNote(simpleLoad)),
      result(`${engine}advanced catalog search at 50 connections p97.5`, advancedLoad.latency.p97_5, 'ms', 'max', 200, loadNote(advancedLoad)),
    ];
  } finally {
    await stopServiceProcess(child);
  }
}
