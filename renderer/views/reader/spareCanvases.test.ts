import { describe, expect, it } from 'vitest';
import { PageCanvasPool, type CanvasDocument } from './pageCanvasPool.ts';
import { keepSpareCanvases, STILL_MS, type IdleScheduler } from './spareCanvases.ts';

function canvasDocument(): CanvasDocument & { made: { width: number; height: number }[] } {
  const made: { width: number; height: number }[] = [];
  return {
    made,
    createElement() {
      const canvas = { width: 300, height: 150, remove() {}, getContext: () => ({ fillRect() {} }) };
      made.push(canvas);
      return canvas;
    },
  };
}

/** Idle periods run when the test says so; the clock moves when it says so. */
function manualIdle(): IdleScheduler & { time: number; runIdle(): number } {
  let queue: (() => void)[] = [];
  const idle = {
    time: 0,
    now: () => idle.time,
    whenIdle(run: () => void) { queue.push(run); return run; },
    cancel(handle: unknown) { queue = queue.filter((run) => run !== handle); },
    /** Runs the idle callbacks due now; answers how many ran. */
    runIdle() {
      const due = queue;
      queue = [];
      for (const run of due) run();
      return due.length;
    },
  };
  return idle;
}

function scrollable() {
  const listeners: (() => void)[] = [];
  return {
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.splice(listeners.indexOf(listener), 1),
    scroll: () => listeners.forEach((listener) => listener()),
    listeners,
  };
}

/** A pool of two spares kept stocked, on a manual idle clock and a scrollable stand-in. */
function spareKeeper() {
  const doc = canvasDocument();
  const pool = new PageCanvasPool(2, { alpha: false });
  const idle = manualIdle();
  const container = scrollable();
  const spares = keepSpareCanvases(pool, container as unknown as HTMLElement, doc, idle);
  return { doc, pool, idle, container, spares };
}

describe('spare page canvases', () => {
  it('makes canvases of the painted page size, one per idle period, up to the spare count', () => {
    const { doc, pool, idle, container, spares } = spareKeeper();
    expect(idle.runIdle(), 'no size yet').toBe(0);
    spares.painted(612, 792);
    expect(idle.runIdle()).toBe(1);
    expect(pool.size).toBe(1);
    expect(idle.runIdle()).toBe(1);
    expect(pool.size).toBe(2);
    expect(idle.runIdle(), 'full').toBe(0);
    expect(doc.made.map((c) => [c.width, c.height])).toEqual([[612, 792], [612, 792]]);
    spares.stop();
    expect(container.listeners).toHaveLength(0);
  });

  it('makes none while the view scrolls, and resumes once it is still', () => {
    const { pool, idle, container, spares } = spareKeeper();
    spares.painted(612, 792);
    for (let i = 0; i < 10; i++) {
      idle.time += 16;
      container.scroll();
      idle.runIdle();
    }
    expect(pool.size).toBe(0);
    idle.time += STILL_MS;
    idle.runIdle();
    expect(pool.size).toBe(1);
    spares.stop();
    expect(idle.runIdle(), 'stopped').toBe(0);
  });
});
