// pdf.js's viewer as text (Vite's ?raw), to check the two methods the pool wraps.
import source from 'pdfjs-dist/web/pdf_viewer.mjs?raw';
import { describe, expect, it, vi } from 'vitest';
import { KEEP_AFTER_LAST_MS, PageCanvasPool, poolPageCanvases, reclaimFarthestCanvas, type CanvasDocument, type PageCanvasView } from './pageCanvasPool.ts';

interface FakeCanvas {
  width: number;
  height: number;
  /** Pixels allocated: the first drawing on a canvas of that size allocates them, a resize drops them. */
  allocated: boolean;
  attached: boolean;
  remove(): void;
  getContext(kind: string, attributes?: unknown): { fillRect(): void };
}

function fakeDocument(): CanvasDocument & { made: FakeCanvas[] } {
  const made: FakeCanvas[] = [];
  return {
    made,
    createElement(tagName: string) {
      if (tagName !== 'canvas') return { tagName };
      let width = 300;
      let height = 150;
      const canvas: FakeCanvas = {
        get width() { return width; },
        set width(w) { if (w !== width) canvas.allocated = false; width = w; },
        get height() { return height; },
        set height(h) { if (h !== height) canvas.allocated = false; height = h; },
        allocated: false,
        attached: false,
        remove() { canvas.attached = false; },
        getContext: () => ({ fillRect() { canvas.allocated = true; } }),
      };
      made.push(canvas);
      return canvas;
    },
  };
}

/** What pdf.js's page view does with its canvas (BasePDFPageView / PDFPageView, pdfjs-dist 5). */
function fakePageView(doc: CanvasDocument, width: number, height: number, id = 1): PageCanvasView & { paint(): FakeCanvas } {
  const view = {
    id,
    canvas: null as HTMLCanvasElement | null,
    viewport: { width, height },
    _createCanvas() {
      const canvas = (view.canvas = doc.createElement('canvas') as HTMLCanvasElement);
      return { canvas, prevCanvas: null };
    },
    _resetCanvas() {
      const canvas = view.canvas;
      if (!canvas) return;
      canvas.remove();
      canvas.width = canvas.height = 0;
      view.canvas = null;
    },
    paint() {
      const { canvas } = view._createCanvas() as unknown as { canvas: FakeCanvas };
      canvas.width = width;
      canvas.height = height;
      canvas.attached = true;
      canvas.getContext('2d').fillRect();
      return canvas;
    },
  };
  return view;
}

const CONTEXT = { alpha: false, willReadFrequently: false };

/** A spare canvas made and given to the pool at once (spareCanvases.ts shows it first). */
function stock(pool: PageCanvasPool, doc: CanvasDocument, width: number, height: number): void {
  const canvas = pool.makeSpare(doc, width, height);
  if (canvas) pool.give(canvas);
}

