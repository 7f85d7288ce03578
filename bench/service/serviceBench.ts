// Service throughput and latency on loopback at 1k, 10k and 100k documents: the service
// runs in its own process over a SQLite file seeded directly (rows as documentStore.ts
// writes them), autocannon and fetch drive it from this one. Every figure stands beside
// its floor measured in the same run: a minimal Fastify server (floorServer.ts) serving the
// very bytes the service answered, so a loaded machine inflates both sides alike.
import type { ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openDatabase } from '../../server/storage/database.ts';
import { createAccount } from '../../server/auth/accounts.ts';
import { TokenService } from '../../server/auth/tokenService.ts';
import { splitFields } from '../../server/library/documentJson.ts';
import { librarySyncOf } from '../../server/catalog/librarySync.ts';
import { encodeMarker } from '../../server/http/paging.ts';
import { mediaTypes } from '../../shared/vendor.ts';
import { percentile, result, type BenchResult } from '../report.ts';
import { sampleDocument } from './sampleDocuments.ts';
import { startFloorProcess, startServiceProcess } from '../serviceProcess.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** `SERVICE_BENCH_SIZES=1000,10000` runs smaller libraries while developing. */
const SIZES = (process.env.SERVICE_BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SECONDS = Number(process.env.SERVICE_BENCH_SECONDS ?? 10);
const RUNS = 40;
const SEED_VERSION = 2;

interface Library {
  token: string;
  /** Ids in last_modified order (the default sort). */
  ids: string[];
  /** last_modified of ids[i]. */
  timeOf(i: number): string;
}

export async function runServiceBench(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const largest = Math.max(...SIZES);
  for (const size of SIZES) results.push(...(await benchLibrary(size, size === largest)));
  return results;
}

async function benchLibrary(size: number, concurrent: boolean): Promise<BenchResult[]> {
  const label = size >= 1000 ? `${size / 1000}k` : String(size);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-bench-'));
  const floorDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-bench-floor-'));
  const children: ChildProcess[] = [];
  try {
    const library = await seededLibrary(dataDir, size);
    const service = await startServiceProcess(dataDir);
    children.push(service.child);
    const mt = mediaTypes();
    const headers = { Authorization: `Bearer ${library.token}`, Accept: mt.document };
    const middle = Math.floor(size / 2);
    const paths = {
      page: '/documents?limit=500&view=all',
      deep: `/documents?limit=500&view=all&marker=${encodeMarker(library.timeOf(middle), library.ids[middle]!)}`,
      first: '/documents?limit=1',
      one: `/documents/${library.ids[middle]}?view=all`,
    };
    // The floor serves what the service answered, byte for byte.
    for (const [name, p] of Object.entries(paths)) {
      const response = await fetch(`${service.base}${p}`, { headers });
      if (response.status !== 200) throw new Error(`${p}: ${response.status} ${await response.text()}`);
      writeFileSync(path.join(floorDir, `${name}.body`), Buffer.from(await response.arrayBuffer()));
      writeFileSync(path.join(floorDir, `${name}.type`), response.headers.get('content-type') ?? 'application/json');
    }
    const floor = await startFloorProcess(floorDir);
    children.push(floor.child);

    const pair = async (name: keyof typeof paths) => sequentialLatencies(`${service.base}${paths[name]}`, `${floor.base}/${name}`, headers);
    const page = await pair('page');
    const deep = await pair('deep');
    const first = await pair('first');
    const kb = (await fetch(`${floor.base}/page`)).headers.get('content-length');
    const out = [
      ratioResult(`GET /documents?limit=500 median, ${label}`, page, 30, `page ${Math.round(Number(kb) / 1024)} KiB`),
      ratioResult(`limit=500 page behind a marker mid-library, ${label}`, deep, 30),
      ratioResult(`GET /documents?limit=1 first page median, ${label}`, first, 5),
    ];
    if (concurrent) {
      const loadHeaders = { ...headers };
      const pageLoad = await cannon({ url: `${service.base}${paths.page}`, headers: loadHeaders, connections: 50, duration: SECONDS, timeout: 30 });
      const pageFloor = await cannon({ url: `${floor.base}/page`, connections: 50, duration: SECONDS, timeout: 30 });
      const failed = pageLoad.errors + pageLoad.timeouts + pageLoad.non2xx;
      out.push(result(`limit=500 at 50 connections p99, ${label}`, pageLoad.latency.p99, 'ms', 'max', 2000,
        `${pageLoad.requests.average.toFixed(1)} req/s, ${failed} failed; floor ${pageFloor.requests.average.toFixed(1)} req/s p99 ${pageFloor.latency.p99} ms`));
      out.push(result(`limit=500 at 50 connections: requests failed, ${label}`, failed, '', 'max', 0));
      const { service: one, floor: oneFloor } = await alternatingThroughput(
        { url: `${service.base}${paths.one}`, headers: loadHeaders, connections: 50 },
        { url: `${floor.base}/one`, connections: 50 },
      );
      out.push(result(`GET /documents/{id} / floor req/s, 50 connections`, one.perSecond / oneFloor.perSecond, 'x', 'min', 0.5,
        `${Math.round(one.perSecond)} vs ${Math.round(oneFloor.perSecond)} req/s; worst slice p99 ${one.p99} ms; ${one.failed} failed`));
      out.push(result('service resident memory after the run', childRssMb(service.child), 'MiB', 'max', 512));
    }
    return out;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(floorDir, { recursive: true, force: true });
  }
}

interface Throughput {
  perSecond: number;
  p99: number;
  failed: number;
}

/**
 * Requests per second of the service and of the floor, driven in alternating slices of a
 * quarter of SECONDS each: a change in the machine's load during the run hits both sides
 * alike, where one block each measured them under different loads.
 */
async function alternatingThroughput(serviceOptions: autocannon.Options, floorOptions: autocannon.Options): Promise<{ service: Throughput; floor: Throughput }> {
  const slices = 4;
  const sum = () => ({ requests: 0, seconds: 0, p99: 0, failed: 0 });
  const totals = { service: sum(), floor: sum() };
  for (let i = 0; i < slices; i++) {
    for (const [side, options] of [['service', serviceOptions], ['floor', floorOptions]] as const) {
      const run = await cannon({ ...options, duration: SECONDS / slices });
      const total = totals[side];
      total.requests += run.requests.total;
      total.seconds += run.duration;
      total.p99 = Math.max(total.p99, run.latency.p99);
      total.failed += run.errors + run.non2xx; // errors include timeouts
    }
  }
  const throughput = (t: ReturnType<typeof sum>): Throughput => ({ perSecond: t.requests / t.seconds, p99: t.p99, failed: t.failed });
  return { service: throughput(totals.service), floor: throughput(totals.floor) };
}

/** The service's median beside the floor's, target on the service's; the ratio is in the note. */
function ratioResult(name: string, pair: { service: number[]; floor: number[] }, targetMs: number, extra = ''): BenchResult {
  const service = percentile(pair.service, 50);
  const floor = percentile(pair.floor, 50);
  return result(name, service, 'ms', 'max', targetMs,
    `floor ${floor.toFixed(1)} ms (${(service / floor).toFixed(2)}x, target <= 3x); p95 ${percentile(pair.service, 95).toFixed(1)} ms${extra ? `; ${extra}` : ''}`);
}

/** Alternates service and floor requests so that a change in the machine's load hits both. */
async function sequentialLatencies(serviceUrl: string, floorUrl: string, headers: Record<string, string>): Promise<{ service: number[]; floor: number[] }> {
  const service: number[] = [];
  const floor: number[] = [];
  const once = async (url: string) => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < RUNS + 5; i++) {
    const s = await once(serviceUrl);
    const f = await once(floorUrl);
    if (i >= 5) { // the first few warm caches up
      service.push(s);
      floor.push(f);
    }
  }
  return { service: service.sort((a, b) => a - b), floor: floor.sort((a, b) => a - b) };
}

