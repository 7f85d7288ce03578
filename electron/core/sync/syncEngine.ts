// The desktop's sync engine: pushes the replica's outbox, pulls what changed on the service
// (the personal library and every group's), merges, and tells the app how it is going.
// One run at a time; runs start on demand (syncNow), after local edits (requestSync,
// debounced), periodically, and again after a failure with backoff while offline.
import { ServiceError, TokenExpiredError, type LibraryApi } from '../../../shared/client/index.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { SyncReplica } from './runContext.ts';
import { nameAuthors } from './authorNames.ts';
import { pullAnnotations, pullDocumentRemovals, pullDocuments, pullFiles, pullFolders, pullLibraries } from './pull.ts';
import { pushOutbox } from './push.ts';
import { openChangeChannel, type ChangeChannel } from './changeChannel.ts';
import { describeSyncStop } from './refusals.ts';
import { isAborted, isOffline, SyncAbortedError } from './retry.ts';
import { every, resettableTimer, systemClock, type CancelTimer, type Clock } from '../clock.ts';
import type { MassDeletion, RunContext, RunCounters } from './runContext.ts';
import { SEARCH_INDEX_IN_SLICES_FROM, type SliceSize } from '../replica/index.ts';

import type { SyncStatus } from '../../../shared/bridge/contract.ts';

export type { SyncStatus };

export interface SyncReport {
  pulled: number;
  pushed: number;
  deleted: number;
  conflicts: number;
  durationMs: number;
}

export interface SyncEngine {
  /** Syncs now, then after local changes (debounced) and periodically. */
  start(): void;
  /** Stops the schedule and cancels a running sync cleanly. */
  stop(): Promise<void>;
  syncNow(options?: { signal?: AbortSignal }): Promise<SyncReport>;
  /** Asks for a sync soon (debounced), after local edits. */
  requestSync(): void;
  status(): SyncStatus;
  onStatus(listener: (status: SyncStatus) => void): () => void;
  /** The answer to the mass-deletion guard: apply the held-back deletions, or keep the documents. */
  confirmDeletions(accept: boolean): void;
  /** Settles once the search index is whole, after building what is left of it (a first sync's, or one a restart left unfinished). */
  searchIndexBuilt(): Promise<void>;
}

export interface SyncEngineOptions {
  replica: SyncReplica;
  api: LibraryApi;
  fileStore: FileStore;
  downloadPolicy?: 'on-open' | 'eager';
  intervalMs?: number;
  debounceMs?: number;
  /**
   * The core's clock: the schedule, the retries' backoff and the change channel's reopening
   * wait on it, and lastSyncedAt (display only) reads it. Watermarks use the service's clock.
   */
  clock?: Clock;
  /** Items per page of every listing (the service allows 1 to 500). */
  pageSize?: number;
  /** How far before a watermark each pull starts again. */
  overlapMs?: number;
  /** Listen to the service's change hints (GET /events) while started; default true. */
  liveChanges?: boolean;
  /** How long after a change hint the pull starts (hints come in bursts). */
  hintDebounceMs?: number;
  /**
   * A first sync's search index is built after the sync answers (the library is usable
   * before): in slices from this many documents, else in one go.
   */
  searchIndexInBackgroundFrom?: number;
  /** How much of that build each slice does. */
  searchIndexSlice?: SliceSize;
}

