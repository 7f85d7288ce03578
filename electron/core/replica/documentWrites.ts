// Local edits of documents: each changes the row, its search entry and the outbox in one
// transaction, so what the UI shows and what the sync engine will push never disagree.
import type { DocumentCreate, DocumentFields, DocumentPatch } from '../../../shared/schemas/document.ts';
import { keepBaseCopy } from './baseCopies.ts';
import type { Db } from './database.ts';
import { pickDocumentFields, readDocumentRow, storedDocument, toLocalDocument, writeDocument, DEFAULT_DOCUMENT_TYPE, type DocumentRow } from './documentRows.ts';
import { ReplicaError, notFound } from './errors.ts';
import { newLocalId } from './ids.ts';
import { forgetBookkeeping, forgetDependentsOfDocument } from './localRecords.ts';
import { recordCreate, recordDelete, recordTrashOrRestore, recordUpdate } from './outbox.ts';
import { reindexDocument } from './searchIndex.ts';
import { inTransaction, now, stmt } from './statements.ts';
import type { LocalDocument } from './types.ts';
import { validate } from './validation.ts';

export type NewDocument = Omit<DocumentCreate, 'id' | 'profile_id'>;

function requireRow(db: Db, id: string): DocumentRow {
  const row = readDocumentRow(db, id);
  if (!row) throw notFound('Document', id);
  return row;
}

export function createDocument(db: Db, input: NewDocument): LocalDocument {
  validate('document create', input);
  return inTransaction(db, () => {
    const id = newLocalId();
    const time = now();
    const data = pickDocumentFields(input as Record<string, unknown>);
    data.type ??= DEFAULT_DOCUMENT_TYPE;
    writeDocument(db, {
      id, group_id: input.group_id ?? null, profile_id: null, created: null, last_modified: null,
      added_local: time, modified_local: time, trashed: false, data,
    });
    reindexDocument(db, id);
    recordCreate(db, 'document', id);
    return toLocalDocument(readDocumentRow(db, id)!);
  });
}

/** Applies a patch (null clears a field); only fields whose value really changes are pushed. */
export function updateDocument(db: Db, id: string, patch: DocumentPatch): LocalDocument {
  validate('document update', patch);
  return inTransaction(db, () => {
    const row = requireRow(db, id);
    if (row.trashed) throw new ReplicaError('state', 'This document is in the trash: restore it before editing it');
    const stored = storedDocument(row);
    const data: Record<string, unknown> = { ...stored.data };
    const changed: string[] = [];
    for (const [field, value] of Object.entries(patch)) {
      if (JSON.stringify(data[field] ?? null) === JSON.stringify(value ?? null)) continue;
      if (value === null || value === undefined) delete data[field];
      else data[field] = value;
      changed.push(field);
    }
    if (changed.length === 0) return toLocalDocument(row);
    keepBaseCopy(db, 'document', id);
    writeDocument(db, { ...stored, data: data as DocumentFields, modified_local: now() });
    reindexDocument(db, id);
    recordUpdate(db, 'document', id, changed, row.last_modified);
    return toLocalDocument(readDocumentRow(db, id)!);
  });
}

function setTrashed(db: Db, id: string, trashed: boolean): void {
  inTransaction(db, () => {
    const row = requireRow(db, id);
    if ((row.trashed === 1) === trashed) return;
    keepBaseCopy(db, 'document', id);
    stmt(db, 'UPDATE documents SET trashed = ?, modified_local = ? WHERE id = ?').run(trashed ? 1 : 0, now(), id);
    recordTrashOrRestore(db, id, trashed ? 'trash' : 'restore', row.last_modified);
  });
}

export const trashDocument = (db: Db, id: string): void => setTrashed(db, id, true);
export const restoreDocument = (db: Db, id: string): void => setTrashed(db, id, false);

/** Deletes for good, with its annotations, files and folder links. */
export function deleteDocument(db: Db, id: string): void {
  inTransaction(db, () => {
    const row = requireRow(db, id);
    forgetDependentsOfDocument(db, id);
    recordDelete(db, 'document', id, row.last_modified);
    forgetBookkeeping(db, 'document', id);
    stmt(db, 'DELETE FROM documents WHERE id = ?').run(id);
  });
}

/** Stores the text extracted from the document's PDF for search; local only, never pushed. */
export function setDocumentFulltext(db: Db, id: string, text: string | null): void {
  inTransaction(db, () => {
    requireRow(db, id);
    if (text === null) stmt(db, 'DELETE FROM document_fulltext WHERE document_id = ?').run(id);
    else stmt(db, 'INSERT INTO document_fulltext (document_id, text) VALUES (?, ?) ON CONFLICT (document_id) DO UPDATE SET text = excluded.text').run(id, text);
    reindexDocument(db, id);
  });
}
