// Imported documents waiting for the catalog lookup (the app was offline, or the service did
// not answer). `written` holds the values the import itself put in the document, so a later
// lookup may improve them but never overwrites what the user has edited since.
export const sql = `
CREATE TABLE import_lookups (
  document_id TEXT PRIMARY KEY REFERENCES documents (id) ON UPDATE CASCADE ON DELETE CASCADE,
  written TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(written)),
  confidence TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(confidence)),
  filehash TEXT,
  queued_at TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT
) STRICT;
`;
