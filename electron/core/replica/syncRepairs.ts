// Repairs the sync engine makes when the two sides disagree about a row's existence:
// a row deleted on the service but edited here is pushed again as a new row (the edit is
// never lost), and a local deletion of a row someone else edited meanwhile is undone and
// recorded as a conflict on the whole row ('$row') for the person to decide.
import type { Db } from './database.ts';
import { forgetBookkeeping } from './localRecords.ts';
import { recordCreate, recordMembership } from './outbox.ts';
import { TABLE_OF } from './remapId.ts';
import { inTransaction, stmt } from './statements.ts';
import type { EntityKind } from './types.ts';

/** The field name of a conflict about the row itself (deleted on one side, edited on the other). */
export const ROW_CONFLICT_FIELD = '$row';

function recreateOne(db: Db, kind: EntityKind, id: string): void {
  stmt(db, 'DELETE FROM outbox WHERE kind = ? AND entity_id = ?').run(kind, id);
  forgetBookkeeping(db, kind, id);
  recordCreate(db, kind, id);
}

/**
 * The service no longer has this row but the replica keeps it (with its edits): it becomes
 * a row never pushed, and is created again on the next push. A document takes along its
 * annotations, the files whose bytes are here, and its folder links (the service dropped
 * all of them with it); files without local bytes cannot be uploaded again and go.
 */
export function recreateRow(db: Db, kind: EntityKind, id: string): boolean {
  return inTransaction(db, () => {
    if (!stmt(db, `SELECT 1 FROM ${TABLE_OF[kind]} WHERE id = ?`).get(id)) return false;
    recreateOne(db, kind, id);
    if (kind === 'document') {
      for (const annotation of stmt(db, 'SELECT id FROM annotations WHERE document_id = ?').pluck().all(id) as string[]) recreateOne(db, 'annotation', annotation);
      for (const file of stmt(db, 'SELECT id, local_path FROM files WHERE document_id = ?').all(id) as { id: string; local_path: string | null }[]) {
        if (file.local_path) recreateOne(db, 'file', file.id);
        else {
          stmt(db, `DELETE FROM outbox WHERE kind = 'file' AND entity_id = ?`).run(file.id);
          forgetBookkeeping(db, 'file', file.id);
          stmt(db, 'DELETE FROM files WHERE id = ?').run(file.id);
        }
      }
      stmt(db, `DELETE FROM outbox WHERE kind = 'folder' AND target_id = ?`).run(id);
      for (const folder of stmt(db, 'SELECT folder_id FROM folder_documents WHERE document_id = ?').pluck().all(id) as string[]) {
        recordMembership(db, folder, id, 'link');
      }
    } else if (kind === 'folder') {
      stmt(db, `DELETE FROM outbox WHERE kind = 'folder' AND entity_id = ? AND op IN ('link', 'unlink')`).run(id);
      for (const documentId of stmt(db, 'SELECT document_id FROM folder_documents WHERE folder_id = ?').pluck().all(id) as string[]) {
        recordMembership(db, id, documentId, 'link');
      }
    }
    return true;
  });
}
