// The search box's count ("1,000+") of a whole library view: the search index holds every
// document of the replica, the view only those of one library in or out of the trash. Joining
// each match to its document row to check that read up to 1,001 scattered rows of the
// documents table per keystroke (a third of a search's time at 100,000 documents, and most
// of a first search's disk reads). When the documents outside the view are few, the count
// reads the index alone and leaves those documents out by their row numbers instead.
import type { Db } from './database.ts';
import { matchedRowNos } from './matchedRows.ts';
import { stmt } from './statements.ts';

/** Beyond this many documents outside the view (trash, other libraries), counts join rows. */
export const OUTSIDE_VIEW_MAX = 1_000;

export interface BoundedCount {
  /** Matches in the view, at most cap + 1. */
  count: number;
  /** Entries read from the search index and the sort index: at most cap + 1 + 2 × OUTSIDE_VIEW_MAX. */
  rowsRead: number;
}

/**
 * Row numbers of the documents outside the library view (groupId, trashed), read from a sort
 * index; undefined when there are more than OUTSIDE_VIEW_MAX of them.
 */
function outsideView(db: Db, groupId: string | null, trashed: 0 | 1): Set<number> | undefined {
  // Every part is a range of the (group_id, trashed, ...) indexes; "IS NOT" is no range.
  const otherLibraries = groupId === null
    ? 'SELECT row_no FROM documents WHERE group_id IS NOT NULL'
    : 'SELECT row_no FROM documents WHERE group_id IS NULL UNION ALL SELECT row_no FROM documents WHERE group_id < @groupId UNION ALL SELECT row_no FROM documents WHERE group_id > @groupId';
  const rows = stmt(db, `${otherLibraries} UNION ALL SELECT row_no FROM documents WHERE group_id IS @groupId AND trashed = @otherTrash LIMIT @cap`)
    .pluck().all({ groupId, otherTrash: 1 - trashed, cap: OUTSIDE_VIEW_MAX + 1 }) as number[];
  return rows.length > OUTSIDE_VIEW_MAX ? undefined : new Set(rows);
}

/**
 * Counts the matches of an FTS5 query among a library view's documents, up to cap + 1, from
 * the search index alone; undefined when too many documents lie outside the view (the
 * caller then checks each match's row). Latest first, as the result pages read the index,
 * so that a first search reads the same pages of it once.
 */
export function countViewMatches(db: Db, match: string, groupId: string | null, trashed: 0 | 1, cap: number): BoundedCount | undefined {
  const outside = outsideView(db, groupId, trashed);
  if (!outside) return undefined;
  // After a search for the same text, its list of matches when it holds them all (matchedRows.ts).
  const rowNos = matchedRowNos(db, match, cap + 1 + outside.size);
  let count = 0;
  for (const rowNo of rowNos) if (!outside.has(rowNo)) count++;
  return { count: Math.min(count, cap + 1), rowsRead: rowNos.length + outside.size };
}
