// Related items: two-way links between documents of one library, a row per direction.
// A document in the trash keeps its links but no list shows them until it is restored;
// deleting it for good removes them (the foreign keys cascade). Device-local, no outbox.
import type { RelatedDocument } from '../../../shared/bridge/organiseCommands.ts';
import type { Db } from './database.ts';
import { invalid, notFound } from './errors.ts';
import { inTransaction, stmt } from './statements.ts';

function libraryOf(db: Db, id: string): { group_id: string | null; trashed: number } {
  const row = stmt(db, 'SELECT group_id, trashed FROM documents WHERE id = ?').get(id) as { group_id: string | null; trashed: number } | undefined;
  if (!row) throw notFound('Document', id);
  return row;
}

/** The documents related to one, by title; trashed ones (on either side) are not listed. */
export function listRelated(db: Db, documentId: string): RelatedDocument[] {
  if (libraryOf(db, documentId).trashed) return [];
  return stmt(db, `
    SELECT d.id, d.title, d.year, d.type FROM document_relations r JOIN documents d ON d.id = r.related_id
    WHERE r.document_id = ? AND d.trashed = 0
    ORDER BY d.title COLLATE NOCASE, d.id`).all(documentId).map((row) => {
    const { id, title, year, type } = row as RelatedDocument & { year: number | null };
    return year === null ? { id, title, type } : { id, title, year, type };
  }) as RelatedDocument[];
}

export function relateDocuments(db: Db, documentId: string, relatedId: string, now: Date = new Date()): void {
  inTransaction(db, () => {
    if (documentId === relatedId) throw invalid('A document cannot be related to itself', 'relatedId');
    const a = libraryOf(db, documentId);
    const b = libraryOf(db, relatedId);
    if (a.group_id !== b.group_id) throw invalid('Related documents must be in the same library', 'relatedId');
    if (a.trashed || b.trashed) throw invalid('A document in the trash cannot be related: restore it first', 'relatedId');
    const insert = stmt(db, 'INSERT INTO document_relations (document_id, related_id, created) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
    insert.run(documentId, relatedId, now.toISOString());
    insert.run(relatedId, documentId, now.toISOString());
  });
}

/** Removes the link both ways; a link that is not there is no error. */
export function unrelateDocuments(db: Db, documentId: string, relatedId: string): void {
  inTransaction(db, () => {
    stmt(db, 'DELETE FROM document_relations WHERE (document_id = ? AND related_id = ?) OR (document_id = ? AND related_id = ?)')
      .run(documentId, relatedId, relatedId, documentId);
  });
}

/**
 * Gives `toId` the links `fromId` has (a merge of duplicates keeps what they were related to);
 * a link between the two is dropped rather than turned into a link to itself.
 */
export function moveRelations(db: Db, fromId: string, toId: string, now: Date = new Date()): void {
  inTransaction(db, () => {
    const others = stmt(db, 'SELECT related_id FROM document_relations WHERE document_id = ?').pluck().all(fromId) as string[];
    const insert = stmt(db, 'INSERT INTO document_relations (document_id, related_id, created) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
    for (const other of others) {
      if (other === toId) continue;
      insert.run(toId, other, now.toISOString());
      insert.run(other, toId, now.toISOString());
    }
    stmt(db, 'DELETE FROM document_relations WHERE document_id = ? OR related_id = ?').run(fromId, fromId);
  });
}
