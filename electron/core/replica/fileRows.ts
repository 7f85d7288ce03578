// File metadata rows (the bytes live in the content-addressed store, found by filehash).
import type { Db } from './database.ts';
import { readDocumentRow, storedDocument, writeDocument } from './documentRows.ts';
import { stmt } from './statements.ts';
import type { LocalFile } from './types.ts';

export interface FileRow {
  id: string;
  document_id: string;
  filehash: string;
  file_name: string;
  mime_type: string;
  size: number;
  local_path: string | null;
  added_local: string;
}

export function readFileRow(db: Db, id: string): FileRow | undefined {
  return stmt(db, 'SELECT * FROM files WHERE id = ?').get(id) as FileRow | undefined;
}

export function toLocalFile(row: FileRow): LocalFile {
  const file: LocalFile = {
    id: row.id, document_id: row.document_id, filehash: row.filehash, file_name: row.file_name, mime_type: row.mime_type, size: row.size,
  };
  if (row.local_path !== null) file.local_path = row.local_path;
  return file;
}

/**
 * The service derives a document's file_attached from its files; the replica does the same
 * at once, so the "has PDF" column is right offline. Not pushed: the server sets it itself.
 */
export function refreshFileAttached(db: Db, documentId: string): void {
  const row = readDocumentRow(db, documentId);
  if (!row) return;
  const attached = stmt(db, 'SELECT EXISTS (SELECT 1 FROM files WHERE document_id = ?)').pluck().get(documentId) === 1;
  const stored = storedDocument(row);
  if ((stored.data.file_attached ?? false) === attached) return;
  writeDocument(db, { ...stored, data: { ...stored.data, file_attached: attached } });
}
