// The import's questions to the replica: which document holds some bytes already, and
// which id a document has now that a push may have renamed it.
import type { Db } from './database.ts';
import { stmt } from './statements.ts';

/** The document already holding these bytes (the one outside the trash first), if any. */
export function documentWithFile(db: Db, sha1: string, groupId: string | null = null): { id: string; trashed: boolean } | undefined {
  // One library's copy: the same PDF may be in the personal library and in a group's.
  const row = stmt(db, 'SELECT d.id, d.trashed FROM files f JOIN documents d ON d.id = f.document_id WHERE f.filehash = ? AND d.group_id IS ? ORDER BY d.trashed LIMIT 1')
    .get(sha1.toLowerCase(), groupId) as { id: string; trashed: number } | undefined;
  return row ? { id: row.id, trashed: row.trashed === 1 } : undefined;
}

/**
 * A document followed across the rename of its temporary `local:` id: the sync engine may
 * push a new document (and give it the server's id) while an import still awaits its
 * extraction or lookup. The row number stays, so it finds the document under its new id.
 * Answers the document's id now, or undefined once it is gone (or the replica closed).
 */
export function followDocument(db: Db, id: string): () => string | undefined {
  const rowNo = stmt(db, 'SELECT row_no FROM documents WHERE id = ?').pluck().get(id) as number | undefined;
  return () => (rowNo === undefined || !db.open ? undefined : (stmt(db, 'SELECT id FROM documents WHERE row_no = ?').pluck().get(rowNo) as string | undefined));
}
