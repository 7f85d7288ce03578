// The row numbers of a search's matches, latest first. The search box asks for a page of
// results and then their count, and both start from this same list: read twice, a prefix no
// prefix table serves ("packag*" merges the lists of every word starting so) or an AND of
// common words cost as much the second time as the first (a third of a search at 100,000
// documents). So the list read last is kept for its connection until anything is written
// on it (total_changes(), as writeMemo.ts), and a later read of the same query answers
// from it when it holds as many rows as asked for, or every match.
import type { Db } from './database.ts';
import { stmt } from './statements.ts';

interface Kept {
  match: string;
  writes: number;
  rowNos: readonly number[];
  /** The list holds every match (the read asked for more rows than there were). */
  complete: boolean;
}

const kept = new WeakMap<Db, Kept>();

/** The first `limit` row numbers matching an FTS5 query, latest (highest) first. */
export function matchedRowNos(db: Db, match: string, limit: number): readonly number[] {
  const writes = stmt(db, 'SELECT total_changes()').pluck().get() as number;
  const last = kept.get(db);
  if (last && last.match === match && last.writes === writes && (last.complete || last.rowNos.length >= limit)) {
    return last.rowNos.length > limit ? last.rowNos.slice(0, limit) : last.rowNos;
  }
  const rowNos = stmt(db, 'SELECT rowid FROM documents_fts WHERE documents_fts MATCH ? ORDER BY rowid DESC LIMIT ?').pluck().all(match, limit) as number[];
  kept.set(db, { match, writes, rowNos, complete: rowNos.length < limit });
  return rowNos;
}
