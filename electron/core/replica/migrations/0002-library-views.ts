// What the library window lists besides the first schema's sorts: documents by when they
// were last opened (Recently Read), by the read/starred/file flags, and by tag; and the
// local ids a push has replaced.
//
// Tags live inside documents.data; document_tags mirrors them through triggers, so every
// writer (local edits, pulls, bulk loads, id remaps by cascade) keeps it true without
// knowing of it, and a tag filter or the sidebar's tag list is an index walk.
export const sql = `
ALTER TABLE documents ADD COLUMN last_opened_local TEXT;
CREATE INDEX documents_by_opened ON documents (group_id, trashed, last_opened_local, id) WHERE last_opened_local IS NOT NULL;
CREATE INDEX documents_by_read ON documents (group_id, trashed, read, sort_title, id);
CREATE INDEX documents_by_starred ON documents (group_id, trashed, starred, sort_title, id);
CREATE INDEX documents_by_file ON documents (group_id, trashed, file_attached, sort_title, id);

-- A temporary local: id keeps answering after a push gave its row the server's id: the
-- window may still hold the old id (a selection, an open dialog) when it next asks.
CREATE TABLE id_aliases (
  local_id TEXT PRIMARY KEY,
  server_id TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE document_tags (
  tag TEXT NOT NULL,
  document_id TEXT NOT NULL REFERENCES documents (id) ON UPDATE CASCADE ON DELETE CASCADE,
  PRIMARY KEY (tag, document_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX document_tags_by_document ON document_tags (document_id);

CREATE TRIGGER document_tags_on_insert AFTER INSERT ON documents
WHEN json_type(NEW.data, '$.tags') = 'array'
BEGIN
  INSERT OR IGNORE INTO document_tags (tag, document_id)
    SELECT value, NEW.id FROM json_each(NEW.data, '$.tags') WHERE type = 'text' AND value <> '';
END;

CREATE TRIGGER document_tags_on_update AFTER UPDATE OF data ON documents
WHEN json_extract(OLD.data, '$.tags') IS NOT json_extract(NEW.data, '$.tags')
BEGIN
  DELETE FROM document_tags WHERE document_id = NEW.id;
  INSERT OR IGNORE INTO document_tags (tag, document_id)
    SELECT value, NEW.id FROM json_each(NEW.data, '$.tags') WHERE type = 'text' AND value <> '';
END;

INSERT OR IGNORE INTO document_tags (tag, document_id)
  SELECT t.value, d.id FROM documents d, json_each(d.data, '$.tags') t
  WHERE json_type(d.data, '$.tags') = 'array' AND t.type = 'text' AND t.value <> '';
`;
