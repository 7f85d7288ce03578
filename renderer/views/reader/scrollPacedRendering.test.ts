import { describe, expect, it } from 'vitest';
import { paceRendering, PACE_WINDOW_MS, REST_MS, ScrollPace, type PaceClock } from './scrollPacedRendering.ts';

function manualClock(): PaceClock & { advance(ms: number): void; pending(): number } {
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  return {
    now: () => now,
    setTimeout: (run, ms) => { timers.set(next, { at: now + ms, run }); return next++; },
    clearTimeout: (handle) => { timers.delete(handle as number); },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}

const SCREEN = 800;

/** pdf.js's queue as far as the pacing wraps it: what it was asked to render. */
function fakeQueue() {
  const rendered: unknown[] = [];
  return { rendered, renderHighestPriority(visible?: unknown) { rendered.push(visible ?? 'visible now'); }, isHighestPriority: (view: unknown) => view !== undefined };
}

/** The viewer's scroll update: the container moved, then pdf.js asks for rendering. */
function scrolled(container: { scrollTop: number }, queue: { renderHighestPriority(v?: unknown): void }, top: number, page: string): void {
  container.scrollTop = top;
  queue.renderHighestPriority(page);
}

describe('scroll-paced rendering', () => {
  it('tells a fling from a jump, from reading and from rest', () => {
    const pace = new ScrollPace(0);
    pace.record(40_000, 0);
    expect(pace.isFling(0, SCREEN), 'a jump').toBe(false);
    pace.record(40_100, 16);
    pace.record(40_100, 32);
    expect(pace.isFling(32, SCREEN), 'a jump and a nudge').toBe(false);
    const reading = new ScrollPace(0);
    for (let i = 1; i <= 10; i++) reading.record(i * 60, i * 25);
    expect(reading.isFling(250, SCREEN), 'reading: 600 px in 250 ms').toBe(false);
    const fling = new ScrollPace(0);
    fling.record(400, 16);
    expect(fling.isFling(16, SCREEN), 'one step').toBe(false);
    fling.record(800, 32);
    fling.record(1200, 48);
    expect(fling.isFling(48, SCREEN), 'three half screens in 32 ms').toBe(true);
    const slowFrames = new ScrollPace(0);
    slowFrames.record(400, 0);
    slowFrames.record(1000, 200);
    expect(slowFrames.isFling(210, SCREEN), 'a fling in slow frames').toBe(true);
    expect(fling.isFling(48 + REST_MS + 1, SCREEN), 'at rest').toBe(false);
    expect(fling.isFling(48 + PACE_WINDOW_MS + 1, SCREEN)).toBe(false);
  });

  it('holds rendering while flung and renders what is visible once the view rests', () => {
    const clock = manualClock();
    const queue = fakeQueue();
    const container = { scrollTop: 0 };
    const undo = paceRendering(queue, container as unknown as HTMLElement, () => SCREEN, clock);
    for (let i = 1; i <= 10; i++) {
      clock.advance(16);
      scrolled(container, queue, i * 400, `page ${i}`);
      // Two half screens are not yet over a screen; from the third step the view is flung.
      if (i >= 3) expect(queue.isHighestPriority({}), 'a page being painted pauses').toBe(false);
    }
    expect(queue.rendered, 'nothing painted once the fling is seen').toEqual(['page 1', 'page 2']);
    clock.advance(REST_MS * 2);
    expect(queue.rendered, 'the pages visible at rest, read when rendering resumes').toEqual(['page 1', 'page 2', 'visible now']);
    expect(queue.isHighestPriority({})).toBe(true);
    expect(clock.pending()).toBe(0);
    undo();
  });

  it('renders a jump at once', () => {
    const clock = manualClock();
    const queue = fakeQueue();
    const container = { scrollTop: 0 };
    paceRendering(queue, container as unknown as HTMLElement, () => SCREEN, clock);
    scrolled(container, queue, 40_000, 'page 50');
    clock.advance(16);
    queue.renderHighestPriority('page 50 again');
    expect(queue.rendered).toEqual(['page 50', 'page 50 again']);
  });

  it('undoes the wrapping and its pending retry', () => {
    const clock = manualClock();
    const queue = fakeQueue();
    const container = { scrollTop: 0 };
    const undo = paceRendering(queue, container as unknown as HTMLElement, () => SCREEN, clock);
    for (let i = 1; i <= 5; i++) { clock.advance(16); scrolled(container, queue, i * 500, `page ${i}`); }
    expect(clock.pending()).toBe(1);
    undo();
    expect(clock.pending()).toBe(0);
    scrolled(container, queue, 9000, 'after');
    expect(queue.rendered).toEqual(['page 1', 'after']);
  });
});
