// What one sync run carries through its pull and push phases.
import type { LibraryApi } from '../../../shared/client/index.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { ReplicaReads, ReplicaSync, ReplicaWrites } from '../replica/index.ts';
import type { Clock } from '../clock.ts';
import type { RetryOptions } from './retry.ts';

/** The replica as the sync engine sees it: its sync side, reads, and the local writes a merge, a lost group or a name lookup makes. */
export type SyncReplica = ReplicaReads & ReplicaSync & Pick<ReplicaWrites, 'resolveConflict' | 'forgetGroupLibrary' | 'rememberProfileNames' | 'updateAnnotation'>;

/** The personal library (scope null) or a group's. */
export interface Library {
  scope: string | null;
  groupId?: string;
}

export interface RunCounters {
  pulled: number;
  pushed: number;
  deleted: number;
  conflicts: number;
  /** Pushes the service refused for good in this run (kept, waiting for the person). */
  held?: number;
}

export interface MassDeletion {
  scope: string | null;
  count: number;
  libraryTotal: number;
}

export interface RunContext {
  replica: SyncReplica;
  api: LibraryApi;
  fileStore: FileStore;
  signal: AbortSignal;
  /** How every request of the run is tried again: the run's signal, and the engine told of each retry. */
  retry: RetryOptions;
  /** The core's clock: every wait of the run (retries, downloads) is on it. */
  clock: Clock;
  pageSize: number;
  /** How far before a watermark each pull starts again (clock skew, same-millisecond writes). */
  overlapMs: number;
  downloadPolicy: 'on-open' | 'eager';
  counters: RunCounters;
  progress(phase: string, done: number, total?: number): void;
  /** The person said yes to the deletions the guard held back. */
  allowMassDeletion: boolean;
  /** Set when the guard held back a pull's deletions. */
  massDeletion?: MassDeletion;
  /** A first sync into an empty replica: pulled pages share transactions (statements.ts). */
  bulkLoad?: boolean;
}

export const isoMinus = (time: string | number, ms: number): string => new Date((typeof time === 'number' ? time : Date.parse(time)) - ms).toISOString();

/**
 * Where a pull by modification time starts. Rows stamped just before the watermark may
 * still have been committing when it was read, so the next pull goes back an overlap window
 * before the time of that read; but never later than the watermark itself. Recorded after
 * each pull (`recordPullStart`) from the service's clock at the read: once a read happened
 * more than a window after the watermark, the start is the watermark, so rows sharing
 * timestamps near it (a bulk import) are not read again by every sync.
 */
export function pullStart(replica: SyncReplica, collection: string, scope: string | null, overlapMs: number): string | undefined {
  const mark = replica.getWatermark(collection, scope).modified;
  if (!mark) return undefined;
  const start = replica.getWatermark(`${collection}:start`, scope).modified;
  return start && start <= mark ? start : isoMinus(mark, overlapMs);
}

export function recordPullStart(replica: SyncReplica, collection: string, scope: string | null, readAt: number | undefined, overlapMs: number): void {
  const mark = replica.getWatermark(collection, scope).modified;
  if (!mark || readAt === undefined) return;
  const start = Math.min(Date.parse(mark), readAt - overlapMs);
  replica.setWatermark(`${collection}:start`, scope, { modified: new Date(start).toISOString() });
}
