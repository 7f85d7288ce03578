// The identifiers of each document in the form they are compared in (DOI, PMID, arXiv id,
// ISBN; see shared/identifiers/normalise.ts), so "is this catalog record already in the
// library" is an index lookup, not a pass over every document (0.6-0.8 s at 100,000).
// Like document_tags, triggers keep it equal to the identifiers inside each document's JSON
// whoever writes it; the keys come from identifier_key(), which openDatabase() registers
// on every connection (database.ts) before the migrations run.
export const sql = `
CREATE TABLE document_identifiers (
  key TEXT NOT NULL,
  document_id TEXT NOT NULL REFERENCES documents (id) ON UPDATE CASCADE ON DELETE CASCADE,
  PRIMARY KEY (key, document_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX document_identifiers_by_document ON document_identifiers (document_id);

CREATE TRIGGER document_identifiers_on_insert AFTER INSERT ON documents
WHEN json_type(NEW.data, '$.identifiers') = 'object'
BEGIN
  INSERT OR IGNORE INTO document_identifiers (key, document_id)
    SELECT k, NEW.id FROM (SELECT identifier_key(key, value, NEW.type) AS k FROM json_each(NEW.data, '$.identifiers') WHERE type = 'text')
    WHERE k IS NOT NULL;
END;

CREATE TRIGGER document_identifiers_on_update AFTER UPDATE OF data, type ON documents
WHEN json_extract(OLD.data, '$.identifiers') IS NOT json_extract(NEW.data, '$.identifiers') OR OLD.type IS NOT NEW.type
BEGIN
  DELETE FROM document_identifiers WHERE document_id = NEW.id;
  INSERT OR IGNORE INTO document_identifiers (key, document_id)
    SELECT k, NEW.id FROM (SELECT identifier_key(key, value, NEW.type) AS k FROM json_each(NEW.data, '$.identifiers') WHERE type = 'text')
    WHERE k IS NOT NULL;
END;

INSERT OR IGNORE INTO document_identifiers (key, document_id)
  SELECT k, id FROM (SELECT identifier_key(j.key, j.value, d.type) AS k, d.id AS id
                     FROM documents d, json_each(d.data, '$.identifiers') j
                     WHERE json_type(d.data, '$.identifiers') = 'object' AND j.type = 'text')
  WHERE k IS NOT NULL;
`;
