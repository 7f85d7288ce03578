// Related items: a link between two documents, kept as one row per direction so each side
// lists the other with one index lookup. Renames of a new document's id cascade; deleting a
// document for good removes its links. Local to this device: the service's document has no
// field that could carry them.
// Harmless to run again (a file rewound to an older schema version).
export const sql = `
CREATE TABLE IF NOT EXISTS document_relations (
  document_id TEXT NOT NULL REFERENCES documents (id) ON UPDATE CASCADE ON DELETE CASCADE,
  related_id TEXT NOT NULL REFERENCES documents (id) ON UPDATE CASCADE ON DELETE CASCADE,
  created TEXT NOT NULL,
  PRIMARY KEY (document_id, related_id),
  CHECK (document_id <> related_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS document_relations_by_related_id ON document_relations (related_id);
`;
