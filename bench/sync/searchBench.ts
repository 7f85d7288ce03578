// The sync bench's two search rows alone, without its two-minute sync: a 100k replica made
// once through the first sync's own path (a bulk load of pulled pages, then the search
// index built in slices) from the same generated library, kept under the OS temp directory
// keyed by what it holds and by the code that builds its index; then the same search mix
// (searchLatencies) on a copy of it.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEARCH_INDEX_IN_SLICES_FROM, openReplica } from '../../electron/core/replica/index.ts';
import { LIBRARY_DATA_VERSION, libraryRows } from './libraryData.ts';
import { searchLatencies } from './syncBench.ts';
import { percentile, result, type BenchResult } from '../report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const replicaDir = path.join(root, 'electron/core/replica');
const BIG = 100_000;
const SEED = 7;
const PAGE = 500;

/** The files whose change makes a different index: the migrations and the index's writers. */
function cacheKey(): string {
  const hash = createHash('sha256').update(JSON.stringify([LIBRARY_DATA_VERSION, BIG, SEED]));
  const sources = [
    ...readdirSync(path.join(replicaDir, 'migrations')).sort().map((name) => path.join('migrations', name)),
    'searchIndex.ts', 'searchIndexBuild.ts', 'bulkLoad.ts', 'deferredIndexes.ts', 'remoteApply.ts',
  ];
  for (const source of sources) hash.update(source).update(readFileSync(path.join(replicaDir, source)));
  return hash.digest('hex').slice(0, 16);
}

/** The big library of the sync bench (seedLibrary's rows), pulled page by page into an empty replica. */
function buildReplica(file: string): { loadMs: number; indexMs: number } {
  const replica = openReplica(file);
  try {
    const rows = libraryRows(SEED + BIG);
    const start = Date.now() - 3600_000;
    const documents: Record<string, unknown>[] = [];
    const notes: Record<string, unknown>[] = [];
    for (let i = 0; i < BIG; i++) {
      const time = new Date(start + i).toISOString();
      const id = `d-${String(i).padStart(6, '0')}`;
      documents.push({ type: 'journal', ...rows.document(i), id, profile_id: 'p-bench', created: time, last_modified: time });
      notes.push({ id: `n-${i}`, type: 'note', document_id: id, text: rows.note(i), privacy_level: 'private', created: time, last_modified: time });
    }
    let started = performance.now();
    if (!replica.beginBulkLoad()) throw new Error('the replica is not empty');
    for (const kind of ['document', 'annotation'] as const) {
      const all = kind === 'document' ? documents : notes;
      for (let at = 0; at < all.length; at += PAGE) {
        const page = all.slice(at, at + PAGE);
        replica.applyBulkPage(page.length, () => replica.applyRemoteBatch(kind, page));
      }
    }
    replica.finishBulkLoad({ searchIndexLaterFrom: SEARCH_INDEX_IN_SLICES_FROM });
    const loadMs = performance.now() - started;
    started = performance.now();
    while (replica.buildSearchIndexSlice().building) { /* slice after slice, as the sync engine runs them */ }
    return { loadMs, indexMs: performance.now() - started };
  } finally {
    replica.close();
  }
}

export async function runSearchBench(): Promise<BenchResult[]> {
  const cache = path.join(os.tmpdir(), `refshelf-searchbench-${cacheKey()}`);
  if (!existsSync(path.join(cache, 'replica.sqlite'))) {
    const building = `${cache}.${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    mkdirSync(building, { recursive: true });
    const { loadMs, indexMs } = buildReplica(path.join(building, 'replica.sqlite'));
    console.log(`made a ${BIG} document replica: bulk load ${(loadMs / 1000).toFixed(1)} s, search index in slices ${(indexMs / 1000).toFixed(1)} s`);
    rmSync(cache, { recursive: true, force: true });
    renameSync(building, cache);
  } else {
    console.log(`copied the cached ${BIG} document replica`);
  }
  const work = path.join(os.tmpdir(), `refshelf-searchbench-work-${process.pid}`);
  cpSync(cache, work, { recursive: true });
  const replica = openReplica(path.join(work, 'replica.sqlite'));
  try {
    const { times, broad } = searchLatencies(replica);
    return [
      result('local search p95 over 100k documents', percentile(times, 95), 'ms', 'max', 10, `median ${percentile(times, 50).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`),
      result('local search p95, first letters of common words', percentile(broad, 95), 'ms', 'max', 10, `median ${percentile(broad, 50).toFixed(1)} ms, max ${broad.at(-1)!.toFixed(1)} ms`),
    ];
  } finally {
    replica.close();
    rmSync(work, { recursive: true, force: true });
  }
}
