// A value that changes whenever the database may have changed: total_changes() counts every
// row written on this connection, data_version moves when another connection commits. Both
// are read without touching a table, so caches of query answers (counts, pages, search
// results) check it on every read and recompute only after a write.
//
// Bookkeeping that no cached answer reads (the per-token request counts) is written through
// `writeUnstamped`: its rows are subtracted, so counting requests does not throw away every
// cache once a second.
import type SQLite from 'better-sqlite3';

/** The write stamp now; undefined when the engine cannot tell (answers must not be cached). */
export type WriteStamp = () => string | undefined;

interface Stamp {
  read: WriteStamp;
  /** Rows written on this connection that do not move the stamp. */
  unstamped: number;
  changes: () => number;
}

const stamps = new WeakMap<SQLite.Database, Stamp>();

function stampOf(sqlite: SQLite.Database): Stamp {
  let stamp = stamps.get(sqlite);
  if (!stamp) {
    const changes = sqlite.prepare('SELECT total_changes()').pluck();
    const version = sqlite.prepare('PRAGMA data_version').pluck();
    const state: Stamp = {
      unstamped: 0,
      changes: () => Number(changes.get()),
      read: () => `${state.changes() - state.unstamped}:${String(version.get())}`,
    };
    stamp = state;
    stamps.set(sqlite, stamp);
  }
  return stamp;
}

export function writeStampOf(sqlite: SQLite.Database): WriteStamp {
  return stampOf(sqlite).read;
}

/**
 * Runs `write` (synchronous, on this connection, so nothing else writes meanwhile) without
 * moving the write stamp. Only for tables no cached answer reads.
 */
export function writeUnstamped<T>(sqlite: SQLite.Database, write: () => T): T {
  const stamp = stampOf(sqlite);
  const before = stamp.changes();
  try {
    return write();
  } finally {
    stamp.unstamped += stamp.changes() - before;
  }
}
