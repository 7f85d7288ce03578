// A value that changes whenever the database may have changed: total_changes() counts every
// row written on this connection, data_version moves when another connection commits. Both
// are read without touching a table, so caches of query answers (counts, pages, search
// results) check it on every read and recompute only after a write.
import type SQLite from 'better-sqlite3';

export type WriteStamp = () => string;

const stamps = new WeakMap<SQLite.Database, WriteStamp>();

export function writeStampOf(sqlite: SQLite.Database): WriteStamp {
  let stamp = stamps.get(sqlite);
  if (!stamp) {
    const changes = sqlite.prepare('SELECT total_changes()').pluck();
    const version = sqlite.prepare('PRAGMA data_version').pluck();
    stamp = () => `${String(changes.get())}:${String(version.get())}`;
    stamps.set(sqlite, stamp);
  }
  return stamp;
}
