// pdf.js's viewer as text (Vite's ?raw), to check the two methods the pool wraps.
import source from 'pdfjs-dist/web/pdf_viewer.mjs?raw';
import { describe, expect, it, vi } from 'vitest';
import { KEEP_AFTER_LAST_MS, PageCanvasPool, poolPageCanvases, type CanvasDocument, type PageCanvasView } from './pageCanvasPool.ts';

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
function fakePageView(doc: CanvasDocument, width: number, height: number): PageCanvasView & { paint(): FakeCanvas } {
  const view = {
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
    for (const [w, h] of [[1600, 1200], [1200, 1600], [600, 800]]) pool.warmOne(doc, w!, h!);
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
    expect(pool.warmOne(doc, 600, 800)).toBe(true);
    expect(pool.warmOne(doc, 600, 800)).toBe(true);
    expect(pool.warmOne(doc, 600, 800)).toBe(false);
    expect(doc.made.every((c) => c.allocated && c.width === 600)).toBe(true);
  });

  it('leaves other elements, and canvases made once the page has its own, to the document', () => {
    const doc = fakeDocument();
    const pool = new PageCanvasPool(2, CONTEXT);
    pool.warmOne(doc, 600, 800);
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
    pool.warmOne(doc, 600, 800);
    const view = fakePageView(doc, 600, 800);
    view._createCanvas = () => ({ canvas: (view.canvas = {} as HTMLCanvasElement) });
    poolPageCanvases(view, pool, doc, () => 1);
    view._createCanvas();
    expect(pool.size).toBe(1);
  });
});

describe('page canvas pool users', () => {
  it('frees its canvases a while after the last reader lets go, not while one uses it', () => {
    vi.useFakeTimers();
    try {
      const doc = fakeDocument();
      const pool = new PageCanvasPool(2, CONTEXT);
      const first = pool.use();
      pool.warmOne(doc, 600, 800);
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
