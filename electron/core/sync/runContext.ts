// What one sync run carries through its pull and push phases.
import type { LibraryApi } from '../../../shared/client/index.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { Replica } from '../replica/index.ts';

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
}

export interface MassDeletion {
  scope: string | null;
  count: number;
  libraryTotal: number;
}

export interface RunContext {
  replica: Replica;
  api: LibraryApi;
  fileStore: FileStore;
  signal: AbortSignal;
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
}

export const isoMinus = (time: string | number, ms: number): string => new Date((typeof time === 'number' ? time : Date.parse(time)) - ms).toISOString();
