// The replica's reads: what the window lists and opens, what the areas look up. Nothing
// here writes, so an area that only shows things depends on this alone.
import { readAnnotationRow, toLocalAnnotation } from './annotationRows.ts';
import { listAnnotations } from './annotationWrites.ts';
import { libraryCopiesOf, type CatalogRecordRef } from './catalogCopies.ts';
import { listConflicts } from './conflicts.ts';
import type { Db } from './database.ts';
import { listRelated } from './documentRelations.ts';
import {
  countDocuments, countSearchResults, documentPosition, filterKey, getDocument, listDocuments, listTags, searchDocuments,
  type DocumentFilter, type DocumentListQuery, type SearchCountOptions, type SearchQuery,
} from './documentQueries.ts';
import { listFiles } from './fileWrites.ts';
import { noteMatches } from './noteMatches.ts';
import { folderTree, foldersOfDocument, getFolder } from './folderQueries.ts';
import { roleInGroup } from './groupLibraries.ts';
import { documentWithFile, followDocument } from './importQueries.ts';
import { countOutbox } from './outbox.ts';
import { fileHashInUse } from './syncQueries.ts';
import { profileNamesOf } from './profileNames.ts';
import { currentIdOf } from './remapId.ts';
import { listSavedSearches } from './savedSearches.ts';
import { searchIndexState } from './searchIndexBuild.ts';
import { getProfile, listGroups } from './syncState.ts';
import type { EntityKind } from './types.ts';
import type { WriteMemo } from './writeMemo.ts';

export function replicaReads(db: Db, memo: WriteMemo) {
  return {
    getDocument: (id: string) => getDocument(db, id),
    listDocuments: (query?: DocumentListQuery) => listDocuments(db, query),
    documentPosition: (id: string, query?: DocumentListQuery) => documentPosition(db, id, query),
    // Counts cost a walk over every matching row: a sort, a scroll or a repeated query
    // between two writes answers them from memory.
    countDocuments: (filter: DocumentFilter = {}) => memo.get(`count:${filterKey(filter)}`, () => countDocuments(db, filter)),
    searchDocuments: (text: string, query?: SearchQuery) => searchDocuments(db, text, query),
    /** Whether the search index is still being built (after a first sync): searches then find only what it holds so far. */
    searchIndexState: () => searchIndexState(db),
    /** Of these search results, those found in notes, with the words around the find. */
    noteMatches: (text: string, documentIds: readonly string[]) => noteMatches(db, text, documentIds),
    countSearchResults: (text: string, filter: SearchCountOptions = {}) =>
      memo.get(`search:${text}:${filterKey(filter)}`, () => countSearchResults(db, text, filter)),
    listTags: (groupId?: string | null) => memo.get(`tags:${groupId ?? ''}`, () => listTags(db, groupId ?? null)),
    /** Rows written so far (any table, any writer of the core): unchanged means nothing to read again. */
    writeCount: () => memo.writes(),
    /** The id a row has now, when a push replaced this temporary id; else undefined. */
    currentIdOf: (id: string) => currentIdOf(db, id),
    /** Answers the document's id now (a push may rename it), or undefined once it is gone. */
    followDocument: (id: string) => followDocument(db, id),
    /** The document already holding these bytes, if any. */
    documentWithFile: (sha1: string, groupId?: string | null) => documentWithFile(db, sha1, groupId ?? null),
    /** Catalog id -> the personal library's document that holds the record (by link, else identifiers). */
    libraryCopiesOf: (records: readonly CatalogRecordRef[]) => libraryCopiesOf(db, records),

    folderTree: (groupId?: string | null) => folderTree(db, groupId ?? null),
    getFolder: (id: string) => getFolder(db, id),
    foldersOfDocument: (documentId: string) => foldersOfDocument(db, documentId),

    listAnnotations: (documentId: string) => listAnnotations(db, documentId),
    getAnnotation: (id: string) => { const row = readAnnotationRow(db, id); return row && toLocalAnnotation(row); },
    listFiles: (documentId: string) => listFiles(db, documentId),
    /** Whether any file row names these bytes (they may leave the store when none does). */
    fileHashInUse: (sha1: string) => fileHashInUse(db, sha1),

    listGroups: () => listGroups(db),
    /** The role the replica last heard the user has in a group (null: not in it). */
    roleInGroup: (groupId: string) => roleInGroup(db, groupId),
    getProfile: () => getProfile(db),
    profileNamesOf: (ids: readonly string[]) => profileNamesOf(db, ids),
    countOutbox: () => countOutbox(db),
    listConflicts: (filter?: { kind?: EntityKind; id?: string }) => listConflicts(db, filter),

    /** Saved searches by name (device-local). */
    listSavedSearches: () => listSavedSearches(db),
    /** The documents related to one (device-local links), trashed ones left out. */
    listRelated: (documentId: string) => listRelated(db, documentId),
  };
}

export type ReplicaReads = ReturnType<typeof replicaReads>;
