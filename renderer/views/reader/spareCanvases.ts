// Spare page canvases made while the reader is idle and still. Making one costs what pdf.js's
// first drawing on a new canvas costs (tens of milliseconds in software): done in an idle
// period while the view rests, one canvas at a time, it delays no frame of a scroll.
//
// A canvas also pays the first time it is shown: Chromium makes the buffers it hands the
// compositor (two or three, one per frame in flight) on its first frames on screen, and in
// software each costs about as much as the allocation again (17-40 ms per frame, measured with
// a trace's Canvas2DResourceProvider::ProduceCanvasResource at 1000x1294). The canvas keeps
// them while it keeps its size, in or out of the page. So a spare is shown for a few frames
// before it joins the pool, drawn on each, as a fixed 1-pixel box at 1% opacity: composited,
// unseen. (Inside a clipping 1-pixel box Chromium painted it as an image instead, which made
// no buffers.)
import type { CanvasDocument, PageCanvasPool } from './pageCanvasPool.ts';

export interface IdleScheduler {
  now(): number;
  /** Runs `run` when the page is idle (requestIdleCallback). */
  whenIdle(run: () => void): unknown;
  cancel(handle: unknown): void;
  /** Runs `run` before the next frame (requestAnimationFrame). */
  nextFrame(run: () => void): unknown;
  cancelFrame(handle: unknown): void;
}

const browserIdle: IdleScheduler = {
  now: () => performance.now(),
  whenIdle: (run) => requestIdleCallback(run, { timeout: 2000 }),
  cancel: (handle) => cancelIdleCallback(handle as number),
  nextFrame: (run) => requestAnimationFrame(run),
  cancelFrame: (handle) => cancelAnimationFrame(handle as number),
};

/** The view must have been still this long before a spare canvas is made. */
export const STILL_MS = 150;

/** Frames a spare is shown for: a drawing on each of the first four, for the buffers in flight (three) and one to spare. */
export const SHOWN_FRAMES = 5;

/** Where spares are shown while they get their buffers. */
export interface WarmingStage {
  appendChild(canvas: HTMLCanvasElement): unknown;
}

/** A stage in `doc`'s body, hidden from assistive technology; removed by the returned `remove`. */
export function warmingStage(doc: Document): { stage: WarmingStage; remove(): void } {
  const box = doc.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  doc.body.appendChild(box);
  return { stage: box, remove: () => box.remove() };
}

/**
 * How a canvas looks while shown: one pixel at the window's top left, at 1% opacity, out of
 * the pointer's way. Composited: Chromium skips a canvas at opacity 0 or off screen.
 */
const SHOWN_STYLE = 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0.01;pointer-events:none';

/**
 * Keeps `pool` stocked with canvases of the size of the page last painted (`painted`), made
 * when `container` has not scrolled for STILL_MS and shown on `stage` for SHOWN_FRAMES frames
 * (fewer when a scroll starts meanwhile). Returns `painted` and `stop`.
 */
export function keepSpareCanvases(pool: PageCanvasPool, container: HTMLElement, doc: CanvasDocument, stage: WarmingStage, idle: IdleScheduler = browserIdle) {
  let size: { width: number; height: number } | undefined;
  let lastScroll = -Infinity;
  let pending: unknown;
  let shown: { canvas: HTMLCanvasElement; since: number; frames: number; frame: unknown } | undefined;
  const onScroll = () => { lastScroll = idle.now(); };
  container.addEventListener('scroll', onScroll, { passive: true });
  const schedule = () => {
    if (pending === undefined && !shown && size && pool.size < pool.spare) pending = idle.whenIdle(makeOne);
  };
  const done = () => {
    if (!shown) return;
    const { canvas } = shown;
    shown = undefined;
    canvas.removeAttribute('style');
    pool.give(canvas);
  };
  const showFrame = () => {
    if (!shown) return;
    // A scroll began: the frames left would land in it.
    if (++shown.frames >= SHOWN_FRAMES || lastScroll >= shown.since) {
      done();
      schedule();
      return;
    }
    // A drawing marks the canvas changed, so the frame hands the compositor a buffer.
    (shown.canvas.getContext('2d') as CanvasRenderingContext2D | null)?.fillRect(0, 0, 1, 1);
    shown.frame = idle.nextFrame(showFrame);
  };
  const makeOne = () => {
    pending = undefined;
    if (!size) return;
    if (idle.now() - lastScroll < STILL_MS) {
      schedule();
      return;
    }
    const canvas = pool.makeSpare(doc, size.width, size.height);
    if (!canvas) return;
    canvas.style.cssText = SHOWN_STYLE;
    stage.appendChild(canvas);
    shown = { canvas, since: idle.now(), frames: 0, frame: idle.nextFrame(showFrame) };
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
      if (shown) idle.cancelFrame(shown.frame);
      done();
    },
  };
}
