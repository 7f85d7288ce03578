// The replica's public surface for the rest of the core.
export { openReplica, type Replica } from './replica.ts';
export type { ReplicaReads } from './readSide.ts';
export type { ReplicaWrites } from './writeSide.ts';
export type { LocalCopy, ReplicaSync, ServerRow } from './syncSide.ts';
export { ReplicaError, type ReplicaErrorCode } from './errors.ts';
export { isLocalId, LOCAL_ID_PREFIX } from './ids.ts';
export { MAX_PAGE, SORT_COLUMNS, type DocumentSort, type DocumentFilter, type DocumentListQuery, type SearchQuery } from './documentQueries.ts';
export type { NewAnnotation } from './annotationWrites.ts';
export type { NewDocument } from './documentWrites.ts';
export type { NewFile } from './fileWrites.ts';
export type { ApplyOptions, ServerJson, WatermarkUpdate } from './remoteApply.ts';
export { MAX_LOOKUP_ATTEMPTS, type LookupQueue, type QueuedLookup } from './importLookups.ts';
export type { HeldChoice } from './heldPushes.ts';
export { SEARCH_INDEX_IN_SLICES_FROM, type SearchIndexState, type SliceSize } from './searchIndexBuild.ts';
export type { IdRename, IdRenameListener } from './idRenames.ts';
export type * from './types.ts';
export { ROW_CONFLICT_FIELD } from './syncRepairs.ts';
// Not the library: the citing area's render cache keeps its own SQLite file (renderCacheFile.ts).
export { openRenderCacheStore, type RenderCacheStore } from './renderCacheFile.ts';
