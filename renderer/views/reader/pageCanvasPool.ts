// Page canvases handed from page to page instead of made anew for each. pdf.js creates a
// canvas for every page it paints and zeroes it when the page leaves its buffer; in software
// the first drawing on a new page-sized canvas allocates its pixels (tens of milliseconds),
// while a canvas that keeps its size keeps them (Chromium clears it in place when pdf.js sets
// the same width again). So a page view's canvas goes back to a small pool when pdf.js resets
// the view, and comes out of it when a page is painted; spare canvases of the size last
// painted are made while the reader is idle, so a page scrolling in finds one ready
// (spareCanvases.ts, which also has them shown once, unseen, for their display buffers).
//
// A new canvas also costs its first frames on screen (spareCanvases.ts). pdf.js keeps the last
// ten pages painted, so reading on would need a new canvas for each page until then; instead,
// when the pool is empty, the canvas of a painted page far out of view comes back to it
// (`reclaimFarthestCanvas`), and pdf.js paints that page again if it is scrolled back to.
//
// The hook into pdf.js is two methods of its page view (pdfjs-dist/web/pdf_viewer.mjs,
// BasePDFPageView): `_createCanvas`, which makes the page canvas with
// document.createElement('canvas') before pdf.js sizes and paints it, and `_resetCanvas`,
// which removes it and zeroes its size. pageCanvasPool.test.ts checks both on pdf.js itself.

/** The part of pdf.js's page view (PDFPageView) the pool wraps. */
export interface PageCanvasView {
  /** The page number. */
  id: number;
  canvas: HTMLCanvasElement | null;
  viewport: { width: number; height: number };
  _createCanvas(...args: unknown[]): unknown;
  _resetCanvas(): void;
}

/** The document the pool makes canvases with, and pdf.js makes them with while a view is wrapped. */
export interface CanvasDocument {
  createElement(tagName: string, options?: unknown): unknown;
}

/** How long spare canvases outlive the last reader closed, for a document opened next. */
export const KEEP_AFTER_LAST_MS = 60_000;

export class PageCanvasPool {
  private readonly free: HTMLCanvasElement[] = [];
  private users = 0;
  private clearTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * `spare` canvases at most are kept off screen; `contextAttributes` are those pdf.js asks for
   * (a canvas has one context, made with the attributes of the first getContext).
   */
  constructor(readonly spare: number, private readonly contextAttributes: CanvasRenderingContext2DSettings) {}

  get size(): number {
    return this.free.length;
  }

  /** A free canvas, the one whose size is nearest `width` x `height` (pixels). */
  take(width: number, height: number): HTMLCanvasElement | undefined {
    let best = -1;
    let bestDistance = Infinity;
    this.free.forEach((canvas, i) => {
      const distance = Math.abs(canvas.width - width) + Math.abs(canvas.height - height);
      if (distance < bestDistance) [best, bestDistance] = [i, distance];
    });
    return best < 0 ? undefined : this.free.splice(best, 1)[0];
  }

  /** Keeps `canvas` (out of the page) for the next page, or frees its pixels when the pool is full. */
  give(canvas: HTMLCanvasElement): void {
    canvas.remove();
    if (this.free.length < this.spare && canvas.width > 0 && canvas.height > 0) this.free.push(canvas);
    else canvas.width = canvas.height = 0;
  }

  /**
   * A new canvas of `width` x `height` with its pixels allocated, for `give` once it is ready;
   * none when the pool is full.
   */
  makeSpare(doc: CanvasDocument, width: number, height: number): HTMLCanvasElement | undefined {
    if (this.free.length >= this.spare || width <= 0 || height <= 0) return undefined;
    const canvas = doc.createElement('canvas') as HTMLCanvasElement;
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', this.contextAttributes);
    // The first drawing allocates the backing store: that is the cost moved off the scroll.
    context?.fillRect(0, 0, 1, 1);
    return canvas;
  }