describe('page canvas pool', () => {
  it('hands the canvas of a page pdf.js lets go of to the next page painted, its pixels kept', () => {
    const doc = fakeDocument();
    const pool = new PageCanvasPool(2, CONTEXT);
    const first = fakePageView(doc, 600, 800);
    const next = fakePageView(doc, 600, 800);
    for (const view of [first, next]) poolPageCanvases(view, pool, doc, () => 1);
    const canvas = first.paint();
    first._resetCanvas();
    expect(first.canvas).toBeNull();
    expect(canvas.attached, 'out of the page').toBe(false);
    expect(canvas.allocated, 'not zeroed').toBe(true);
    expect(pool.size).toBe(1);
    expect(next.paint(), 'the same canvas').toBe(canvas);
    expect(pool.size).toBe(0);
    expect(doc.made.filter((c) => c.width > 0)).toEqual([canvas]);
  });

  it('keeps no more than its spare canvases and zeroes the rest', () => {
    const doc = fakeDocument();
    const pool = new PageCanvasPool(1, CONTEXT);
    const views = [1, 2].map(() => fakePageView(doc, 600, 800));
    for (const view of views) poolPageCanvases(view, pool, doc, () => 1);
    const canvases = views.map((view) => view.paint());
    for (const view of views) view._resetCanvas();
    expect(pool.size).toBe(1);
    expect(canvases.map((c) => c.width)).toEqual([600, 0]);
    pool.clear();
    expect(canvases[0]!.width).toBe(0);
  });

  it('gives the free canvas nearest the page size, at the device pixel ratio', () => {
    const doc = fakeDocument();
    const pool = new PageCanvasPool(3, CONTEXT);
    for (const [w, h] of [[1600, 1200], [1200, 1600], [600, 800]]) stock(pool, doc, w!, h!);
    const portrait = fakePageView(doc, 600, 800);
    poolPageCanvases(portrait, pool, doc, () => 2);
    const canvas = portrait.paint();
    expect(canvas.allocated, 'painted on a canvas already that size').toBe(true);
    expect([canvas.width, canvas.height]).toEqual([600, 800]);
    expect(pool.take(1600, 1200)?.width).toBe(1600);
  });

  it('makes spare canvases with their pixels allocated, up to its spare count', () => {
    const doc = fakeDocument();
    const pool = new PageCanvasPool(2, CONTEXT);
    for (let i = 0; i < 2; i++) {
      const canvas = pool.makeSpare(doc, 600, 800);
      expect(canvas).toBeDefined();
      pool.give(canvas!);
    }
    expect(pool.makeSpare(doc, 600, 800), 'full').toBeUndefined();
    expect(pool.size).toBe(2);
    expect(doc.made.every((c) => c.allocated && c.width === 600)).toBe(true);
  });

  it('leaves other elements, and canvases made once the page has its own, to the document', () => {
    const doc = fakeDocument();
    const pool = new PageCanvasPool(2, CONTEXT);
    stock(pool, doc, 600, 800);
    const view = fakePageView(doc, 600, 800);
    const create = view._createCanvas;
    const extras: unknown[] = [];
    view._createCanvas = (...args) => {
      extras.push(doc.createElement('div'));
      const result = create(...args);
      extras.push(doc.createElement('canvas'));
      return result;
    };
    poolPageCanvases(view, pool, doc, () => 1);
    const canvas = view.paint();
    expect(canvas).toBe(doc.made[0]);
    expect(extras[0]).toEqual({ tagName: 'div' });
    expect(extras[1]).toBe(doc.made[1]);
    expect(doc.made).toHaveLength(2);
    expect(doc.createElement('canvas'), 'the document restored').toBe(doc.made[2]);
  });

  it('takes the canvas back when the page view made its canvas some other way', () => {
    const doc = fakeDocument();
    const pool = new PageCanvasPool(2, CONTEXT);
    stock(pool, doc, 600, 800);
    const view = fakePageView(doc, 600, 800);
    view._createCanvas = () => ({ canvas: (view.canvas = {} as HTMLCanvasElement) });
    poolPageCanvases(view, pool, doc, () => 1);
    view._createCanvas();
    expect(pool.size).toBe(1);
  });
});

