// The replica's public surface for the rest of the core.
export { openReplica, type Replica } from './replica.ts';
export { ReplicaError, type ReplicaErrorCode } from './errors.ts';
export { isLocalId, LOCAL_ID_PREFIX } from './ids.ts';
export { SORT_COLUMNS, type DocumentSort, type DocumentFilter, type DocumentListQuery, type SearchQuery } from './documentQueries.ts';
export type { ApplyOptions, ServerJson, WatermarkUpdate } from './remoteApply.ts';
export type { HeldChoice } from './heldPushes.ts';
export type * from './types.ts';
export { ROW_CONFLICT_FIELD } from './syncRepairs.ts';
