// A search index still being built (searchIndexBuild.ts): while this one row exists, the
// index holds an entry for exactly the documents with row_no < next_row_no (phase
// 'entries'), or for every document with segments still to merge (phase 'merging').
// Kept in the file so that a build stopped by a kill or a quit goes on after the restart.
export const sql = `
CREATE TABLE IF NOT EXISTS search_index_build (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  phase TEXT NOT NULL CHECK (phase IN ('entries', 'merging')),
  next_row_no INTEGER NOT NULL
) STRICT;
`;