const MAX_OFFLINE_DELAY_MS = 60_000;

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { replica, api, fileStore } = options;
  const intervalMs = options.intervalMs ?? 5 * 60_000;
  const debounceMs = options.debounceMs ?? 1_000;
  const hintDebounceMs = options.hintDebounceMs ?? 300;
  const clock = options.clock ?? systemClock;
  const pageSize = options.pageSize ?? 500;
  const overlapMs = options.overlapMs ?? 5_000;
  const listeners = new Set<(status: SyncStatus) => void>();

  let status: SyncStatus = { state: 'idle', pendingChanges: 0, conflicts: 0, heldChanges: 0 };
  let running: Promise<SyncReport> | undefined;
  let controller: AbortController | undefined;
  let massDecision: 'ask' | 'apply' | 'keep' = 'ask';
  let started = false;
  const debounceTimer = resettableTimer(clock);
  const retryTimer = resettableTimer(clock);
  const hintTimer = resettableTimer(clock);
  let stopInterval: CancelTimer = () => undefined;
  let channel: ChangeChannel | undefined;
  let failures = 0;
  let indexing: Promise<void> | undefined;
  let haltIndexing = false;

  const counts = () => (replica.isOpen() ? { pendingChanges: replica.countOutbox(), conflicts: replica.listConflicts().length, heldChanges: replica.listHeldPushes().length } : {});

  function emit(change: Partial<SyncStatus>): void {
    const next: SyncStatus = { ...status, ...change, ...counts() };
    for (const key of Object.keys(next) as (keyof SyncStatus)[]) if (next[key] === undefined) delete next[key];
    status = next;
    for (const listener of listeners) {
      try {
        listener(status);
      } catch {
        // a listener's failure is its own; the sync goes on
      }
    }
  }
  status = { ...status, ...counts() };

  async function run(signal: AbortSignal): Promise<SyncReport> {
    const startedAt = performance.now();
    const counters: RunCounters = { pulled: 0, pushed: 0, deleted: 0, conflicts: 0 };
    // The service did not answer at all: the person sees "offline" at once, not after the
    // retries (seconds); the run goes on trying and says idle again if one gets through.
    const onRetry = (error: unknown) => {
      if (isOffline(error) && status.state === 'syncing') emit({ state: 'offline', error: describeSyncStop(error, 'offline') });
    };
    const ctx: RunContext = {
      replica, api, fileStore, signal, pageSize, overlapMs, counters,
      clock, retry: { signal, onRetry, clock },
      downloadPolicy: options.downloadPolicy ?? 'on-open',
      allowMassDeletion: massDecision === 'apply',
      progress: (phase, done, total) => emit({ progress: total === undefined ? { phase, done } : { phase, done, total } }),
    };
    emit({ state: 'syncing', error: undefined, progress: { phase: 'starting', done: 0 } });
    try {
      await pushOutbox(ctx);
      const libraries = await pullLibraries(ctx);
      const decision = massDecision;
      let held: MassDeletion | undefined;
      // The first sync of an empty replica builds its indexes once, at the end (bulkLoad.ts),
      // also when it stops early: the next run goes on from the watermarks.
      const bulk = replica.beginBulkLoad();
      ctx.bulkLoad = bulk;
      try {
        for (const library of libraries) await pullDocuments(ctx, library);
        for (const library of libraries) {
          ctx.massDeletion = undefined;
          await pullDocumentRemovals(ctx, library, decision);
          held ??= ctx.massDeletion;
        }
        for (const library of libraries) {
          await pullFolders(ctx, library);
          await pullFiles(ctx, library);
          await pullAnnotations(ctx, library);
        }
      } finally {
        if (bulk && replica.isOpen()) {
          emit({ progress: { phase: 'indexing', done: 0 } });
          // The search index is built after the sync answers (buildSearchIndex), whatever the size.
          replica.finishBulkLoad({ searchIndexLaterFrom: 0 });
        }
      }
      // Merges, rows created again and resolutions made during the pull go out now.
      if (replica.countOutbox() > 0) await pushOutbox(ctx);
      await nameAuthors(ctx);
      if (!held) massDecision = 'ask';
      failures = 0;
      const lastSyncedAt = new Date(clock.now()).toISOString();
      if (held) emit({ state: 'waiting-confirmation', lastSyncedAt, progress: undefined, pendingDeletion: { count: held.count, libraryTotal: held.libraryTotal } });
      else emit({ state: 'idle', lastSyncedAt, progress: undefined, pendingDeletion: undefined });
      // The service is back: its hints (and the news of it going away again) come at once.
      channel?.reopenNow();
      return { ...counters, durationMs: performance.now() - startedAt };
    } catch (error) {
      if (isAborted(error, signal)) {
        emit({ state: 'idle', progress: undefined });
        throw new SyncAbortedError();
      }
      // A sentence for the person: never a method, URL or stack.
      const state = isOffline(error) ? 'offline' : error instanceof TokenExpiredError || (error instanceof ServiceError && error.status === 401) ? 'signed-out' : 'error';
      emit({ state, error: describeSyncStop(error, state), progress: undefined });
      throw error;
    }
  }

  /**
   * Builds the search index while one is under way (searchIndexBuild.ts), once the run that
   * left it to build has answered: a small library's in one go (a fraction of a second),
   * a larger one slice by slice, letting everything else run between slices, telling the
   * app how far it is.
   */
  function buildSearchIndex(): void {
    if (indexing || haltIndexing || !replica.isOpen() || !replica.searchIndexState().building) return;
    const build = async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (haltIndexing || !replica.isOpen()) return;
      const state = replica.searchIndexState();
      if (state.building && state.total < (options.searchIndexInBackgroundFrom ?? SEARCH_INDEX_IN_SLICES_FROM)) {
        replica.completeSearchIndex();
        emit({ searchIndex: undefined });
        return;
      }
      while (!haltIndexing && replica.isOpen()) {
        const state = replica.buildSearchIndexSlice(options.searchIndexSlice);
        emit({ searchIndex: state.building ? { done: state.done, total: state.total } : undefined });
        if (!state.building) return;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    };
    const current = build()
      .catch((error: unknown) => {
        // Left as it is: the next sync (or start) goes on with it.
        console.error('[refshelf] building the search index stopped:', error);
        if (replica.isOpen()) emit({ searchIndex: undefined });
      })
      .finally(() => {
        if (indexing === current) indexing = undefined;
      });
    indexing = current;
  }

  async function syncNow(callOptions: { signal?: AbortSignal } = {}): Promise<SyncReport> {
    // One run at a time: a call during a run waits for it, then runs again (so changes made
    // meanwhile are included).
    while (running) await running.catch(() => undefined);
    const own = new AbortController();
    const outer = callOptions.signal;
    const forward = () => own.abort();
    if (outer?.aborted) own.abort();
    outer?.addEventListener('abort', forward, { once: true });
    controller = own;
    const current = run(own.signal).finally(() => {
      outer?.removeEventListener('abort', forward);
      if (running === current) running = undefined;
      if (controller === own) controller = undefined;
      // A first sync's search index (also after a run that stopped early, or failed).
      buildSearchIndex();
    });
    running = current;
    return current;
  }

  function scheduleRetry(): void {
    if (!started) return;
    retryTimer.set(Math.min(MAX_OFFLINE_DELAY_MS, 1_000 * 2 ** Math.min(failures, 6), intervalMs), trigger);
  }

  function trigger(): void {
    if (!started) return;
    syncNow().catch((error: unknown) => {
      if (error instanceof SyncAbortedError) return;
      failures++;
      if (status.state === 'offline' || status.state === 'error') scheduleRetry();
    });
  }

  return {
    start() {
      if (started) return;
      started = true;
      stopInterval = every(clock, intervalMs, trigger);
      trigger();
      // A build a quit or a crash stopped goes on, whether or not the service answers.
      buildSearchIndex();
      if (options.liveChanges ?? true) {
        channel = openChangeChannel({
          api, clock,
          onHint: () => hintTimer.set(hintDebounceMs, trigger),
          // Closed: the service may have gone away; a sync finds out (and says so) at once.
          onClosed: () => {
            if (!running && status.state !== 'offline') trigger();
          },
          // Open again after being closed: catch up with what the hints missed meanwhile.
          onOpen: () => {
            if (status.state === 'offline' || status.state === 'error') trigger();
          },
        });
      }
    },

    async stop() {
      started = false;
      debounceTimer.cancel();
      retryTimer.cancel();
      stopInterval();
      hintTimer.cancel();
      channel?.close();
      channel = undefined;
      controller?.abort();
      await running?.catch(() => undefined);
      haltIndexing = true;
      await indexing;
      haltIndexing = false;
    },

    syncNow,

    requestSync() {
      emit({});
      if (!started) return;
      debounceTimer.set(debounceMs, trigger);
    },

    status: () => status,

    onStatus(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async searchIndexBuilt() {
      buildSearchIndex();
      while (indexing) await indexing;
    },

    confirmDeletions(accept) {
      massDecision = accept ? 'apply' : 'keep';
      emit({ state: 'idle', pendingDeletion: undefined });
      trigger();
    },
  };
}