  /** A reader uses the pool until the returned function is called; when none does for a while, its canvases are freed. */
  use(): () => void {
    this.users += 1;
    clearTimeout(this.clearTimer);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.users === 0) this.clearTimer = setTimeout(() => this.clear(), KEEP_AFTER_LAST_MS);
    };
  }

  /** Frees every spare canvas's pixels. */
  clear(): void {
    for (const canvas of this.free.splice(0)) canvas.width = canvas.height = 0;
  }
}

/**
 * Makes `view` paint on the pool's canvases and give its canvas back when pdf.js resets it.
 * `pixelRatio` answers the device pixel ratio (the canvas is that much larger than the page
 * box), used to pick the free canvas nearest the page's size.
 */
export function poolPageCanvases(view: PageCanvasView, pool: PageCanvasPool, doc: CanvasDocument & object, pixelRatio: () => number, reclaim?: (nearId: number) => void): void {
  const create = view._createCanvas.bind(view);
  const reset = view._resetCanvas.bind(view);
  view._createCanvas = (...args: unknown[]) => {
    const ratio = pixelRatio();
    const [width, height] = [Math.round(view.viewport.width * ratio), Math.round(view.viewport.height * ratio)];
    if (pool.size === 0) reclaim?.(view.id);
    const canvas = pool.take(width, height);
    if (!canvas) return create(...args);
    const created = withFirstCanvas(doc, canvas, () => create(...args));
    // A pdf.js that made its canvas some other way: the pooled one goes back.
    if (view.canvas !== canvas) pool.give(canvas);
    return created;
  };
  view._resetCanvas = () => {
    const canvas = view.canvas;
    if (canvas) {
      // pdf.js zeroes the canvas it resets: it is handed a blank stand-in, and the pool keeps the page's.
      view.canvas = (doc.createElement('canvas') as HTMLCanvasElement);
      pool.give(canvas);
    }
    reset();
  };
}

/** A page view whose canvas can be taken back (pdf.js's PDFPageView). */
export interface ReclaimableView {
  id: number;
  canvas: HTMLCanvasElement | null;
  /** Cancels its painting and lets its canvas go (to the pool, through `_resetCanvas`). */
  reset(): void;
}

/**
 * Takes back the canvas of the painted page farthest from page `nearId`, when at least `keep`
 * pages are painted; never a page in view (`visibleIds`) or next to one, which pdf.js paints
 * ahead. Answers whether one was taken back.
 */
export function reclaimFarthestCanvas(views: readonly (ReclaimableView | undefined)[], visibleIds: ReadonlySet<number>, nearId: number, keep: number): boolean {
  const painted = views.filter((view): view is ReclaimableView => !!view?.canvas);
  if (painted.length < keep) return false;
  const nearView = (id: number) => visibleIds.has(id) || visibleIds.has(id - 1) || visibleIds.has(id + 1);
  let farthest: ReclaimableView | undefined;
  for (const view of painted) {
    if (view.id === nearId || nearView(view.id)) continue;
    if (!farthest || Math.abs(view.id - nearId) > Math.abs(farthest.id - nearId)) farthest = view;
  }
  farthest?.reset();
  return !!farthest;
}

/** Runs `run` with `doc.createElement('canvas')` answering `canvas` once. */
function withFirstCanvas<T>(doc: CanvasDocument & object, canvas: HTMLCanvasElement, run: () => T): T {
  const own = Object.prototype.hasOwnProperty.call(doc, 'createElement');
  const create = doc.createElement;
  let handed = false;
  doc.createElement = function (this: unknown, tagName: string, options?: unknown) {
    if (!handed && tagName.toLowerCase() === 'canvas') {
      handed = true;
      return canvas;
    }
    return create.call(this, tagName, options);
  };
  try {
    return run();
  } finally {
    if (own) doc.createElement = create;
    else delete (doc as { createElement?: unknown }).createElement;
  }
}
