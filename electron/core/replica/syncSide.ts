// The replica's sync side: what the sync engine needs to push the outbox (entries, the
// local copy of a row, completing a push with the server's answer) and to apply pulls
// (server rows, deletions, watermarks, base copies, merges and conflicts). The window's
// areas never need these.
import { readAnnotationRow, toLocalAnnotation } from './annotationRows.ts';
import { getBaseCopy } from './baseCopies.ts';
import { beginBulkLoad, finishBulkLoad } from './bulkLoad.ts';
import { buildSearchIndexSlice, completeSearchIndex, type SliceSize } from './searchIndexBuild.ts';
import { dropPendingField, recordConflict } from './conflicts.ts';
import type { Db } from './database.ts';
import { getDocument } from './documentQueries.ts';
import { readField, writeField } from './entityFields.ts';
import { readFileRow, toLocalFile } from './fileRows.ts';
import { filesAwaitingUpload, setFileLocalPath } from './fileWrites.ts';
import { getFolder } from './folderQueries.ts';
import { dropLocalNote, dropOutboxEntry } from './noteAbsorb.ts';
import { holdPush, listHeldPushes, resolveHeldPush, type HeldChoice } from './heldPushes.ts';
import { listOutbox, markCreateSent, markSent, outboxEntry, pendingState, recordPushFailure } from './outbox.ts';
import { profileNamesOf, unnamedAuthors } from './profileNames.ts';
import { completePush, rebasePending } from './pushResults.ts';
import { remapId } from './remapId.ts';
import {
  applyRemote, applyRemoteBatch, applyRemoteDeletion, applyRemoteDeletions, applyRemoteFolderDocuments,
  type ApplyOptions, type ServerJson, type WatermarkUpdate,
} from './remoteApply.ts';
import { inBulkTransaction, inTransaction } from './statements.ts';
import { fileRecord, filesWithoutBytes, folderIdsOf, hasAnnotation, pendingIds, serverVersionOf } from './syncQueries.ts';
import { recreateRow } from './syncRepairs.ts';
import { getWatermark, setGroups, setProfile, setWatermark, type GroupRecord } from './syncState.ts';
import type { Conflict, EntityKind, Watermark } from './types.ts';

/** A resource as the service answered it: any JSON object (its fields are read as unknown). */
export type ServerRow = object;
const asServerJson = (row: ServerRow): ServerJson => row as ServerJson;

/** A row's fields as the service names them, for a push to read the changed ones from. */
export type LocalCopy = Readonly<Record<string, unknown>>;

function localCopy(db: Db, kind: EntityKind, id: string): LocalCopy | undefined {
  const annotation = kind === 'annotation' ? readAnnotationRow(db, id) : undefined;
  const file = kind === 'file' ? readFileRow(db, id) : undefined;
  const copy: object | undefined = kind === 'document' ? getDocument(db, id)
    : kind === 'folder' ? getFolder(db, id)
      : annotation ? toLocalAnnotation(annotation) : file && toLocalFile(file);
  return copy && Object.fromEntries(Object.entries(copy));
}

