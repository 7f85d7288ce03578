// The replica's local writes: each edit validated and written in one transaction with its
// outbox entry, so the sync engine pushes exactly what was changed here. `transaction`
// joins several edits into one (a PDF import: document, file, folder membership).
import type { AnnotationPatch } from '../../../shared/schemas/annotation.ts';
import type { DocumentPatch } from '../../../shared/schemas/document.ts';
import type { FolderCreate, FolderPatch } from '../../../shared/schemas/folder.ts';
import { createAnnotation, deleteAnnotation, updateAnnotation, type NewAnnotation } from './annotationWrites.ts';
import { linkCatalogRecord } from './catalogCopies.ts';
import { resolveConflict } from './conflicts.ts';
import type { Db } from './database.ts';
import { moveRelations, relateDocuments, unrelateDocuments } from './documentRelations.ts';
import { markOpened } from './documentQueries.ts';
import { createDocument, deleteDocument, restoreDocument, setDocumentFulltext, trashDocument, updateDocument, type NewDocument } from './documentWrites.ts';
import { addFile, removeFile, setFileLocalPath, type NewFile } from './fileWrites.ts';
import { addDocumentToFolder, createFolder, deleteFolder, moveFolder, removeDocumentFromFolder, renameFolder, updateFolder } from './folderWrites.ts';
import { forgetGroupLibrary } from './groupLibraries.ts';
import { createLookupQueue } from './importLookups.ts';
import { rememberProfileNames } from './profileNames.ts';
import { deleteSavedSearch, renameSavedSearch, saveSearch } from './savedSearches.ts';
import { inTransaction } from './statements.ts';
import type { SavedSearchCriteria } from '../../../shared/bridge/organiseCommands.ts';
import type { ConflictResolution, EntityKind } from './types.ts';

export function replicaWrites(db: Db) {
  return {
    /** Runs fn as one transaction: every write in it happens, or none does. */
    transaction: <T>(fn: () => T): T => inTransaction(db, fn),

    createDocument: (input: NewDocument) => createDocument(db, input),
    updateDocument: (id: string, patch: DocumentPatch) => updateDocument(db, id, patch),
    trashDocument: (id: string) => trashDocument(db, id),
    restoreDocument: (id: string) => restoreDocument(db, id),
    deleteDocument: (id: string) => deleteDocument(db, id),
    /** The search index's full text of a document (device-local, never pushed). */
    setDocumentFulltext: (id: string, text: string | null) => setDocumentFulltext(db, id, text),
    markOpened: (id: string) => markOpened(db, id),
    /** Remembers that a document was added from a catalog document. */
    linkCatalogRecord: (documentId: string, catalogId: string) => linkCatalogRecord(db, documentId, catalogId),

    createFolder: (input: FolderCreate) => createFolder(db, input),
    updateFolder: (id: string, patch: FolderPatch) => updateFolder(db, id, patch),
    renameFolder: (id: string, name: string) => renameFolder(db, id, name),
    moveFolder: (id: string, parentId: string | null) => moveFolder(db, id, parentId),
    deleteFolder: (id: string) => deleteFolder(db, id),
    addDocumentToFolder: (folderId: string, documentId: string) => addDocumentToFolder(db, folderId, documentId),
    removeDocumentFromFolder: (folderId: string, documentId: string) => removeDocumentFromFolder(db, folderId, documentId),

    createAnnotation: (input: NewAnnotation) => createAnnotation(db, input),
    updateAnnotation: (id: string, patch: AnnotationPatch) => updateAnnotation(db, id, patch),
    deleteAnnotation: (id: string) => deleteAnnotation(db, id),
    addFile: (input: NewFile) => addFile(db, input),
    removeFile: (id: string) => removeFile(db, id),
    /** Where a file's bytes are on this machine (device-local, never pushed). */
    setFileLocalPath: (id: string, localPath: string | null) => setFileLocalPath(db, id, localPath),

    resolveConflict: (kind: EntityKind, id: string, field: string, resolution: ConflictResolution) => resolveConflict(db, kind, id, field, resolution),
    /** A group the user left: its library leaves the replica. */
    forgetGroupLibrary: (groupId: string) => forgetGroupLibrary(db, groupId),
    /** Names the people area fetched, kept for offline display. */
    rememberProfileNames: (names: readonly { id: string; name: string }[]) => rememberProfileNames(db, names),
    /** Imported documents waiting for their catalog lookup. */
    importLookups: createLookupQueue(db),

    /** Saved searches and related items: device-local rows, no outbox entry (the service has no place for them). */
    saveSearch: (name: string, criteria: SavedSearchCriteria) => saveSearch(db, name, criteria),
    renameSavedSearch: (id: string, name: string) => renameSavedSearch(db, id, name),
    deleteSavedSearch: (id: string) => deleteSavedSearch(db, id),
    relateDocuments: (documentId: string, relatedId: string) => relateDocuments(db, documentId, relatedId),
    unrelateDocuments: (documentId: string, relatedId: string) => unrelateDocuments(db, documentId, relatedId),
    /** A merge: the master takes the links of a duplicate it absorbs. */
    moveRelations: (fromId: string, toId: string) => moveRelations(db, fromId, toId),
  };
}

export type ReplicaWrites = ReturnType<typeof replicaWrites>;
