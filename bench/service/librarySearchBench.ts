// `npm run bench -- library-search [--documents N]`: the library search (GET
// /search/documents) from its index against the scan it replaced, on each engine, in one
// run over the same library (20,000 documents by default, with abstracts; words drawn from a
// skewed vocabulary, so some are in most documents and some in a few). For each kind of
// query: the candidates and the ranking the route does, p50 and p95 over interleaved rounds,
// "scan" reading the whole library and scoring it in JS as before the index. The ratio
// scan/index is what to read on a loaded machine; absolute times are inflated by the load.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type OpenedDatabase } from '../../server/storage/database.ts';
import type { ServiceContext } from '../../server/context.ts';
import type { DocumentsTable } from '../../server/storage/tables.ts';
import { readSearchCriteria, type SearchCriteria } from '../../server/library/documentSearch.ts';
import { scopedDocuments, type LibraryScope, type Query } from '../../server/library/documentQueries.ts';
import { searchCandidatesOf } from '../../server/library/documentSearchIndex.ts';
import { rankCandidates } from '../../server/library/searchDocumentsRoutes.ts';
import { catchUpDocumentSearch } from '../../server/library/postgresDocumentSearch.ts';
import { benchPostgresServer, type BenchPostgresServer } from '../benchPostgres.ts';
import { createPgDatabase } from '../../server/testing/pgDatabases.ts';
import { percentile, result, type BenchResult } from '../report.ts';

const DOCUMENTS = numberArg('--documents') ?? 20_000;
const ROUNDS = 15;
/** The index must make a query at least this many times cheaper than the scan (p50). */
const MIN_RATIO = 5;

const QUERIES: Record<string, Query> = {
  'common word': { query: 'w1' },
  'rare word': { query: 'w2900' },
  'two words': { query: 'w3 w250' },
  prefix: { query: 'w29' },
  phrase: { query: '"w1 w2"' },
  'advanced title+author': { title: 'w5', author: 'smith' },
};

function numberArg(name: string): number | undefined {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** A deterministic pseudo-random source (the same library on both engines). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Words w0..w2999, the first ones far more frequent (Zipf-like). */
function wordsFrom(next: () => number, count: number): string {
  return Array.from({ length: count }, () => `w${Math.floor(3_000 ** next()) - 1}`).join(' ');
}

function libraryRows(profileId: string): DocumentsTable[] {
  const next = random(42);
  const names = ['Smith', 'Jones', 'Müller', 'García', 'Chen', 'Okafor', 'Novák', 'Silva'];
  return Array.from({ length: DOCUMENTS }, (_, i) => {
    const time = new Date(1_700_000_000_000 + i * 1000).toISOString();
    const authors = Array.from({ length: 1 + (i % 4) }, (_, a) => ({ first_name: 'A.', last_name: names[(i + a) % names.length] }));
    const data = { authors, source: `Journal ${wordsFrom(next, 2)}`, abstract: wordsFrom(next, 120), keywords: wordsFrom(next, 4).split(' ') };
    return { id: `doc-${i}`, profile_id: profileId, group_id: null, created: time, last_modified: time, title: wordsFrom(next, 8), type: 'journal', year: 1990 + (i % 35), trashed_at: null, data: JSON.stringify(data) };
  });
}

async function seed(database: OpenedDatabase, profileId: string): Promise<void> {
  const rows = libraryRows(profileId);
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('documents').values(rows.slice(i, i + 500)).execute();
  });
  if (database.engine === 'postgres') await catchUpDocumentSearch(database.db);
  await sql`ANALYZE`.execute(database.db);
}

interface Timings {
  index: number[];
  scan: number[];
  matches: number;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function measureEngine(engine: string, database: OpenedDatabase, out: BenchResult[]): Promise<void> {
  const profileId = 'bench-profile';
  await seed(database, profileId);
  const ctx = { db: database.db, database } as unknown as ServiceContext;
  const scope: LibraryScope = { kind: 'personal', profileId };
  const index = searchCandidatesOf(ctx);
  const viaIndex = async (criteria: SearchCriteria) => rankCandidates(await index.candidates(scope, criteria), criteria);
  // Before the index: every document of the library, scored in JS.
  const viaScan = async (criteria: SearchCriteria) => rankCandidates(await scopedDocuments(ctx, scope, 'library').execute(), criteria);

  const timings = new Map<string, Timings>();
  for (const [name, query] of Object.entries(QUERIES)) {
    const criteria = readSearchCriteria(query);
    timings.set(name, { index: [], scan: [], matches: (await viaIndex(criteria)).length });
    await viaScan(criteria);
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, query] of Object.entries(QUERIES)) {
      const criteria = readSearchCriteria(query);
      const t = timings.get(name)!;
      t.index.push(await timed(() => viaIndex(criteria)));
      t.scan.push(await timed(() => viaScan(criteria)));
    }
  }
  for (const [name, t] of timings) {
    t.index.sort((a, b) => a - b);
    t.scan.sort((a, b) => a - b);
    const ratio = percentile(t.scan, 50) / Math.max(percentile(t.index, 50), 1e-9);
    const note = `index p50 ${percentile(t.index, 50).toFixed(1)} / p95 ${percentile(t.index, 95).toFixed(1)} ms; scan p50 ${percentile(t.scan, 50).toFixed(1)} / p95 ${percentile(t.scan, 95).toFixed(1)} ms; ${t.matches} ranked`;
    out.push(result(`${engine}: ${name}, scan/index (p50)`, ratio, 'x', 'min', MIN_RATIO, note));
  }
}

export async function runLibrarySearchBench(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-library-search-'));
  let postgres: BenchPostgresServer | undefined;
  try {
    const sqlite = await openDatabase(dataDir);
    try {
      await measureEngine('SQLite', sqlite, out);
    } finally {
      await sqlite.close();
    }
    postgres = await benchPostgresServer();
    if (!postgres) return out;
    const serverUrl = postgres.url;
    const pg = await openDatabase('', await createPgDatabase(serverUrl));
    try {
      await measureEngine('PostgreSQL', pg, out);
    } finally {
      await pg.close();
    }
    return out;
  } finally {
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
