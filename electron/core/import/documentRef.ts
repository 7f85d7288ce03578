// A document followed across the rename of its temporary `local:` id: the sync engine may
// push a new document (and give it the server's id) while an import still awaits its
// extraction or lookup. The row number stays, so it finds the document under its new id.
import type { Replica } from '../replica/replica.ts';

/** Answers the document's id now, or undefined once it is gone. */
export function followDocument(replica: Replica, id: string): () => string | undefined {
  const rowNo = replica.db.prepare('SELECT row_no FROM documents WHERE id = ?').pluck().get(id) as number | undefined;
  const current = replica.db.prepare('SELECT id FROM documents WHERE row_no = ?').pluck();
  return () => (rowNo === undefined || !replica.db.open ? undefined : (current.get(rowNo) as string | undefined));
}