/**
 * A data directory with one user's library of `size` documents, seeded once and kept under
 * the OS temp directory keyed by what it holds; every run works on a copy.
 */
export async function seededLibrary(dataDir: string, size: number): Promise<Library> {
  // Keyed by a hash of the migrations' names: their tail (index.ts, the tests) is the same
  // in every branch, so a slice of the names let branches share a copy of another schema.
  const migrations = readdirSync(path.join(root, 'server/storage/migrations')).sort().join(',');
  const cache = path.join(os.tmpdir(), `refshelf-servicebench-v${SEED_VERSION}-${size}-${createHash('sha256').update(migrations).digest('hex').slice(0, 16)}`);
  if (!existsSync(path.join(cache, 'complete'))) {
    const building = `${cache}.${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    mkdirSync(building, { recursive: true });
    await seed(building, size);
    writeFileSync(path.join(building, 'complete'), '');
    rmSync(cache, { recursive: true, force: true });
    renameSync(building, cache);
  }
  cpSync(cache, dataDir, { recursive: true });
  rmSync(path.join(dataDir, 'complete'));
  const database = await openDatabase(dataDir);
  try {
    const { id } = await database.db.selectFrom('profiles').select('id').where('email', '=', 'bench@example.org').executeTakeFirstOrThrow();
    const token = (await new TokenService(database.db, 3600, 3600).issue('bench', id, 'all', false)).accessToken;
    const rows = database.sqlite.prepare('SELECT id, last_modified FROM documents WHERE profile_id = ? ORDER BY last_modified, id').all(id) as { id: string; last_modified: string }[];
    return { token, ids: rows.map((r) => r.id), timeOf: (i) => rows[i]!.last_modified };
  } finally {
    await database.close();
  }
}

async function seed(dataDir: string, size: number): Promise<void> {
  const database = await openDatabase(dataDir);
  try {
    const { id: profileId } = await createAccount(database.db, { email: 'bench@example.org', password: 'bench password', first_name: 'Bench', last_name: 'User' });
    const insert = database.sqlite.prepare(`INSERT INTO documents (id, profile_id, group_id, created, last_modified, title, type, year, trashed_at, data)
      VALUES (?, ?, NULL, ?, ?, ?, ?, ?, NULL, ?)`);
    // Distinct, increasing timestamps an hour back, as the service's nextTimestamp issues them.
    const start = Date.now() - 3600_000;
    database.sqlite.transaction(() => {
      for (let i = 0; i < size; i++) {
        const { title, type, year, data } = splitFields(sampleDocument(i));
        const time = new Date(start + i).toISOString();
        insert.run(randomUUID(), profileId, time, time, title ?? '', type ?? 'journal', year ?? null, JSON.stringify(data));
      }
    })();
    // What a running service does once with a new library (catalogRoutes.ts at start-up):
    // done here, the measured service starts settled instead of mapping 100k documents.
    librarySyncOf(database.sqlite).run();
  } finally {
    await database.close();
  }
}

export function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

function childRssMb(child: ChildProcess): number {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}
