// Sync engine figures: the service runs in its own process over a SQLite file seeded
// directly (rows in the exact format documentStore.ts and annotationStore.ts write); the
// engine and its replica run here. The floors of the initial sync are measured in the same
// run: the same pages pulled by a plain HTTP client (fetch and parse only), and the same
// pages fetched raw with their rows inserted raw into a bare SQLite table.
import type { ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { createAccount } from '../../server/auth/accounts.ts';
import { TokenService } from '../../server/auth/tokenService.ts';
import { splitFields } from '../../server/library/documentJson.ts';
import { librarySyncOf } from '../../server/catalog/librarySync.ts';
import { openDatabase } from '../../server/storage/database.ts';
import { parseLinkHeader } from '../../shared/paging.ts';
import { mediaTypes } from '../../shared/vendor.ts';
import { createLibraryApi } from '../../shared/client/index.ts';
import { createFileStore } from '../../electron/core/files/fileStore.ts';
import { openReplica } from '../../electron/core/replica/index.ts';
import { createSyncEngine } from '../../electron/core/sync/syncEngine.ts';
import { LIBRARY_DATA_VERSION, libraryRows, searchInputs } from './libraryData.ts';
import { percentile, result, type BenchResult } from '../report.ts';
import { startServiceProcess } from '../serviceProcess.ts';
import { sqlOf } from '../../electron/core/replica/testing.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIG = 100_000;
const SMALL = 1_000;
const CHANGES = 10;
const SEED = 7;

interface Seeded {
  token: string;
  documentIds: string[];
}

export async function runSyncBench(): Promise<BenchResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-syncbench-'));
  const work = mkdtempSync(path.join(os.tmpdir(), 'refshelf-syncbench-work-'));
  let child: ChildProcess | undefined;
  try {
    let started = performance.now();
    const { big, small, cached } = await seededService(dataDir);
    console.log(`${cached ? 'copied the cached' : 'seeded'} ${BIG} + ${SMALL} documents and as many annotations in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const service = await startServiceProcess(dataDir);
    child = service.child;
    const base = service.base;
    const mt = mediaTypes();

    // Warm the service's caches and this process's HTTP stack the same way for both runs.
    await rawPages(`${base}/documents?view=all&limit=500&sort=last_modified&order=asc`, big.token, mt.document, null, 4);

    // The plain pull: a client that only fetches and parses the same pages over HTTP.
    started = performance.now();
    const pulledRows = await rawPages(`${base}/documents?view=all&limit=500&sort=last_modified&order=asc`, big.token, mt.document, null)
      + await rawPages(`${base}/annotations?limit=500`, big.token, mt.annotation, null);
    const plainPullMs = performance.now() - started;
    console.log(`plain pull: ${pulledRows} rows in ${(plainPullMs / 1000).toFixed(1)} s`);

    started = performance.now();
    const floorDb = new Database(path.join(work, 'floor.sqlite'));
    floorDb.pragma('journal_mode = WAL');
    floorDb.exec('CREATE TABLE rows (id TEXT PRIMARY KEY, json TEXT NOT NULL)');
    const floorRows = await rawPages(`${base}/documents?view=all&limit=500&sort=last_modified&order=asc`, big.token, mt.document, floorDb)
      + await rawPages(`${base}/annotations?limit=500`, big.token, mt.annotation, floorDb);
    const floorMs = performance.now() - started;
    floorDb.close();
    console.log(`floor: ${floorRows} rows in ${(floorMs / 1000).toFixed(1)} s`);

    const device = (name: string, token: string) => {
      const replica = openReplica(path.join(work, `${name}.sqlite`));
      const api = createLibraryApi({ baseUrl: base, getAccessToken: async () => token });
      const engine = createSyncEngine({ replica, api, fileStore: createFileStore(path.join(work, `${name}-files`)) });
      return { replica, engine };
    };

    const bigDevice = device('big', big.token);
    started = performance.now();
    const initial = await bigDevice.engine.syncNow();
    // The library is usable (listed, sorted, opened, edited) once the sync answers; the
    // search index is built after it, in slices (searchIndexBuild.ts).
    const initialMs = performance.now() - started;
    await bigDevice.engine.searchIndexBuilt();
    const indexedMs = performance.now() - started;
    const held = bigDevice.replica.countDocuments({});
    const heldAnnotations = sqlOf(bigDevice.replica).prepare('SELECT count(*) FROM annotations').pluck().get() as number;
    console.log(`initial sync: ${held} documents, ${heldAnnotations} annotations (${initial.pulled} pulled): library usable in ${(initialMs / 1000).toFixed(1)} s, search index ready in ${(indexedMs / 1000).toFixed(1)} s`);
    if (held !== BIG || heldAnnotations !== BIG) throw new Error(`initial sync incomplete: ${held} documents, ${heldAnnotations} annotations`);
    const rssAfterInitial = process.memoryUsage().rss / 2 ** 20;

    // The same ratio at 1k: the initial sync's cost per row should not grow with the library.
    const smallRuns = 3;
    const smallPlainTimes: number[] = [];
    const smallInitialTimes: number[] = [];
    const smallIndexedTimes: number[] = [];
    let smallDevice = device('small', small.token);
    for (let run = 0; run < smallRuns; run++) {
      started = performance.now();
      await rawPages(`${base}/documents?view=all&limit=500&sort=last_modified&order=asc`, small.token, mt.document, null);
      await rawPages(`${base}/annotations?limit=500`, small.token, mt.annotation, null);
      smallPlainTimes.push(performance.now() - started);
      if (run > 0) {
        smallDevice.replica.close();
        smallDevice = device(`small-${run}`, small.token);
      }
      started = performance.now();
      await smallDevice.engine.syncNow();
      smallInitialTimes.push(performance.now() - started);
      await smallDevice.engine.searchIndexBuilt();
      smallIndexedTimes.push(performance.now() - started);
    }
    const smallRatio = percentile(smallInitialTimes.sort((a, b) => a - b), 50) / percentile(smallPlainTimes.sort((a, b) => a - b), 50);
    const smallIndexedRatio = percentile(smallIndexedTimes.sort((a, b) => a - b), 50) / percentile(smallPlainTimes, 50);
    const bigRatio = initialMs / plainPullMs;

    const incrementalBig = await incrementalTimes(base, big, bigDevice, mt.document);
    const incrementalSmall = await incrementalTimes(base, small, smallDevice, mt.document);
    const bigMedian = percentile(incrementalBig, 50);
    const smallMedian = percentile(incrementalSmall, 50);

    const { times: searchTimes, broad: broadTimes } = searchLatencies(bigDevice.replica);
    const rss = process.memoryUsage().rss / 2 ** 20;

    bigDevice.replica.close();
    smallDevice.replica.close();
    return [
      result('initial sync, 100k documents + 100k annotations', initialMs / 1000, 's', 'max', 60, `search index ready ${(indexedMs / 1000).toFixed(1)} s`),
      result('initial sync / plain pull: library usable', bigRatio, 'x', 'max', 1.5, `plain pull ${(plainPullMs / 1000).toFixed(1)} s`),
      result('initial sync / plain pull: search index ready', indexedMs / plainPullMs, 'x', 'max', 1.5, `plain pull ${(plainPullMs / 1000).toFixed(1)} s`),
      result('initial sync / plain pull, 1k library (median of 3)', smallRatio, 'x', 'max', 1.5, `plain pull ${percentile(smallPlainTimes, 50).toFixed(0)} ms; search index ready ${smallIndexedRatio.toFixed(2)} x`),
      result('initial sync ratio, 100k / 1k library (flat: 1.0)', bigRatio / smallRatio, 'x', 'max', 1.2),
      result('initial sync / floor (raw fetch + raw insert)', initialMs / floorMs, 'x', 'max', 2, `floor ${(floorMs / 1000).toFixed(1)} s; search index ready ${(indexedMs / floorMs).toFixed(2)} x`),
      result('incremental sync, 10 changes in 100k library (median)', bigMedian, 'ms', 'max', 250, `p95 ${percentile(incrementalBig, 95).toFixed(0)} ms`),
      result('incremental 100k / 1k library ratio', bigMedian / smallMedian, 'x', 'max', 1.2, `1k median ${smallMedian.toFixed(0)} ms`),
      result('local search p95 over 100k documents', percentile(searchTimes, 95), 'ms', 'max', 10, `median ${percentile(searchTimes, 50).toFixed(1)} ms`),
      result('local search p95, first letters of common words', percentile(broadTimes, 95), 'ms', 'max', 10, `median ${percentile(broadTimes, 50).toFixed(1)} ms`),
      result('desktop resident memory after sync', rss, 'MiB', 'max', 1024, `after initial sync ${rssAfterInitial.toFixed(0)} MiB`),
    ];
  } finally {
    child?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The service's data directory with both libraries, seeded once and kept under the OS temp
 * directory keyed by what it holds (seeding 200,000 rows takes longer than copying them);
 * every run works on a copy, since the incremental rounds change it.
 */
async function seededService(dataDir: string): Promise<{ big: Seeded; small: Seeded; cached: boolean }> {
  const migrations = readdirSync(path.join(root, 'server/storage/migrations')).sort().join(',');
  const key = createHash('sha256').update(JSON.stringify([LIBRARY_DATA_VERSION, BIG, SMALL, SEED, migrations, 'catalog-mapped'])).digest('hex').slice(0, 16);
  const cache = path.join(os.tmpdir(), `refshelf-syncbench-seed-${key}`);
  const cached = existsSync(path.join(cache, 'complete'));
  if (!cached) {
    const building = `${cache}.${process.pid}`;
    rmSync(building, { recursive: true, force: true });
    await seedLibrary(building, 'big@example.org', BIG);
    await seedLibrary(building, 'small@example.org', SMALL);
    await mapIntoCatalog(building);
    writeFileSync(path.join(building, 'complete'), '');
    rmSync(cache, { recursive: true, force: true });
    renameSync(building, cache);
  }
  cpSync(cache, dataDir, { recursive: true });
  rmSync(path.join(dataDir, 'complete'));
  const database = await openDatabase(dataDir);
  try {
    const signIn = async (email: string): Promise<Seeded> => {
      const { id } = (await database.db.selectFrom('profiles').select('id').where('email', '=', email).executeTakeFirstOrThrow());
      const token = (await new TokenService(database.db, 24 * 3600, 24 * 3600).issue('bench', id, 'all', false)).accessToken;
      const documentIds = database.sqlite.prepare('SELECT id FROM documents WHERE profile_id = ? ORDER BY created, id').pluck().all(id) as string[];
      return { token, documentIds };
    };
    return { big: await signIn('big@example.org'), small: await signIn('small@example.org'), cached };
  } finally {
    await database.close();
  }
}

/**
 * What a running service does once with new libraries (catalogRoutes.ts at start-up), done
 * while seeding: otherwise the measured service first maps 101,000 documents into the
 * catalog, which on a loaded machine takes longer than the service is given to start.
 */
async function mapIntoCatalog(dataDir: string): Promise<void> {
  const database = await openDatabase(dataDir);
  try {
    librarySyncOf(database.sqlite).run();
  } finally {
    await database.close();
  }
}

/** One user's library written straight into the service's SQLite, as the stores write it. */
async function seedLibrary(dataDir: string, email: string, count: number): Promise<void> {
  const database = await openDatabase(dataDir);
  try {
    const { id: profileId } = await createAccount(database.db, { email, password: 'bench password', first_name: 'Bench', last_name: 'User' });
    const sqlite = database.sqlite;
    const insertDocument = sqlite.prepare(`INSERT INTO documents (id, profile_id, group_id, created, last_modified, title, type, year, trashed_at, data)
      VALUES (?, ?, NULL, ?, ?, ?, ?, ?, NULL, ?)`);
    const insertAnnotation = sqlite.prepare(`INSERT INTO annotations (id, type, document_id, profile_id, group_id, filehash, text, color, positions, privacy_level, created, last_modified)
      VALUES (?, 'note', ?, ?, NULL, NULL, ?, NULL, NULL, 'private', ?, ?)`);
    const rows = libraryRows(SEED + count);
    // Distinct, increasing timestamps an hour back, as the service's nextTimestamp issues them.
    const start = Date.now() - 3600_000;
    sqlite.transaction(() => {
      for (let i = 0; i < count; i++) {
        const { title, type, year, data } = splitFields(rows.document(i) as Parameters<typeof splitFields>[0]);
        const id = randomUUID();
        const time = new Date(start + i).toISOString();
        insertDocument.run(id, profileId, time, time, title ?? '', type ?? 'journal', year ?? null, JSON.stringify(data));
        insertAnnotation.run(randomUUID(), id, profileId, rows.note(i), time, time);
      }
    })();
  } finally {
    await database.close();
  }
}

/** Follows rel="next" from a URL; with a database, inserts each page's rows into its bare table. */
async function rawPages(first: string, token: string, accept: string, db: Database.Database | null, maxPages = Infinity): Promise<number> {
  const insert = db?.prepare('INSERT OR REPLACE INTO rows (id, json) VALUES (?, ?)');
  const store = db?.transaction((items: { id: string }[]) => {
    for (const item of items) insert!.run(item.id, JSON.stringify(item));
  });
  let url: string | undefined = first;
  let rows = 0;
  for (let page = 0; url && page < maxPages; page++) {
    const response: Response = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: accept } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const items = (await response.json()) as { id: string }[];
    store?.(items);
    rows += items.length;
    url = parseLinkHeader(response.headers.get('link')).next;
  }
  return rows;
}

async function incrementalTimes(
  base: string, library: Seeded, device: { engine: ReturnType<typeof createSyncEngine>; replica: ReturnType<typeof openReplica> }, accept: string,
): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < 17; round++) {
    for (let k = 0; k < CHANGES; k++) {
      const id = library.documentIds[(round * 97 + k * 31) % library.documentIds.length]!;
      const response = await fetch(`${base}/documents/${id}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${library.token}`, 'Content-Type': accept, Accept: accept },
        body: JSON.stringify({ abstract: `Changed in round ${round}` }),
      });
      if (!response.ok) throw new Error(`PATCH failed: ${response.status}`);
    }
    const started = performance.now();
    const report = await device.engine.syncNow();
    const elapsed = performance.now() - started;
    if (report.pulled < CHANGES) throw new Error(`incremental sync pulled ${report.pulled} rows, expected ${CHANGES}`);
    if (round >= 2) times.push(elapsed); // the first rounds warm up
  }
  return times.sort((a, b) => a - b);
}

/** The search mix of the sync bench's two search rows (also run alone by searchBench.ts). */
export function searchLatencies(replica: ReturnType<typeof openReplica>): { times: number[]; broad: number[] } {
  // What people type, drawn from documents of the library itself (a seeded sample).
  const sample = sqlOf(replica).prepare('SELECT data FROM documents WHERE row_no % 97 = 0').pluck().all() as string[];
  const inputs = searchInputs(sample.map((d) => JSON.parse(d) as Record<string, unknown>), 200, SEED);
  const search = (input: string) => {
    const started = performance.now();
    replica.searchDocuments(input, { limit: 50 });
    replica.countSearchResults(input, { atMost: 1000 });
    return performance.now() - started;
  };
  for (const input of inputs.slice(0, 20)) search(input); // warm-up
  const times = inputs.map(search).sort((a, b) => a - b);
  // The first keystrokes of very common words: most of the library matches.
  const broad = ['th', 'the', 'an', 'of', 're', 'pro', 'co', 'tex'].flatMap((input) => [search(input), search(input)]).sort((a, b) => a - b);
  return { times, broad };
}
