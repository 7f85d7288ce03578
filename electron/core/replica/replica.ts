// The desktop's local replica of the library: one SQLite file, opened once by the core.
// Every method is synchronous (better-sqlite3) and every write is one transaction.
import type { AnnotationPatch } from '../../../shared/schemas/annotation.ts';
import type { DocumentPatch } from '../../../shared/schemas/document.ts';
import type { FolderCreate, FolderPatch } from '../../../shared/schemas/folder.ts';
import { createAnnotation, deleteAnnotation, listAnnotations, updateAnnotation, type NewAnnotation } from './annotationWrites.ts';
import { readAnnotationRow, toLocalAnnotation } from './annotationRows.ts';
import { getBaseCopy } from './baseCopies.ts';
import { beginBulkLoad, finishBulkLoad } from './bulkLoad.ts';
import { libraryCopiesOf, linkCatalogRecord, type CatalogRecordRef } from './catalogCopies.ts';
import { createWriteMemo } from './writeMemo.ts';
import { dropPendingField, listConflicts, recordConflict, resolveConflict } from './conflicts.ts';
import { holdPush, listHeldPushes, resolveHeldPush, type HeldChoice } from './heldPushes.ts';
import { recreateRow } from './syncRepairs.ts';
import { openDatabase, type Db } from './database.ts';
import { countDocuments, countSearchResults, filterKey, getDocument, listDocuments, listTags, markOpened, searchDocuments, type DocumentFilter, type DocumentListQuery, type SearchCountOptions, type SearchQuery } from './documentQueries.ts';
import { createDocument, deleteDocument, restoreDocument, setDocumentFulltext, trashDocument, updateDocument, type NewDocument } from './documentWrites.ts';
import { readField, writeField } from './entityFields.ts';
import { addFile, filesAwaitingUpload, listFiles, removeFile, setFileLocalPath, type NewFile } from './fileWrites.ts';
import { folderTree, foldersOfDocument, getFolder } from './folderQueries.ts';
import { forgetGroupLibrary, roleInGroup } from './groupLibraries.ts';
import { addDocumentToFolder, createFolder, deleteFolder, moveFolder, removeDocumentFromFolder, renameFolder, updateFolder } from './folderWrites.ts';
import { countOutbox, listOutbox, markCreateSent, outboxEntry, pendingState, recordPushFailure } from './outbox.ts';
import { completePush, rebasePending } from './pushResults.ts';
import { currentIdOf, remapId } from './remapId.ts';
import {
  applyRemote, applyRemoteBatch, applyRemoteDeletion, applyRemoteDeletions, applyRemoteFolderDocuments,
  type ApplyOptions, type ServerJson, type WatermarkUpdate,
} from './remoteApply.ts';
import { profileNamesOf, rememberProfileNames, unnamedAuthors } from './profileNames.ts';
import { getProfile, getWatermark, listGroups, setGroups, setProfile, setWatermark, type GroupRecord } from './syncState.ts';
import type { Conflict, ConflictResolution, EntityKind, Watermark } from './types.ts';

