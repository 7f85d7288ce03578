// The window opens on My Library and, once its first rows are painted, asks for the library's
// tags and saved searches. The rows' count and the tag list each walk an index or a table
// (tens of milliseconds at 100,000 documents, far more on a busy machine), the saved searches'
// first sort loads the collation data, and the core answers one request at a time: done when
// asked, the count held back the first rows and the others the first click after them. Done
// right after start instead, while the window loads, the replica's write memo holds the count
// and the tags until something is written, and the collator is made.
import type { CancelTimer, Clock } from '../clock.ts';
import type { ReplicaReads } from '../replica/index.ts';

/** Reads the window's first requests need, into the replica's memo, on the clock's next turn; answers how to cancel. */
export function readAheadForWindow(replica: Pick<ReplicaReads, 'countDocuments' | 'listTags' | 'listSavedSearches'>, clock: Clock): CancelTimer {
  return clock.after(0, () => {
    try {
      replica.countDocuments({});
      replica.listTags();
      replica.listSavedSearches();
    } catch (error) {
      // Only an optimisation: the window's own requests will report a real problem.
      console.error('[refshelf] reading ahead for the window failed:', error);
    }
  });
}
