// Service throughput and latency on loopback: the service runs in its own process (one
// core), autocannon drives it from this one (the other core).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../../server/storage/database.ts';
import { createAccount } from '../../server/auth/accounts.ts';
import { TokenService } from '../../server/auth/tokenService.ts';
import { mediaTypes } from '../../shared/vendor.ts';
import { percentile, result, type BenchResult } from '../report.ts';
import { sampleDocument } from './sampleDocuments.ts';
import { startServiceProcess } from '../serviceProcess.ts';

const DOCUMENTS = 1000;

export async function runServiceBench(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-bench-'));
  const { port, child } = await startServiceProcess(dataDir);
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = await createBenchUser(dataDir);
    const auth = { Authorization: `Bearer ${token}` };
    const mt = mediaTypes();

    const ids = await seedDocuments(base, auth, mt.document, DOCUMENTS);
    console.log(`seeded ${ids.length} documents`);

    const single = await cannon({
      url: `${base}/documents/${ids[Math.floor(ids.length / 2)]}?view=all`,
      headers: { ...auth, Accept: mt.document },
      connections: 50,
      duration: 10,
    });
    const pageTimes = await sequentialLatencies(`${base}/documents?limit=500&view=all`, { ...auth, Accept: mt.document }, 60);
    const memory = await childRssMb(child);

    return [
      result('GET /documents/{id} throughput, 50 connections', single.requests.average, 'req/s', 'min', 5000, `errors ${single.errors + single.non2xx}`),
      result('GET /documents/{id} p99 latency, 50 connections', single.latency.p99, 'ms', 'max', 20),
      result('GET /documents?limit=500 median latency', percentile(pageTimes, 50), 'ms', 'max', 30, `p95 ${percentile(pageTimes, 95).toFixed(1)} ms`),
      result('service resident memory after the run', memory, 'MiB', 'max', 512),
    ];
  } finally {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function createBenchUser(dataDir: string): Promise<string> {
  const database = await openDatabase(dataDir);
  try {
    const { id } = await createAccount(database.db, { email: 'bench@example.org', password: 'bench password', first_name: 'Bench', last_name: 'User' });
    return (await new TokenService(database.db, 3600, 3600).issue('bench', id, 'all', false)).accessToken;
  } finally {
    await database.close();
  }
}

async function seedDocuments(base: string, auth: Record<string, string>, mediaType: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  const batch = 16;
  for (let i = 0; i < count; i += batch) {
    const created = await Promise.all(
      Array.from({ length: Math.min(batch, count - i) }, async (_, j) => {
        const res = await fetch(`${base}/documents`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': mediaType, Accept: mediaType },
          body: JSON.stringify(sampleDocument(i + j)),
        });
        if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
        return ((await res.json()) as { id: string }).id;
      }),
    );
    ids.push(...created);
  }
  return ids;
}

function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

async function sequentialLatencies(url: string, headers: Record<string, string>, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as unknown[];
    if (res.status !== 200 || body.length !== 500) throw new Error(`unexpected page: ${res.status}, ${body.length} items`);
    if (i >= 5) times.push(performance.now() - start); // the first few warm caches up
  }
  return times.sort((a, b) => a - b);
}

async function childRssMb(child: ChildProcess): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  try {
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
    return kb / 1024;
  } catch {
    return NaN;
  }
}