export function openReplica(file: string) {
  const db: Db = openDatabase(file);
  // A bulk load stopped by a crash or a quit: the indexes are built before anything reads.
  finishBulkLoad(db);
  const memo = createWriteMemo(db);
  return {
    db,
    close: (): void => void db.close(),

    // Documents
    createDocument: (input: NewDocument) => createDocument(db, input),
    updateDocument: (id: string, patch: DocumentPatch) => updateDocument(db, id, patch),
    trashDocument: (id: string) => trashDocument(db, id),
    restoreDocument: (id: string) => restoreDocument(db, id),
    deleteDocument: (id: string) => deleteDocument(db, id),
    setDocumentFulltext: (id: string, text: string | null) => setDocumentFulltext(db, id, text),
    getDocument: (id: string) => getDocument(db, id),
    listDocuments: (query?: DocumentListQuery) => listDocuments(db, query),
    // Counts cost a walk over every matching row: a sort, a scroll or a repeated query
    // between two writes answers them from memory.
    countDocuments: (filter: DocumentFilter = {}) => memo.get(`count:${filterKey(filter)}`, () => countDocuments(db, filter)),
    searchDocuments: (text: string, query?: SearchQuery) => searchDocuments(db, text, query),
    countSearchResults: (text: string, filter: SearchCountOptions = {}) =>
      memo.get(`search:${text}:${filterKey(filter)}`, () => countSearchResults(db, text, filter)),
    listTags: (groupId?: string | null) => memo.get(`tags:${groupId ?? ''}`, () => listTags(db, groupId ?? null)),
    markOpened: (id: string) => markOpened(db, id),
    /** The id a row has now, when a push replaced this temporary id; else undefined. */
    currentIdOf: (id: string) => currentIdOf(db, id),
    /** Remembers that a document was added from a catalog document. */
    linkCatalogRecord: (documentId: string, catalogId: string) => linkCatalogRecord(db, documentId, catalogId),
    /** Catalog id -> the personal library's document that holds the record (by link, else identifiers). */
    libraryCopiesOf: (records: readonly CatalogRecordRef[]) => libraryCopiesOf(db, records),

    // Folders
    createFolder: (input: FolderCreate) => createFolder(db, input),
    updateFolder: (id: string, patch: FolderPatch) => updateFolder(db, id, patch),
    renameFolder: (id: string, name: string) => renameFolder(db, id, name),
    moveFolder: (id: string, parentId: string | null) => moveFolder(db, id, parentId),
    deleteFolder: (id: string) => deleteFolder(db, id),
    addDocumentToFolder: (folderId: string, documentId: string) => addDocumentToFolder(db, folderId, documentId),
    removeDocumentFromFolder: (folderId: string, documentId: string) => removeDocumentFromFolder(db, folderId, documentId),
    folderTree: (groupId?: string | null) => folderTree(db, groupId ?? null),
    getFolder: (id: string) => getFolder(db, id),
    foldersOfDocument: (documentId: string) => foldersOfDocument(db, documentId),

    // Annotations and files
    createAnnotation: (input: NewAnnotation) => createAnnotation(db, input),
    updateAnnotation: (id: string, patch: AnnotationPatch) => updateAnnotation(db, id, patch),
    deleteAnnotation: (id: string) => deleteAnnotation(db, id),
    listAnnotations: (documentId: string) => listAnnotations(db, documentId),
    getAnnotation: (id: string) => { const row = readAnnotationRow(db, id); return row && toLocalAnnotation(row); },
    addFile: (input: NewFile) => addFile(db, input),
    removeFile: (id: string) => removeFile(db, id),
    setFileLocalPath: (id: string, localPath: string | null) => setFileLocalPath(db, id, localPath),
    listFiles: (documentId: string) => listFiles(db, documentId),
    filesAwaitingUpload: () => filesAwaitingUpload(db),

    // For the sync engine: the outbox
    listOutbox: (limit?: number) => listOutbox(db, limit),
    outboxEntry: (seq: number) => outboxEntry(db, seq),
    countOutbox: () => countOutbox(db),
    pendingState: (kind: EntityKind, id: string) => pendingState(db, kind, id),
    completePush: (seq: number, revision: number, server?: ServerJson) => completePush(db, seq, revision, server),
    markCreateSent: (seq: number, body: string, revision: number) => markCreateSent(db, seq, body, revision),
    recordPushFailure: (seq: number, message: string) => recordPushFailure(db, seq, message),
    /** A push the service refused for good: out of the retry loop until the person decides. */
    holdPush: (seq: number, reason: string) => holdPush(db, seq, reason),
    listHeldPushes: () => listHeldPushes(db),
    resolveHeldPush: (seq: number, choice: HeldChoice) => resolveHeldPush(db, seq, choice),
    rebasePending: (kind: EntityKind, id: string, lastModified: string) => rebasePending(db, kind, id, lastModified),
    remapId: (kind: EntityKind, localId: string, serverId: string) => remapId(db, kind, localId, serverId),

    // For the sync engine: pulls
    beginBulkLoad: () => beginBulkLoad(db),
    finishBulkLoad: () => finishBulkLoad(db),
    applyRemote: (kind: EntityKind, json: ServerJson, options?: ApplyOptions) => applyRemote(db, kind, json, options),
    applyRemoteBatch: (kind: EntityKind, rows: readonly ServerJson[], options?: ApplyOptions & { watermark?: WatermarkUpdate }) => applyRemoteBatch(db, kind, rows, options),
    applyRemoteDeletion: (kind: EntityKind, id: string) => applyRemoteDeletion(db, kind, id),
    applyRemoteDeletions: (kind: EntityKind, ids: readonly string[], options?: { watermark?: WatermarkUpdate }) => applyRemoteDeletions(db, kind, ids, options),
    applyRemoteFolderDocuments: (folderId: string, documentIds: readonly string[]) => applyRemoteFolderDocuments(db, folderId, documentIds),
    getWatermark: (collection: string, scope?: string | null) => getWatermark(db, collection, scope),
    setWatermark: (collection: string, scope: string | null, mark: Partial<Watermark>) => setWatermark(db, collection, scope, mark),
    getBaseCopy: (kind: EntityKind, id: string) => getBaseCopy(db, kind, id),
    setGroups: (groups: readonly GroupRecord[]) => setGroups(db, groups),
    listGroups: () => listGroups(db),
    forgetGroupLibrary: (groupId: string) => forgetGroupLibrary(db, groupId),
    roleInGroup: (groupId: string) => roleInGroup(db, groupId),
    setProfile: (profile: Record<string, unknown> | null) => setProfile(db, profile),
    getProfile: () => getProfile(db),
    rememberProfileNames: (names: readonly { id: string; name: string }[]) => rememberProfileNames(db, names),
    profileNamesOf: (ids: readonly string[]) => profileNamesOf(db, ids),
    unnamedAuthors: (limit: number) => unnamedAuthors(db, limit),

    // For the sync engine: merges and conflicts
    readField: (kind: EntityKind, id: string, field: string) => readField(db, kind, id, field),
    writeField: (kind: EntityKind, id: string, field: string, value: unknown) => writeField(db, kind, id, field, value),
    recordConflict: (conflict: Omit<Conflict, 'detected_at'>) => recordConflict(db, conflict),
    listConflicts: (filter?: { kind?: EntityKind; id?: string }) => listConflicts(db, filter),
    resolveConflict: (kind: EntityKind, id: string, field: string, resolution: ConflictResolution) => resolveConflict(db, kind, id, field, resolution),
    dropPendingField: (kind: EntityKind, id: string, field: string) => dropPendingField(db, kind, id, field),
    recreateRow: (kind: EntityKind, id: string) => recreateRow(db, kind, id),
  };
}

export type Replica = ReturnType<typeof openReplica>;
