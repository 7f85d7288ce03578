// Which library document was added from which catalog document ("add to library"), so that
// adding the same record again finds the copy. Local to this device: the service keeps no
// such field, and a copy that came from another device is found by its identifiers instead.
export const sql = `
CREATE TABLE catalog_links (
  document_id TEXT PRIMARY KEY REFERENCES documents (id) ON UPDATE CASCADE ON DELETE CASCADE,
  catalog_id TEXT NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX catalog_links_by_catalog_id ON catalog_links (catalog_id);
`;
