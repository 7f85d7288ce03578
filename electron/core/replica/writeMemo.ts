// Answers that only a write can change (counts, the tag list), remembered until the next
// write on this connection. SQLite's total_changes() counts every row any statement of the
// connection inserted, updated or deleted, whoever made it (a local edit, a pull, a bulk
// load), so no writer has to remember to invalidate anything. The desktop core is the
// replica's only writer, through this one connection.
import type { Db } from './database.ts';
import { stmt } from './statements.ts';
import { OldestFirst } from '../../../shared/oldestFirst.ts';

export interface WriteMemo {
  get<T>(key: string, compute: () => T): T;
  /** Rows written on this connection so far: equal answers mean nothing was written between them. */
  writes(): number;
}

const MAX_ENTRIES = 64;

export function createWriteMemo(db: Db): WriteMemo {
  const entries = new Map<string, unknown>();
  const oldest = new OldestFirst(entries);
  let seenChanges = -1;
  const writes = () => stmt(db, 'SELECT total_changes()').pluck().get() as number;
  return {
    writes,
    get<T>(key: string, compute: () => T): T {
      const changes = writes();
      if (changes !== seenChanges) {
        entries.clear();
        seenChanges = changes;
      }
      if (entries.has(key)) return entries.get(key) as T;
      const value = compute();
      if (entries.size >= MAX_ENTRIES) oldest.dropOldest();
      entries.set(key, value);
      return value;
    },
  };
}