export function replicaSync(db: Db) {
  return {
    /** Runs fn as one transaction: every write in it happens, or none does. */
    transaction: <T>(fn: () => T): T => inTransaction(db, fn),
    /** False once the replica is closed (a sync still running at shutdown checks it). */
    isOpen: () => db.open,

    // The push: the outbox
    listOutbox: (limit?: number) => listOutbox(db, limit),
    outboxEntry: (seq: number) => outboxEntry(db, seq),
    pendingState: (kind: EntityKind, id: string) => pendingState(db, kind, id),
    /** Ids of rows of a kind with entries in the outbox. */
    pendingIds: (kind: EntityKind) => pendingIds(db, kind),
    localCopy: (kind: EntityKind, id: string) => localCopy(db, kind, id),
    completePush: (seq: number, revision: number, server?: ServerRow) => completePush(db, seq, revision, server && asServerJson(server)),
    recordPushFailure: (seq: number, message: string) => recordPushFailure(db, seq, message),
    /** The body a create went out with (resent unchanged under the same Idempotency-Key). */
    markCreateSent: (seq: number, body: string, revision: number) => markCreateSent(db, seq, body, revision),
    /** A trash, restore, link or unlink about to be sent: its opposite no longer cancels it. */
    markSent: (seq: number) => markSent(db, seq),
    /** A push the service refused for good: out of the retry loop until the person decides. */
    holdPush: (seq: number, reason: string) => holdPush(db, seq, reason),
    listHeldPushes: () => listHeldPushes(db),
    /** A note create the service answered with its existing note: the entry goes (noteMerge.ts). */
    dropOutboxEntry: (seq: number) => dropOutboxEntry(db, seq),
    /** The local copy of a note the service already has, pulled under its own id (`existingId`). */
    dropLocalNote: (localId: string, existingId: string) => dropLocalNote(db, localId, existingId),
    resolveHeldPush: (seq: number, choice: HeldChoice) => resolveHeldPush(db, seq, choice),
    rebasePending: (kind: EntityKind, id: string, lastModified: string) => rebasePending(db, kind, id, lastModified),
    remapId: (kind: EntityKind, localId: string, serverId: string) => remapId(db, kind, localId, serverId),
    filesAwaitingUpload: () => filesAwaitingUpload(db),

    // Pulls
    beginBulkLoad: () => beginBulkLoad(db),
    /** Ends a bulk load; the search index is built now, or by buildSearchIndexSlice from `searchIndexLaterFrom` documents. */
    finishBulkLoad: (options?: { searchIndexLaterFrom?: number }) => finishBulkLoad(db, options),
    /** One short transaction of the search index's build, if one is under way; answers its state after. */
    buildSearchIndexSlice: (size?: SliceSize) => buildSearchIndexSlice(db, size),
    /** The rest of the search index's build at once, in one transaction. */
    completeSearchIndex: () => completeSearchIndex(db),
    /** Runs fn, the applying of one pulled page, in the bulk load's shared transaction (statements.ts). */
    applyBulkPage: <T>(rows: number, fn: () => T): T => inBulkTransaction(db, rows, fn),
    applyRemote: (kind: EntityKind, json: ServerRow, options?: ApplyOptions) => applyRemote(db, kind, asServerJson(json), options),
    applyRemoteBatch: (kind: EntityKind, rows: readonly ServerJson[], options?: ApplyOptions & { watermark?: WatermarkUpdate }) => applyRemoteBatch(db, kind, rows, options),
    applyRemoteDeletion: (kind: EntityKind, id: string) => applyRemoteDeletion(db, kind, id),
    applyRemoteDeletions: (kind: EntityKind, ids: readonly string[], options?: { watermark?: WatermarkUpdate }) => applyRemoteDeletions(db, kind, ids, options),
    applyRemoteFolderDocuments: (folderId: string, documentIds: readonly string[]) => applyRemoteFolderDocuments(db, folderId, documentIds),
    getWatermark: (collection: string, scope?: string | null) => getWatermark(db, collection, scope),
    setWatermark: (collection: string, scope: string | null, mark: Partial<Watermark>) => setWatermark(db, collection, scope, mark),
    /** The base of a merge: the service's last version of a row with local changes (none for a clean row). */
    getBaseCopy: (kind: EntityKind, id: string) => getBaseCopy(db, kind, id),
    /** The service's time of the version of a row held here (null: never from the service; undefined: no row). */
    serverVersionOf: (kind: 'document' | 'annotation' | 'folder', id: string) => serverVersionOf(db, kind, id),
    setGroups: (groups: readonly GroupRecord[]) => setGroups(db, groups),
    setProfile: (profile: Record<string, unknown> | null) => setProfile(db, profile),
    profileNamesOf: (ids: readonly string[]) => profileNamesOf(db, ids),
    unnamedAuthors: (limit: number) => unnamedAuthors(db, limit),
    /** Ids of the folders of a library (null: the personal one). */
    folderIdsOf: (groupId: string | null) => folderIdsOf(db, groupId),
    hasAnnotation: (id: string) => hasAnnotation(db, id),

    // File bytes
    fileRecord: (id: string) => fileRecord(db, id),
    filesWithoutBytes: (groupId: string | null) => filesWithoutBytes(db, groupId),
    setFileLocalPath: (id: string, localPath: string | null) => setFileLocalPath(db, id, localPath),

    // Merges and conflicts
    readField: (kind: EntityKind, id: string, field: string) => readField(db, kind, id, field),
    writeField: (kind: EntityKind, id: string, field: string, value: unknown) => writeField(db, kind, id, field, value),
    recordConflict: (conflict: Omit<Conflict, 'detected_at'>) => recordConflict(db, conflict),
    dropPendingField: (kind: EntityKind, id: string, field: string) => dropPendingField(db, kind, id, field),
    recreateRow: (kind: EntityKind, id: string) => recreateRow(db, kind, id),
  };
}

export type ReplicaSync = ReturnType<typeof replicaSync>;
