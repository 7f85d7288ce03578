// Local additions and removals of file metadata. Uploading the bytes is the sync engine's
// job (it reads local_path); the outbox entry says a file is waiting to be uploaded.
import type { Db } from './database.ts';
import { readDocumentRow } from './documentRows.ts';
import { invalid, notFound } from './errors.ts';
import { readFileRow, refreshFileAttached, toLocalFile, type FileRow } from './fileRows.ts';
import { newLocalId } from './ids.ts';
import { forgetBookkeeping } from './localRecords.ts';
import { recordCreate, recordDelete } from './outbox.ts';
import { inTransaction, now, stmt } from './statements.ts';
import type { LocalFile } from './types.ts';

export type NewFile = Omit<LocalFile, 'id'>;

function checkNewFile(input: NewFile): void {
  if (!/^[0-9a-f]{40}$/i.test(input.filehash ?? '')) throw invalid('Invalid file: filehash must be the SHA-1 of the file, 40 hex digits', 'filehash');
  if (typeof input.file_name !== 'string' || !input.file_name.trim()) throw invalid('Invalid file: file_name must not be empty', 'file_name');
  if (input.file_name.length > 255) throw invalid('Invalid file: file_name is too long: at most 255 characters', 'file_name');
  if (typeof input.mime_type !== 'string' || !/^[\w.+-]+\/[\w.+-]+$/.test(input.mime_type)) throw invalid('Invalid file: mime_type must look like type/subtype', 'mime_type');
  if (!Number.isSafeInteger(input.size) || input.size < 0) throw invalid('Invalid file: size must be a whole number of bytes', 'size');
}

export function addFile(db: Db, input: NewFile): LocalFile {
  checkNewFile(input);
  return inTransaction(db, () => {
    if (!readDocumentRow(db, input.document_id)) throw notFound('Document', input.document_id);
    const id = newLocalId();
    stmt(db, `INSERT INTO files (id, document_id, filehash, file_name, mime_type, size, local_path, added_local) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(
      id, input.document_id, input.filehash.toLowerCase(), input.file_name, input.mime_type, input.size, input.local_path ?? null, now(),
    );
    recordCreate(db, 'file', id);
    refreshFileAttached(db, input.document_id);
    return toLocalFile(readFileRow(db, id)!);
  });
}

export function removeFile(db: Db, id: string): void {
  inTransaction(db, () => {
    const row = readFileRow(db, id);
    if (!row) throw notFound('File', id);
    recordDelete(db, 'file', id, null);
    forgetBookkeeping(db, 'file', id);
    stmt(db, 'DELETE FROM files WHERE id = ?').run(id);
    refreshFileAttached(db, row.document_id);
  });
}

/** Records where the bytes are on this machine (null: not downloaded); never pushed. */
export function setFileLocalPath(db: Db, id: string, localPath: string | null): void {
  const result = stmt(db, 'UPDATE files SET local_path = ? WHERE id = ?').run(localPath, id);
  if (!result.changes) throw notFound('File', id);
}

export function listFiles(db: Db, documentId: string): LocalFile[] {
  return (stmt(db, 'SELECT * FROM files WHERE document_id = ? ORDER BY added_local, id').all(documentId) as FileRow[]).map(toLocalFile);
}

/** Files whose bytes a pending upload still needs: the file store must keep them. */
export function filesAwaitingUpload(db: Db): LocalFile[] {
  return (stmt(db, `SELECT f.* FROM files f JOIN outbox o ON o.kind = 'file' AND o.entity_id = f.id AND o.op = 'create' ORDER BY o.seq`).all() as FileRow[]).map(toLocalFile);
}
