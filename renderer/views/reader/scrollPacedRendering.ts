// Pages are not painted while the reader flies past them. pdf.js starts rendering every page
// that becomes visible; during a fling a page is on screen for a frame or two, and painting
// it (clearing a page-sized canvas, running its drawing operations, laying out its text
// layer) costs tens of milliseconds a page in software, so every frame of the fling drops.
// While the view moves over a screen within PACE_WINDOW_MS and is still moving, rendering is
// held (a page being painted pauses at its next chunk, as pdf.js pauses pages that lose
// priority); it resumes once the view slows or rests. A jump (a link, the panel, Page Down)
// is one step and renders at once.

/** The part of pdf.js's PDFRenderingQueue this module wraps. */
export interface RenderingQueue {
  renderHighestPriority(visible?: unknown): void;
  isHighestPriority(view: unknown): boolean;
}

export interface PaceClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: PaceClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The span over which the speed of scrolling is judged. */
export const PACE_WINDOW_MS = 250;
/** A view with no scroll step for this long is at rest, however fast it went before. */
export const REST_MS = 100;
/** A step longer than this many screens is a jump (a link, the panel), not part of a fling. */
const JUMP_SCREENS = 4;

/** Recent scroll steps, and whether they add up to a fling. */
export class ScrollPace {
  private steps: { at: number; moved: number }[] = [];

  constructor(private top: number) {}

  /** The view's position as read at `at`; steps of no movement are not steps. */
  record(top: number, at: number): void {
    const moved = Math.abs(top - this.top);
    this.top = top;
    if (moved > 0) this.steps.push({ at, moved });
    this.forget(at);
  }

  /** More than one screen (of `screen` pixels) in two or more steps within the window, and still moving. */
  isFling(now: number, screen: number): boolean {
    this.forget(now);
    const last = this.steps[this.steps.length - 1];
    if (!last || now - last.at > REST_MS) return false;
    const flung = this.steps.filter((step) => step.moved <= screen * JUMP_SCREENS);
    return flung.length >= 2 && flung.reduce((sum, step) => sum + step.moved, 0) > screen;
  }

  private forget(now: number): void {
    const from = now - PACE_WINDOW_MS;
    let drop = 0;
    while (drop < this.steps.length && this.steps[drop]!.at < from) drop++;
    if (drop) this.steps.splice(0, drop);
  }
}

/**
 * Holds `queue`'s rendering while `container` is flung, and renders what is visible once it
 * slows. `screenHeight` answers the container's height without a layout (a size kept by a
 * resize observer). Returns a function that undoes the wrapping.
 */
export function paceRendering(queue: RenderingQueue, container: HTMLElement, screenHeight: () => number, clock: PaceClock = realClock): () => void {
  const pace = new ScrollPace(container.scrollTop);
  const render = queue.renderHighestPriority.bind(queue);
  const highest = queue.isHighestPriority.bind(queue);
  let retry: unknown;
  const flinging = () => pace.isFling(clock.now(), screenHeight());
  const resumeWhenSlow = () => {
    retry = undefined;
    if (flinging()) hold();
    else render();
  };
  // The visible pages are read again when rendering resumes: those of now will have scrolled away.
  const hold = () => {
    if (retry === undefined) retry = clock.setTimeout(resumeWhenSlow, REST_MS / 2);
  };
  // pdf.js asks for rendering from its scroll update, in the frame, just after reading the
  // position itself: reading it here forces no layout (a scroll listener's read would).
  queue.renderHighestPriority = (visible?: unknown) => {
    pace.record(container.scrollTop, clock.now());
    if (flinging()) hold();
    else render(visible);
  };
  queue.isHighestPriority = (view: unknown) => {
    if (!flinging()) return highest(view);
    hold();
    return false;
  };
  return () => {
    if (retry !== undefined) clock.clearTimeout(retry);
    queue.renderHighestPriority = render;
    queue.isHighestPriority = highest;
  };
}
