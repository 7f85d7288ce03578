// Spare page canvases made while the reader is idle and still. Making one costs what pdf.js's
// first drawing on a new canvas costs (tens of milliseconds in software): done in an idle
// period while the view rests, one canvas per period, it delays no frame of a scroll.
import type { CanvasDocument, PageCanvasPool } from './pageCanvasPool.ts';

export interface IdleScheduler {
  now(): number;
  /** Runs `run` when the page is idle (requestIdleCallback). */
  whenIdle(run: () => void): unknown;
  cancel(handle: unknown): void;
}

const browserIdle: IdleScheduler = {
  now: () => performance.now(),
  whenIdle: (run) => requestIdleCallback(run, { timeout: 2000 }),
  cancel: (handle) => cancelIdleCallback(handle as number),
};

/** The view must have been still this long before a spare canvas is made. */
export const STILL_MS = 150;

/**
 * Keeps `pool` stocked with canvases of the size of the page last painted (`painted`), made
 * when `container` has not scrolled for STILL_MS. Returns `painted` and `stop`.
 */
export function keepSpareCanvases(pool: PageCanvasPool, container: HTMLElement, doc: CanvasDocument, idle: IdleScheduler = browserIdle) {
  let size: { width: number; height: number } | undefined;
  let lastScroll = -Infinity;
  let pending: unknown;
  const onScroll = () => { lastScroll = idle.now(); };
  container.addEventListener('scroll', onScroll, { passive: true });
  const schedule = () => {
    if (pending === undefined && size && pool.size < pool.spare) pending = idle.whenIdle(makeOne);
  };
  const makeOne = () => {
    pending = undefined;
    if (!size) return;
    if (idle.now() - lastScroll >= STILL_MS) pool.warmOne(doc, size.width, size.height);
    schedule();
  };
  return {
    /** A page was painted on a canvas of this size (pixels). */
    painted(width: number, height: number): void {
      if (width > 0 && height > 0) size = { width, height };
      schedule();
    },
    stop(): void {
      container.removeEventListener('scroll', onScroll);
      if (pending !== undefined) idle.cancel(pending);
      pending = undefined;
    },
  };
}
