// Tunables of the vocabularies area. Process-wide and read on every request, so a test can
// lower them to reach the edge cases (a tree too large, a fresh size count) with real data.
export const vocabularySettings = {
  /** GET /institution_trees answers 403 for a tree with more nodes than this. */
  institutionTreeMaxNodes: 1000,
  /** How stale the per-institution person counts may get before a request refreshes them. */
  institutionSizeRefreshMs: 1000,
};
