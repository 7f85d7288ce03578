// Saved searches: a name and the criteria the sidebar re-runs (collection, search text,
// filters, as JSON). Local to this device: the service has no place for them.
// Harmless to run again (a file rewound to an older schema version).
export const sql = `
CREATE TABLE IF NOT EXISTS saved_searches (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  criteria TEXT NOT NULL CHECK (json_valid(criteria)),
  created TEXT NOT NULL
) STRICT, WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS saved_searches_by_name ON saved_searches (name COLLATE NOCASE);
`;
