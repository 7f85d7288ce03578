import { describe, expect, it } from 'vitest';
import { PageCanvasPool, type CanvasDocument } from './pageCanvasPool.ts';
import { keepSpareCanvases, SHOWN_FRAMES, STILL_MS, type IdleScheduler } from './spareCanvases.ts';

interface FakeCanvas {
  width: number;
  height: number;
  /** The inline style while it is set (null once removed). */
  style: { cssText: string } | null;
  onStage: boolean;
  /** Drawings made on it. */
  drawn: number;
  remove(): void;
  removeAttribute(name: string): void;
  getContext(): { fillRect(): void };
}

function canvasDocument(): CanvasDocument & { made: FakeCanvas[] } {
  const made: FakeCanvas[] = [];
  return {
    made,
    createElement() {
      const canvas: FakeCanvas = {
        width: 300, height: 150, style: { cssText: '' }, onStage: false, drawn: 0,
        remove() { canvas.onStage = false; },
        removeAttribute(name) { if (name === 'style') canvas.style = null; },
        getContext: () => ({ fillRect() { canvas.drawn += 1; } }),
      };
      made.push(canvas);
      return canvas;
    },
  };
}

function stage() {
  return { appendChild(canvas: HTMLCanvasElement) { (canvas as unknown as FakeCanvas).onStage = true; } };
}

/** Idle periods and frames run when the test says so; the clock moves when it says so. */
function manualIdle(): IdleScheduler & { time: number; runIdle(): number; runFrame(): number } {
  let queue: (() => void)[] = [];
  let frames: (() => void)[] = [];
  const runAll = (due: (() => void)[]) => {
    for (const run of due) run();
    return due.length;
  };
  const idle = {
    time: 0,
    now: () => idle.time,
    whenIdle(run: () => void) { queue.push(run); return run; },
    cancel(handle: unknown) { queue = queue.filter((run) => run !== handle); },
    nextFrame(run: () => void) { frames.push(run); return run; },
    cancelFrame(handle: unknown) { frames = frames.filter((run) => run !== handle); },
    /** Runs the idle callbacks due now; answers how many ran. */
    runIdle() {
      const due = queue;
      queue = [];
      return runAll(due);
    },
    /** Runs the frame callbacks due now; answers how many ran. */
    runFrame() {
      const due = frames;
      frames = [];
      return runAll(due);
    },
  };
  return idle;
}

/** Runs frames until none is asked for; answers how many ran. */
function runFrames(idle: ReturnType<typeof manualIdle>): number {
  let count = 0;
  while (idle.runFrame() > 0) count += 1;
  return count;
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
  const spares = keepSpareCanvases(pool, container as unknown as HTMLElement, doc, stage(), idle);
  return { doc, pool, idle, container, spares };
}

describe('spare page canvases', () => {
  it('makes canvases of the painted page size, one at a time, up to the spare count', () => {
    const { doc, pool, idle, container, spares } = spareKeeper();
    expect(idle.runIdle(), 'no size yet').toBe(0);
    spares.painted(612, 792);
    expect(idle.runIdle()).toBe(1);
    expect(idle.runIdle(), 'none while one is shown').toBe(0);
    expect(runFrames(idle)).toBe(SHOWN_FRAMES);
    expect(pool.size).toBe(1);
    expect(idle.runIdle()).toBe(1);
    runFrames(idle);
    expect(pool.size).toBe(2);
    expect(idle.runIdle(), 'full').toBe(0);
    expect(doc.made.map((c) => [c.width, c.height])).toEqual([[612, 792], [612, 792]]);
    spares.stop();
    expect(container.listeners).toHaveLength(0);
  });

  it('shows each spare, drawn on, for its first frames before the pool has it, then takes it off the stage', () => {
    const { doc, pool, idle, spares } = spareKeeper();
    spares.painted(612, 792);
    idle.runIdle();
    const canvas = doc.made[0]!;
    expect(canvas.onStage).toBe(true);
    expect(canvas.style?.cssText, 'composited, unseen').toMatch(/position:fixed.*width:1px;height:1px;opacity:0.01/);
    const allocated = canvas.drawn;
    for (let frame = 1; frame < SHOWN_FRAMES; frame++) {
      idle.runFrame();
      expect(canvas.drawn - allocated, 'one drawing a frame').toBe(frame);
      expect(pool.size).toBe(0);
    }
    idle.runFrame();
    expect(pool.size).toBe(1);
    expect(canvas.onStage).toBe(false);
    expect(canvas.style, 'its style removed for pdf.js').toBeNull();
    spares.stop();
  });

  it('cuts the showing short when a scroll starts, and makes the next once the view is still', () => {
    const { doc, pool, idle, container, spares } = spareKeeper();
    spares.painted(612, 792);
    idle.runIdle();
    idle.runFrame();
    idle.time += 16;
    container.scroll();
    idle.runFrame();
    expect(pool.size, 'in the pool, not on the stage').toBe(1);
    expect(doc.made[0]!.onStage).toBe(false);
    expect(idle.runFrame(), 'no frame asked for').toBe(0);
    idle.runIdle();
    expect(doc.made, 'not while the view scrolls').toHaveLength(1);
    idle.time += STILL_MS;
    idle.runIdle();
    expect(doc.made).toHaveLength(2);
    spares.stop();
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
    runFrames(idle);
    expect(pool.size).toBe(1);
    spares.stop();
    expect(idle.runIdle(), 'stopped').toBe(0);
  });

  it('gives the canvas being shown to the pool when stopped, and asks for no more frames', () => {
    const { doc, pool, idle, spares } = spareKeeper();
    spares.painted(612, 792);
    idle.runIdle();
    idle.runFrame();
    spares.stop();
    expect(pool.size).toBe(1);
    expect(doc.made[0]!.onStage).toBe(false);
    expect(idle.runFrame()).toBe(0);
  });
});
