// Whether the personal library already holds a catalog document: a document added from that
// record on this device (catalog_links, migration 0005), else one with the same DOI, PMID,
// arXiv id or ISBN (compared in the catalog's normal forms; an ISBN only between whole
// works, never a chapter's). Documents in the trash do not count.
import type { Db } from './database.ts';
import { identifierKey, MATCHED_KINDS } from './identifierKeys.ts';
import { stmt } from './statements.ts';

export interface CatalogRecordRef {
  id: string;
  type?: string;
  identifiers?: Partial<Record<string, unknown>>;
}

function keysOf(type: string | undefined, identifiers: Partial<Record<string, unknown>> | undefined): string[] {
  return MATCHED_KINDS.flatMap((kind) => identifierKey(kind, identifiers?.[kind], type) ?? []);
}

export function linkCatalogRecord(db: Db, documentId: string, catalogId: string): void {
  stmt(db, 'INSERT OR REPLACE INTO catalog_links (document_id, catalog_id) VALUES (?, ?)').run(documentId, catalogId);
}

/** Catalog id -> id of the personal library's document holding that record, for those it holds. */
export function libraryCopiesOf(db: Db, records: readonly CatalogRecordRef[]): Map<string, string> {
  const found = new Map<string, string>();
  if (!records.length) return found;
  const linked = stmt(db, `SELECT l.catalog_id AS catalog_id, l.document_id AS document_id FROM catalog_links l
                           JOIN documents d ON d.id = l.document_id
                           WHERE l.catalog_id IN (SELECT value FROM json_each(?)) AND d.group_id IS NULL AND d.trashed = 0
                           ORDER BY d.row_no`).all(JSON.stringify(records.map((r) => r.id))) as { catalog_id: string; document_id: string }[];
  for (const row of linked) if (!found.has(row.catalog_id)) found.set(row.catalog_id, row.document_id);

  const wanted = new Map<string, string[]>();
  for (const record of records) {
    if (found.has(record.id)) continue;
    for (const key of keysOf(record.type, record.identifiers)) wanted.set(key, [...(wanted.get(key) ?? []), record.id]);
  }
  if (!wanted.size) return found;
  // An index lookup per key (document_identifiers, kept by triggers).
  // CROSS JOIN: the keys drive (left to right); left to itself the planner walked every document.
  const rows = stmt(db, `SELECT i.key AS key, d.id AS id FROM document_identifiers i CROSS JOIN documents d ON d.id = i.document_id
                         WHERE i.key IN (SELECT value FROM json_each(?)) AND d.group_id IS NULL AND d.trashed = 0
                         ORDER BY d.row_no`).all(JSON.stringify([...wanted.keys()])) as { key: string; id: string }[];
  for (const row of rows) {
    for (const catalogId of wanted.get(row.key) ?? []) if (!found.has(catalogId)) found.set(catalogId, row.id);
  }
  return found;
}
