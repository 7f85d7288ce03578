// The desktop replica's first schema: the library rows, the outbox of local changes, the
// server copies three-way merges need, and the full-text index.
//
// Why documents have an INTEGER PRIMARY KEY besides the text id: the FTS index is keyed by
// rowid, and VACUUM may renumber the rowids of a table without an explicit INTEGER PRIMARY
// KEY. `id` stays UNIQUE, so foreign keys reference it and cascade when a local id is
// replaced by the server's.
//
// folders.parent_id has no foreign key on purpose: the service lists folders page by page
// in no particular order and a parent may belong to another page (or be gone); a folder
// with an unknown parent shows at the top level. remapId and deletion handle it by hand.
export const sql = `
CREATE TABLE documents (
  row_no INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  group_id TEXT,
  profile_id TEXT,
  title TEXT NOT NULL,
  type TEXT NOT NULL,
  year INTEGER,
  created TEXT,
  last_modified TEXT,
  added_local TEXT NOT NULL,
  modified_local TEXT NOT NULL,
  trashed INTEGER NOT NULL DEFAULT 0 CHECK (trashed IN (0, 1)),
  first_author TEXT,
  source TEXT,
  read INTEGER NOT NULL DEFAULT 0 CHECK (read IN (0, 1)),
  starred INTEGER NOT NULL DEFAULT 0 CHECK (starred IN (0, 1)),
  confirmed INTEGER NOT NULL DEFAULT 0 CHECK (confirmed IN (0, 1)),
  file_attached INTEGER NOT NULL DEFAULT 0 CHECK (file_attached IN (0, 1)),
  sort_title TEXT NOT NULL,
  sort_author TEXT,
  sort_source TEXT,
  data TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data))
) STRICT;

-- One index per sort key, led by the filters every list has (library, trash), ending with
-- id so that equal keys page stably: a sorted page is an index walk, not a sort.
CREATE INDEX documents_by_title ON documents (group_id, trashed, sort_title, id);
CREATE INDEX documents_by_author ON documents (group_id, trashed, sort_author, id);
CREATE INDEX documents_by_year ON documents (group_id, trashed, year, id);
CREATE INDEX documents_by_source ON documents (group_id, trashed, sort_source, id);
CREATE INDEX documents_by_type ON documents (group_id, trashed, type, id);
CREATE INDEX documents_by_added ON documents (group_id, trashed, added_local, id);
CREATE INDEX documents_by_modified ON documents (group_id, trashed, modified_local, id);

CREATE TABLE document_fulltext (
  document_id TEXT PRIMARY KEY REFERENCES documents (id) ON UPDATE CASCADE ON DELETE CASCADE,
  text TEXT NOT NULL
) STRICT;

CREATE TABLE folders (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  parent_id TEXT,
  group_id TEXT,
  created TEXT,
  modified TEXT,
  added_local TEXT NOT NULL
) STRICT;
CREATE INDEX folders_by_parent ON folders (parent_id);
CREATE INDEX folders_by_group ON folders (group_id);

CREATE TABLE folder_documents (
  folder_id TEXT NOT NULL REFERENCES folders (id) ON UPDATE CASCADE ON DELETE CASCADE,
  document_id TEXT NOT NULL REFERENCES documents (id) ON UPDATE CASCADE ON DELETE CASCADE,
  PRIMARY KEY (folder_id, document_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX folder_documents_by_document ON folder_documents (document_id);

CREATE TABLE files (
  id TEXT PRIMARY KEY,
  document_id TEXT NOT NULL REFERENCES documents (id) ON UPDATE CASCADE ON DELETE CASCADE,
  filehash TEXT NOT NULL,
  file_name TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  size INTEGER NOT NULL CHECK (size >= 0),
  local_path TEXT,
  added_local TEXT NOT NULL
) STRICT;
CREATE INDEX files_by_document ON files (document_id);
CREATE INDEX files_by_hash ON files (filehash);

CREATE TABLE annotations (
  id TEXT PRIMARY KEY,
  document_id TEXT NOT NULL REFERENCES documents (id) ON UPDATE CASCADE ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('note', 'sticky_note', 'highlight')),
  filehash TEXT,
  text TEXT,
  color TEXT CHECK (color IS NULL OR json_valid(color)),
  positions TEXT CHECK (positions IS NULL OR json_valid(positions)),
  privacy_level TEXT NOT NULL DEFAULT 'private' CHECK (privacy_level IN ('public', 'group', 'private')),
  profile_id TEXT,
  group_id TEXT,
  created TEXT,
  last_modified TEXT,
  added_local TEXT NOT NULL,
  modified_local TEXT NOT NULL
) STRICT;
CREATE INDEX annotations_by_document ON annotations (document_id);

CREATE TABLE groups (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  role TEXT,
  data TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(data))
) STRICT;

-- The signed-in user's profile: at most one row.
CREATE TABLE profile (
  one INTEGER PRIMARY KEY CHECK (one = 1),
  data TEXT NOT NULL CHECK (json_valid(data))
) STRICT;

-- scope: '' for the personal library, else a group id.
CREATE TABLE sync_state (
  collection TEXT NOT NULL,
  scope TEXT NOT NULL DEFAULT '',
  modified TEXT,
  deleted TEXT,
  PRIMARY KEY (collection, scope)
) STRICT;

-- Local changes waiting to be pushed, in the order they must be pushed (seq).
-- changed: JSON array of field names (update); the values are read from the row at push
-- time. target_id: the document of a folder link/unlink. revision grows with every edit
-- coalesced into the entry, so the sync engine can tell an edit made while it was pushing.
CREATE TABLE outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('document', 'folder', 'annotation', 'file')),
  entity_id TEXT NOT NULL,
  op TEXT NOT NULL CHECK (op IN ('create', 'update', 'trash', 'restore', 'delete', 'link', 'unlink')),
  target_id TEXT,
  changed TEXT CHECK (changed IS NULL OR json_valid(changed)),
  base_last_modified TEXT,
  revision INTEGER NOT NULL DEFAULT 1,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX outbox_by_entity ON outbox (kind, entity_id);
CREATE INDEX outbox_by_target ON outbox (target_id) WHERE target_id IS NOT NULL;

CREATE TABLE base_copies (
  kind TEXT NOT NULL,
  id TEXT NOT NULL,
  json TEXT NOT NULL CHECK (json_valid(json)),
  last_modified TEXT,
  PRIMARY KEY (kind, id)
) STRICT;

CREATE TABLE conflicts (
  kind TEXT NOT NULL,
  id TEXT NOT NULL,
  field TEXT NOT NULL,
  local_value TEXT CHECK (local_value IS NULL OR json_valid(local_value)),
  remote_value TEXT CHECK (remote_value IS NULL OR json_valid(remote_value)),
  base_value TEXT CHECK (base_value IS NULL OR json_valid(base_value)),
  detected_at TEXT NOT NULL,
  PRIMARY KEY (kind, id, field)
) STRICT;

-- Contentless (the text lives in documents, annotations and document_fulltext; PDF text
-- is not stored twice); contentless_delete lets a document's entry be replaced.
-- rowid = documents.row_no.
CREATE VIRTUAL TABLE documents_fts USING fts5 (
  title, authors, source, abstract, keywords, tags, note, annotations, fulltext,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

CREATE TRIGGER documents_fts_on_delete AFTER DELETE ON documents BEGIN
  DELETE FROM documents_fts WHERE rowid = old.row_no;
END;
`;
