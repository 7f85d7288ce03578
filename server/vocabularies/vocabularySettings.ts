// Tunables of the vocabularies area. Process-wide and read on every request, so a test can
// lower them to reach the edge cases (a tree too large, a fresh size count) with real data.
export const vocabularySettings = {
  /**
   * GET /institution_trees answers 403 for a tree whose institutions take more JSON than
   * this. The bundled data reaches it: the whole tree of the Government of the United
   * States (828 institutions, 311 kB) is refused, each of its departments and the next
   * largest tree (CNRS, 599 institutions, 202 kB) are served.
   */
  institutionTreeMaxBytes: 256 * 1024,
  /** How stale the per-institution person counts may get before a request refreshes them. */
  institutionSizeRefreshMs: 1000,
};