describe('taking back a far page\'s canvas', () => {
  /** Pages 1..count, each painted on a canvas of its own; `reset` gives it back as pdf.js's does. */
  function paintedPages(doc: ReturnType<typeof fakeDocument>, pool: PageCanvasPool, count: number) {
    const views = Array.from({ length: count }, (_, i) => {
      const view = fakePageView(doc, 600, 800, i + 1);
      return Object.assign(view, { reset: () => view._resetCanvas() });
    });
    for (const view of views) poolPageCanvases(view, pool, doc, () => 1);
    return views;
  }

  it('takes the canvas of the painted page farthest from the one to paint, never one in view or next to it', () => {
    const doc = fakeDocument();
    const pool = new PageCanvasPool(4, CONTEXT);
    const views = paintedPages(doc, pool, 10);
    for (const view of views.slice(0, 8)) view.paint();
    // Pages 6 and 7 in view, page 9 to paint: page 1 is farthest.
    expect(reclaimFarthestCanvas(views, new Set([6, 7]), 9, 6)).toBe(true);
    expect(views[0]!.canvas).toBeNull();
    expect(pool.size).toBe(1);
    // Going back up (page 2 to paint, pages 3 and 4 in view): the farthest is page 8, next is 7, then 6.
    expect(reclaimFarthestCanvas(views, new Set([3, 4]), 2, 6)).toBe(true);
    expect(views[7]!.canvas).toBeNull();
    // Nothing out of view and not next to it is left but pages 6 and 7 ... then none once fewer than `keep` are painted.
    expect(reclaimFarthestCanvas(views, new Set([3, 4]), 2, 6)).toBe(true);
    expect(views.filter((v) => v.canvas).map((v) => v.id)).toEqual([2, 3, 4, 5, 6]);
    expect(reclaimFarthestCanvas(views, new Set([3, 4]), 2, 6), 'five painted, six kept').toBe(false);
  });

  it('leaves pages in view and their neighbours even when many are painted', () => {
    const doc = fakeDocument();
    const pool = new PageCanvasPool(4, CONTEXT);
    const views = paintedPages(doc, pool, 6);
    for (const view of views) view.paint();
    // Zoomed out: pages 2 to 5 in view, 1 and 6 next to them.
    expect(reclaimFarthestCanvas(views, new Set([2, 3, 4, 5]), 6, 2)).toBe(false);
    expect(views.every((v) => v.canvas)).toBe(true);
  });

  it('asks for a canvas back only when the pool has none, and paints the next page on it', () => {
    const doc = fakeDocument();
    const pool = new PageCanvasPool(4, CONTEXT);
    const views = paintedPages(doc, pool, 10);
    const asked: number[] = [];
    const reclaim = (nearId: number) => {
      asked.push(nearId);
      reclaimFarthestCanvas(views, new Set([9, 10]), nearId, 6);
    };
    const [next, last] = [11, 12].map((id) => fakePageView(doc, 600, 800, id));
    for (const view of [next!, last!]) poolPageCanvases(view, pool, doc, () => 1, reclaim);
    const first = views[0]!.paint();
    for (const view of views.slice(1)) view.paint();
    expect(next!.paint(), 'page 1\'s canvas').toBe(first);
    expect(asked).toEqual([11]);
    stock(pool, doc, 600, 800);
    expect(last!.paint(), 'the spare, nothing asked').toBe(doc.made.at(-1));
    expect(asked).toEqual([11]);
  });
});

describe('page canvas pool users', () => {
  it('frees its canvases a while after the last reader lets go, not while one uses it', () => {
    vi.useFakeTimers();
    try {
      const doc = fakeDocument();
      const pool = new PageCanvasPool(2, CONTEXT);
      const first = pool.use();
      stock(pool, doc, 600, 800);
      const second = pool.use();
      first();
      first();
      vi.advanceTimersByTime(KEEP_AFTER_LAST_MS * 2);
      expect(pool.size, 'a reader still open').toBe(1);
      second();
      vi.advanceTimersByTime(KEEP_AFTER_LAST_MS - 1);
      expect(pool.size).toBe(1);
      const third = pool.use();
      vi.advanceTimersByTime(KEEP_AFTER_LAST_MS * 2);
      expect(pool.size, 'a reader opened again in time').toBe(1);
      third();
      vi.advanceTimersByTime(KEEP_AFTER_LAST_MS);
      expect(pool.size).toBe(0);
      expect(doc.made[0]!.width).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

// The hook relies on how pdf.js's page view makes and lets go of its canvas. These fail when
// an upgrade of pdfjs-dist changes that: then pageCanvasPool.ts must follow it.
describe('pdf.js page view, as the pool wraps it', () => {
  const method = (name: string) => {
    const start = source.indexOf(`\n  ${name}(`, source.indexOf('class BasePDFPageView'));
    return source.slice(start, source.indexOf('\n  }\n', start));
  };

  it('makes the page canvas in _createCanvas with document.createElement, before sizing it', () => {
    const create = method('_createCanvas');
    expect(create).toMatch(/let canvas = this\.canvas = document\.createElement\("canvas"\);/);
    expect(create.match(/document\.createElement/g)).toHaveLength(1);
    const draw = source.slice(source.indexOf('} = this._createCanvas(', source.indexOf('class PDFPageView')));
    expect(draw.slice(0, 1500)).toMatch(/canvas\.width = floorToDivide/);
  });

  it('lets go of the page canvas in _resetCanvas: this.canvas, removed and zeroed', () => {
    const reset = method('_resetCanvas');
    expect(reset).toMatch(/canvas\s*\}\s*=\s*this;/);
    expect(reset).toMatch(/canvas\.remove\(\);\s*canvas\.width = canvas\.height = 0;\s*this\.canvas = null;/);
  });
});
