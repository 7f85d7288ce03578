// A large import into SQLite's catalog. Kept row by row, the indexes on match keys, title
// keys and identifiers take a random page for every record, and each transaction rewrites
// most of their pages: at 200,000 records the import wrote about 2 GB for a 400 MB database.
// So a bulk load drops those indexes, finds duplicates through in-memory hashes
// (duplicateIndex.ts), stages the new rows' identifiers as it writes them
// (identifierStaging.ts), and when it finishes writes them in key order and builds the
// indexes once, each by one sort.
//
// The load's start is recorded (the settings row catalog_bulk_load: the first seq it wrote,
// its process and the dropped indexes' SQL) in the transaction that drops the indexes, and
// removed in the one that rebuilds them. An import that is killed leaves whole batches
// committed and that row behind; the next import, or the next process that opens the
// catalog, finishes the load the same way (finishBulkLoad), so the catalog is whole again.
// The search index is written row by row in the same transactions, so what was committed
// is searchable meanwhile. While a load runs, other processes' lookups by match key or
// identifier read the table without those indexes (slower, still right).
import { availableParallelism } from 'node:os';
import type SQLite from 'better-sqlite3';
import { normalisedIdentifiers } from '../dedupe.ts';
import type { CatalogFields } from '../catalogFields.ts';
import type { CatalogStore } from '../catalogStore.ts';
import { DuplicateIndex, identifierKey } from './duplicateIndex.ts';
import { createStagingTable, IdentifierStaging, STAGED_IDENTIFIERS } from './identifierStaging.ts';
import { orderedIds } from './orderedIds.ts';

const MARKER = 'catalog_bulk_load';
/** The indexes a bulk load drops and builds again (the primary keys stay). */
const DEFERRED_INDEXES = ['catalog_documents_filters', 'catalog_documents_match', 'catalog_documents_title', 'catalog_identifiers_seq'];
/** Rows read at a time when the new rows' identifiers are written. */
const PAGE = 20_000;

interface Marker {
  firstSeq: number;
  pid: number;
  /** CREATE INDEX statements of the dropped indexes, as the schema held them. */
  indexes: string[];
}

/** Handles (by file) on which this process is running a load: its marker is no leftover. */
const running = new Set<string>();

