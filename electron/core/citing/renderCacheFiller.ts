// Fills the render cache (renderCache.ts) in the background, so the first big copy after
// starting the app finds the library already formatted: one pass over the library (its
// newest FILL_LIMIT documents) in small slices on the core's clock (each slice a short
// synchronous piece of work, with a pause after it so copies, exports and sync run in
// between), every reference alone and
// then every group of references that read the same in a citation, formatted together.
// Edited and imported documents are formatted again as they change; a change of style or
// locale, or a sync that may have changed anything, starts the pass again (what is already
// kept is only looked up, not formatted again).
import type { CslItem } from '../../../shared/csl/cslJson.ts';
import type { CancelTimer, Clock } from '../clock.ts';
import { noWindowActivity, type WindowActivity } from '../commands/windowActivity.ts';
import type { RenderCache } from './renderCache.ts';

/**
 * References per slice: about 20-60 ms of citeproc-js on a quiet machine. The fill runs on
 * the core's thread, so a slice delays whatever the window asks meanwhile: slices stay
 * short and the pauses long, the fill taking minutes rather than the window's attention.
 */
export const FILL_SLICE = 10;
/** The pause after each slice. */
export const FILL_PAUSE_MS = 150;
/**
 * The pass covers the library's most recently added documents up to this many: at 100,000
 * the whole pass would cost minutes of CPU after every sync, for copies rarely that large.
 */
export const FILL_LIMIT = 5_000;

type Options = { style: string; locale: string };

export interface RenderCacheFillerDeps {
  cache: RenderCache;
  clock: Clock;
  /** The style and locale copies use now; undefined when there is nothing to fill for. */
  options(): Options | undefined;
  /** A page of the library, in a stable order. */
  page(offset: number, limit: number): CslItem[];
  /** These documents as they are now (deleted ones left out). */
  documents(ids: readonly string[]): CslItem[];
  onError(error: unknown): void;
  /** The window's use: a slice waits until the window has been quiet (none: never waits). */
  activity?: WindowActivity;
}

export interface RenderCacheFiller {
  /** Starts (or starts again) the pass over the whole library. */
  start(): void;
  /** These documents changed (no ids: anything may have). */
  notifyChanged(ids: readonly string[]): void;
  /** Settles when nothing is left to do; for tests and the bench. */
  whenIdle(): Promise<void>;
  stop(): void;
}

export function createRenderCacheFiller(deps: RenderCacheFillerDeps): RenderCacheFiller {
  let pass: { key: string; offset: number; groups?: string[][] } | undefined;
  /** Each document's disambiguation key, from the pass and from edits: the groups to format together. */
  let ambigs = new Map<string, string>();
  const changed = new Set<string>();
  let cancel: CancelTimer | undefined;
  let stopped = false;
  let idleWaiters: (() => void)[] = [];

  const keyOf = (options: Options) => `${options.style}\u0000${options.locale}`;

  const activity = deps.activity ?? noWindowActivity;

  function schedule(delay = FILL_PAUSE_MS): void {
    if (stopped || cancel) return;
    cancel = deps.clock.after(delay, () => {
      cancel = undefined;
      // Someone is using the window: its commands go first, the slice waits for a pause.
      const wait = activity.untilQuiet();
      if (wait > 0) {
        schedule(wait);
        return;
      }
      let more = false;
      try {
        more = step();
      } catch (error) {
        deps.onError(error);
        pass = undefined;
        changed.clear();
      }
      if (more) schedule();
      else settleIdle();
    });
  }

  function settleIdle(): void {
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function groupsOf(ids: Iterable<string>): string[][] {
    const wanted = new Set<string>();
    for (const id of ids) if (ambigs.has(id)) wanted.add(ambigs.get(id)!);
    const groups = new Map<string, string[]>();
    for (const [id, ambig] of ambigs) if (wanted.has(ambig)) groups.set(ambig, [...(groups.get(ambig) ?? []), id]);
    return [...groups.values()].filter((members) => members.length > 1);
  }

  /** One slice of work; true when there is more. */
  function step(): boolean {
    const options = deps.options();
    if (!options) return false;
    if (pass && pass.key !== keyOf(options)) {
      // The style or locale changed during the pass: it starts again for the new one.
      ambigs = new Map();
      pass = { key: keyOf(options), offset: 0 };
    }
    if (changed.size) {
      const ids = [...changed].slice(0, FILL_SLICE);
      for (const id of ids) changed.delete(id);
      const items = deps.documents(ids);
      for (const id of ids) ambigs.delete(id);
      const filled = deps.cache.fill(items, options);
      if (!filled) return false;
      for (const [id, ambig] of filled) ambigs.set(id, ambig);
      for (const members of groupsOf(filled.keys())) deps.cache.fillGroup(deps.documents(members), options);
      return changed.size > 0 || pass !== undefined;
    }
    if (!pass) return false;
    if (!pass.groups) {
      const items = pass.offset < FILL_LIMIT ? deps.page(pass.offset, Math.min(FILL_SLICE, FILL_LIMIT - pass.offset)) : [];
      if (items.length) {
        const filled = deps.cache.fill(items, options);
        if (!filled) {
          pass = undefined;
          return false;
        }
        for (const [id, ambig] of filled) ambigs.set(id, ambig);
        pass.offset += items.length;
        return true;
      }
      pass.groups = groupsOf(ambigs.keys());
    }
    let budget = FILL_SLICE;
    while (pass.groups.length && budget > 0) {
      const members = pass.groups.shift()!;
      budget -= members.length;
      deps.cache.fillGroup(deps.documents(members), options);
    }
    if (!pass.groups.length) pass = undefined;
    return pass !== undefined;
  }

  return {
    start() {
      const options = deps.options();
      if (stopped || !options || !deps.cache.covers(options)) return;
      ambigs = new Map();
      pass = { key: keyOf(options), offset: 0 };
      schedule();
    },
    notifyChanged(ids) {
      if (stopped) return;
      if (!ids.length) {
        this.start();
        return;
      }
      const options = deps.options();
      if (!options || !deps.cache.covers(options)) return;
      for (const id of ids) changed.add(id);
      schedule();
    },
    whenIdle() {
      if (!cancel) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    stop() {
      stopped = true;
      cancel?.();
      cancel = undefined;
      settleIdle();
    },
  };
}
