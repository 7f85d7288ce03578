// Where the citing area's per-reference render cache (citing/renderCache.ts) is kept
// between runs: one SQLite file of its own in the data folder (not the library's), a key
// and a JSON value per row. It is only a cache: a file that
// cannot be opened or read (corrupt, truncated, another schema) is deleted and started
// again empty, and any later read or write error empties it instead of failing a copy.
// Bounded: past MAX_ROWS the oldest-written rows are dropped.
import { existsSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { sqliteOptions } from '../../../shared/node/sqliteBinding.ts';

/** Each row is a reference's render (about 1 KB) or a same-author-same-year group's. */
export const MAX_ROWS = 100_000;
const SCHEMA = 1;

export interface RenderCacheStore {
  get(keys: readonly string[]): Map<string, string>;
  put(rows: ReadonlyMap<string, string>): void;
  close(): void;
}

/** A store that keeps nothing: where the file could not be made even afresh. */
const noRenderCacheStore: RenderCacheStore = { get: () => new Map(), put() {}, close() {} };

function open(file: string): Database.Database {
  const db = new Database(file, sqliteOptions());
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version !== 0 && version !== SCHEMA) throw new Error(`render cache schema ${version}`);
    db.exec('CREATE TABLE IF NOT EXISTS renders (key TEXT PRIMARY KEY, value TEXT NOT NULL, written INTEGER NOT NULL)');
    db.pragma(`user_version = ${SCHEMA}`);
    // A truncated or scribbled-over file often opens fine and fails on the first real read.
    if (db.pragma('quick_check', { simple: true }) !== 'ok') throw new Error('render cache file is damaged');
    db.prepare('SELECT count(*) FROM renders').get();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function removeFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) rmSync(file + suffix, { force: true });
}

interface StoreOptions { maxRows?: number; onProblem?: (error: unknown) => void }

/**
 * Opened on first use, not when the core starts: checking the file reads all of it, and
 * the first use (the background fill, or a copy) comes seconds later.
 */
export function openRenderCacheStore(file: string, options: StoreOptions = {}): RenderCacheStore {
  let store: RenderCacheStore | undefined;
  const opened = () => (store ??= openNow(file, options));
  return {
    get: (keys) => opened().get(keys),
    put: (rows) => opened().put(rows),
    close() {
      store?.close();
      store = noRenderCacheStore;
    },
  };
}

function openNow(file: string, options: StoreOptions): RenderCacheStore {
  const maxRows = options.maxRows ?? MAX_ROWS;
  const report = options.onProblem ?? ((error: unknown) => console.error('[refshelf] the citation render cache was started again:', error));
  let db: Database.Database;
  try {
    db = open(file);
  } catch (error) {
    report(error);
    try {
      removeFiles(file);
      db = open(file);
    } catch (again) {
      report(again);
      return noRenderCacheStore;
    }
  }
  let written = (db.prepare('SELECT coalesce(max(written), 0) AS w FROM renders').get() as { w: number }).w;
  const select = db.prepare('SELECT key, value FROM renders WHERE key = ?');
  const insert = db.prepare('INSERT OR REPLACE INTO renders (key, value, written) VALUES (?, ?, ?)');
  const count = db.prepare('SELECT count(*) AS n FROM renders');
  const prune = db.prepare('DELETE FROM renders WHERE key IN (SELECT key FROM renders ORDER BY written LIMIT ?)');
  // Counted once; after that an upper bound (a replaced row counts as new), so the table is
  // counted again only when the bound passes the limit, not on every write.
  let rowsAtMost = (count.get() as { n: number }).n;
  let broken = false;

  /** A read or write that fails mid-run: the cache is emptied and the copy goes on without it. */
  function recover(error: unknown): void {
    report(error);
    broken = true;
    try {
      db.close();
    } catch {
      // already unusable
    }
    try {
      removeFiles(file);
    } catch {
      // left for the next start, which checks the file again
    }
  }

  const putAll = db.transaction((rows: ReadonlyMap<string, string>) => {
    for (const [key, value] of rows) insert.run(key, value, ++written);
    rowsAtMost += rows.size;
    if (rowsAtMost <= maxRows) return;
    const { n } = count.get() as { n: number };
    if (n > maxRows) prune.run(n - Math.floor(maxRows * 0.9));
    rowsAtMost = n > maxRows ? Math.floor(maxRows * 0.9) : n;
  });

  return {
    get(keys) {
      const found = new Map<string, string>();
      if (broken) return found;
      try {
        for (const key of keys) {
          const row = select.get(key) as { key: string; value: string } | undefined;
          if (row) found.set(row.key, row.value);
        }
      } catch (error) {
        recover(error);
        return new Map();
      }
      return found;
    },
    put(rows) {
      if (broken || !rows.size) return;
      try {
        putAll(rows);
      } catch (error) {
        recover(error);
      }
    },
    close() {
      if (!broken) db.close();
      broken = true;
    },
  };
}