function readMarker(sqlite: SQLite.Database): Marker | undefined {
  const value = sqlite.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(MARKER) as string | undefined;
  return value ? (JSON.parse(value) as Marker) : undefined;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the recorded load's process is still at it (here or in another process). */
function markerOwnerRunning(sqlite: SQLite.Database, marker: Marker): boolean {
  return marker.pid === process.pid ? running.has(sqlite.name) : processAlive(marker.pid);
}

/**
 * Finishes a load whose process ended before it could (killed, crashed). Returns whether
 * there was one. A load still running elsewhere is left alone.
 */
export function finishInterruptedBulkLoad(sqlite: SQLite.Database): boolean {
  const marker = readMarker(sqlite);
  if (!marker || markerOwnerRunning(sqlite, marker)) return false;
  finishBulkLoad(sqlite, marker);
  return true;
}

/** Stages the identifiers of the rows from the marker's first seq, read from their data (as CatalogStore.indexIdentifiers does). */
function stageFromData(sqlite: SQLite.Database, marker: Marker): void {
  const page = sqlite.prepare("SELECT seq, json_extract(data, '$.identifiers') FROM catalog_documents WHERE seq >= ? ORDER BY seq LIMIT ?").raw();
  createStagingTable(sqlite);
  const put = sqlite.prepare(`INSERT INTO ${STAGED_IDENTIFIERS} (kind, value, seq) VALUES (?, ?, ?)`);
  for (let from = marker.firstSeq; ; ) {
    const rows = page.all(from, PAGE) as [number, string | null][];
    for (const [seq, identifiers] of rows) {
      if (!identifiers) continue;
      for (const [kind, value] of normalisedIdentifiers(JSON.parse(identifiers) as CatalogFields['identifiers'])) put.run(kind, value, seq);
    }
    if (rows.length < PAGE) break;
    from = rows.at(-1)![0] + 1;
  }
}

/**
 * Writes the identifiers of the rows from the marker's first seq, in key order (staged while
 * the load ran, or read from the rows' data when the load's process died), then builds the
 * dropped indexes and removes the marker, in one transaction: if it is interrupted too, it
 * is done again.
 */
function finishBulkLoad(sqlite: SQLite.Database, marker: Marker, staging?: IdentifierStaging): void {
  // The sorts of the identifiers and of each index may use helper threads (SQLite's sorter
  // merges its runs in parallel): the parsing thread is done by now.
  const threads = sqlite.pragma('threads', { simple: true }) as number;
  sqlite.pragma(`threads = ${Math.min(4, Math.max(1, availableParallelism()))}`);
  try {
    finishInTransaction(sqlite, marker, staging);
  } finally {
    sqlite.pragma(`threads = ${threads}`);
  }
}

function finishInTransaction(sqlite: SQLite.Database, marker: Marker, staging?: IdentifierStaging): void {
  sqlite.transaction(() => {
    if (staging) staging.complete();
    else stageFromData(sqlite, marker);
    sqlite.exec(`INSERT OR IGNORE INTO catalog_identifiers (kind, value, catalog_seq)
                 SELECT kind, value, seq FROM ${STAGED_IDENTIFIERS} ORDER BY kind, value, seq;
                 DROP TABLE ${STAGED_IDENTIFIERS}`);
    for (const index of marker.indexes) sqlite.exec(index.replace(/^CREATE INDEX /i, 'CREATE INDEX IF NOT EXISTS '));
    sqlite.prepare('DELETE FROM settings WHERE key = ?').run(MARKER);
  })();
}

/** Where a bulk load's records go; finish() must be called, also when the import fails. */
export interface BulkSink {
  addMany(records: { fields: CatalogFields; openAccess?: boolean }[], imported: boolean): { added: number; merged: number };
  /** Builds the indexes; how long it took, in seconds. */
  finish(): number;
}

/** Starts a bulk load on the store's handle (finishing an interrupted one first). */
export function beginBulkLoad(store: CatalogStore): BulkSink {
  const sqlite = store.sqlite;
  const leftover = readMarker(sqlite);
  if (leftover && markerOwnerRunning(sqlite, leftover)) throw new Error(`another catalog import is running (process ${leftover.pid})`);
  if (leftover) finishBulkLoad(sqlite, leftover);
  if (store.bulk) throw new Error('a bulk load is already running on this connection');

  const duplicates = new DuplicateIndex();
  for (const [seq, key] of sqlite.prepare('SELECT seq, match_key FROM catalog_documents').raw().iterate() as Iterable<[number, string]>) duplicates.matchKeys.add(key, seq);
  for (const [kind, value, seq] of sqlite.prepare('SELECT kind, value, catalog_seq FROM catalog_identifiers').raw().iterate() as Iterable<[string, string, number]>) {
    duplicates.identifiers.add(identifierKey(kind, value), seq);
  }
  const schema = sqlite.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name IN (${DEFERRED_INDEXES.map(() => '?').join(',')})`);
  const lastSeq = sqlite.prepare('SELECT max(seq) FROM catalog_documents').pluck();
  let marker: Marker | undefined;
  sqlite.transaction(() => {
    const indexes = (schema.all(...DEFERRED_INDEXES) as { name: string; sql: string }[]).sort((a, b) => a.name.localeCompare(b.name));
    marker = { firstSeq: ((lastSeq.get() as number | null) ?? 0) + 1, pid: process.pid, indexes: indexes.map((i) => i.sql) };
    sqlite.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(MARKER, JSON.stringify(marker));
    for (const index of indexes) sqlite.exec(`DROP INDEX "${index.name}"`);
  })();
  running.add(sqlite.name);
  const staging = new IdentifierStaging(sqlite);
  store.bulk = { firstSeq: marker!.firstSeq, duplicates, nextId: orderedIds(), staging };

  return {
    addMany: (records, imported) => store.addMany(records, imported),
    finish: () => {
      const started = performance.now();
      try {
        finishBulkLoad(sqlite, marker!, staging);
      } finally {
        store.bulk = undefined;
        running.delete(sqlite.name);
      }
      return (performance.now() - started) / 1000;
    },
  };
}
