// Local edits of folders and of which documents they hold, each in one transaction with its
// outbox entry.
import type { FolderCreate, FolderPatch } from '../../../shared/schemas/folder.ts';
import { keepBaseCopy } from './baseCopies.ts';
import type { Db } from './database.ts';
import { readDocumentRow } from './documentRows.ts';
import { ReplicaError, invalid, notFound } from './errors.ts';
import { readFolderRow, subtreeDeepestFirst, toLocalFolder, type FolderRow } from './folderRows.ts';
import { newLocalId } from './ids.ts';
import { forgetBookkeeping } from './localRecords.ts';
import { recordCreate, recordDelete, recordMembership, recordUpdate } from './outbox.ts';
import { inTransaction, now, stmt } from './statements.ts';
import type { LocalFolder } from './types.ts';
import { validate } from './validation.ts';

function requireFolder(db: Db, id: string): FolderRow {
  const row = readFolderRow(db, id);
  if (!row) throw notFound('Folder', id);
  return row;
}

function requireParentIn(db: Db, parentId: string, groupId: string | null): void {
  const parent = requireFolder(db, parentId);
  if (parent.group_id !== groupId) throw invalid('A folder and its parent must belong to the same library', 'parent_id');
}

export function createFolder(db: Db, input: FolderCreate): LocalFolder {
  validate('folder create', input);
  return inTransaction(db, () => {
    const groupId = input.group_id ?? null;
    if (input.parent_id) requireParentIn(db, input.parent_id, groupId);
    const id = newLocalId();
    stmt(db, 'INSERT INTO folders (id, name, parent_id, group_id, added_local) VALUES (?, ?, ?, ?, ?)').run(
      id, input.name, input.parent_id ?? null, groupId, now(),
    );
    recordCreate(db, 'folder', id);
    return toLocalFolder(readFolderRow(db, id)!);
  });
}

/** Renames and/or moves a folder; parent_id null moves it to the top level. */
export function updateFolder(db: Db, id: string, patch: FolderPatch): LocalFolder {
  validate('folder update', patch);
  return inTransaction(db, () => {
    const row = requireFolder(db, id);
    const changed: string[] = [];
    if (patch.name !== undefined && patch.name !== row.name) changed.push('name');
    if (patch.parent_id !== undefined && (patch.parent_id ?? null) !== row.parent_id) {
      if (patch.parent_id) {
        requireParentIn(db, patch.parent_id, row.group_id);
        if (subtreeDeepestFirst(db, id).includes(patch.parent_id)) {
          throw new ReplicaError('cycle', `The folder "${row.name}" cannot be moved into itself or one of its own subfolders`, 'parent_id');
        }
      }
      changed.push('parent_id');
    }
    if (changed.length === 0) return toLocalFolder(row);
    keepBaseCopy(db, 'folder', id);
    stmt(db, 'UPDATE folders SET name = ?, parent_id = ? WHERE id = ?').run(
      patch.name ?? row.name, patch.parent_id === undefined ? row.parent_id : patch.parent_id, id,
    );
    recordUpdate(db, 'folder', id, changed, row.modified);
    return toLocalFolder(readFolderRow(db, id)!);
  });
}

export const renameFolder = (db: Db, id: string, name: string) => updateFolder(db, id, { name });
export const moveFolder = (db: Db, id: string, parentId: string | null) => updateFolder(db, id, { parent_id: parentId });

/** Deletes the folder and its subfolders; the documents stay in the library. */
export function deleteFolder(db: Db, id: string): void {
  inTransaction(db, () => {
    requireFolder(db, id);
    // Deepest first, so the service never sees a child outlive its parent.
    for (const folderId of subtreeDeepestFirst(db, id)) {
      recordDelete(db, 'folder', folderId, readFolderRow(db, folderId)!.modified);
      forgetBookkeeping(db, 'folder', folderId);
      stmt(db, 'DELETE FROM folders WHERE id = ?').run(folderId);
    }
  });
}

function requireSameLibrary(db: Db, folderId: string, documentId: string): void {
  const folder = requireFolder(db, folderId);
  const doc = readDocumentRow(db, documentId);
  if (!doc) throw notFound('Document', documentId);
  if (doc.group_id !== folder.group_id) throw invalid('A folder holds only documents of its own library', 'document_id');
}

export function addDocumentToFolder(db: Db, folderId: string, documentId: string): void {
  inTransaction(db, () => {
    requireSameLibrary(db, folderId, documentId);
    const added = stmt(db, 'INSERT OR IGNORE INTO folder_documents (folder_id, document_id) VALUES (?, ?)').run(folderId, documentId);
    if (added.changes) recordMembership(db, folderId, documentId, 'link');
  });
}

export function removeDocumentFromFolder(db: Db, folderId: string, documentId: string): void {
  inTransaction(db, () => {
    requireFolder(db, folderId);
    const removed = stmt(db, 'DELETE FROM folder_documents WHERE folder_id = ? AND document_id = ?').run(folderId, documentId);
    if (removed.changes) recordMembership(db, folderId, documentId, 'unlink');
  });
}
