// People's names by profile id, as last heard from the service: the authors of annotations
// in group libraries are shown by name, also offline. Filled when the sync engine meets an
// author it cannot name and when the people commands fetch profiles (members, followers).
export const sql = `
CREATE TABLE profile_names (
  profile_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  seen_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;
-- The sync engine asks after every pull which authors have no name yet.
CREATE INDEX annotations_by_profile ON annotations (profile_id) WHERE profile_id IS NOT NULL;
`;
