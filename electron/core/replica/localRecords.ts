// Bookkeeping shared by local writes and pulls: base copies and conflicts of a row go away
// with the row.
import type { Db } from './database.ts';
import { stmt } from './statements.ts';
import type { EntityKind } from './types.ts';

export function forgetBookkeeping(db: Db, kind: EntityKind, id: string): void {
  stmt(db, 'DELETE FROM base_copies WHERE kind = ? AND id = ?').run(kind, id);
  stmt(db, 'DELETE FROM conflicts WHERE kind = ? AND id = ?').run(kind, id);
}

/**
 * Annotations and files go with their document (foreign keys cascade the rows); their
 * pending entries, base copies and conflicts, and folder links naming it, go too: the
 * service removes them along with the document.
 */
export function forgetDependentsOfDocument(db: Db, documentId: string): void {
  const annotations = stmt(db, 'SELECT id FROM annotations WHERE document_id = ?').pluck().all(documentId) as string[];
  const files = stmt(db, 'SELECT id FROM files WHERE document_id = ?').pluck().all(documentId) as string[];
  for (const [kind, ids] of [['annotation', annotations], ['file', files]] as const) {
    for (const id of ids) {
      stmt(db, 'DELETE FROM outbox WHERE kind = ? AND entity_id = ?').run(kind, id);
      forgetBookkeeping(db, kind, id);
    }
  }
  stmt(db, `DELETE FROM outbox WHERE kind = 'folder' AND target_id = ?`).run(documentId);
}
