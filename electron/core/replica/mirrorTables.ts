// Tables that mirror fields inside documents.data: document_tags (migration 0002) and
// document_identifiers (migration 0006). Triggers keep them true row by row; a bulk load
// (bulkLoad.ts) drops the triggers with the sort indexes and rebuilds both tables in one
// pass when it finishes, which costs a fraction of firing them for 100,000 rows.
//
// The trigger texts are exactly those the migrations create (a test compares them); a
// migration that changes one changes it here too.
export const MIRROR_TRIGGERS: ReadonlyArray<readonly [name: string, sql: string]> = [
  ['document_tags_on_insert', `CREATE TRIGGER document_tags_on_insert AFTER INSERT ON documents
WHEN json_type(NEW.data, '$.tags') = 'array'
BEGIN
  INSERT OR IGNORE INTO document_tags (tag, document_id)
    SELECT value, NEW.id FROM json_each(NEW.data, '$.tags') WHERE type = 'text' AND value <> '';
END`],
  ['document_tags_on_update', `CREATE TRIGGER document_tags_on_update AFTER UPDATE OF data ON documents
WHEN json_extract(OLD.data, '$.tags') IS NOT json_extract(NEW.data, '$.tags')
BEGIN
  DELETE FROM document_tags WHERE document_id = NEW.id;
  INSERT OR IGNORE INTO document_tags (tag, document_id)
    SELECT value, NEW.id FROM json_each(NEW.data, '$.tags') WHERE type = 'text' AND value <> '';
END`],
  ['document_identifiers_on_insert', `CREATE TRIGGER document_identifiers_on_insert AFTER INSERT ON documents
WHEN json_type(NEW.data, '$.identifiers') = 'object'
BEGIN
  INSERT OR IGNORE INTO document_identifiers (key, document_id)
    SELECT k, NEW.id FROM (SELECT identifier_key(key, value, NEW.type) AS k FROM json_each(NEW.data, '$.identifiers') WHERE type = 'text')
    WHERE k IS NOT NULL;
END`],
  ['document_identifiers_on_update', `CREATE TRIGGER document_identifiers_on_update AFTER UPDATE OF data, type ON documents
WHEN json_extract(OLD.data, '$.identifiers') IS NOT json_extract(NEW.data, '$.identifiers') OR OLD.type IS NOT NEW.type
BEGIN
  DELETE FROM document_identifiers WHERE document_id = NEW.id;
  INSERT OR IGNORE INTO document_identifiers (key, document_id)
    SELECT k, NEW.id FROM (SELECT identifier_key(key, value, NEW.type) AS k FROM json_each(NEW.data, '$.identifiers') WHERE type = 'text')
    WHERE k IS NOT NULL;
END`],
];

/** Both tables rebuilt from the documents, as the migrations first filled them. */
export const REBUILD_MIRRORS = `
DELETE FROM document_tags;
INSERT OR IGNORE INTO document_tags (tag, document_id)
  SELECT t.value, d.id FROM documents d, json_each(d.data, '$.tags') t
  WHERE json_type(d.data, '$.tags') = 'array' AND t.type = 'text' AND t.value <> '';
DELETE FROM document_identifiers;
INSERT OR IGNORE INTO document_identifiers (key, document_id)
  SELECT k, id FROM (SELECT identifier_key(j.key, j.value, d.type) AS k, d.id AS id
                     FROM documents d, json_each(d.data, '$.identifiers') j
                     WHERE json_type(d.data, '$.identifiers') = 'object' AND j.type = 'text')
  WHERE k IS NOT NULL;
`;
