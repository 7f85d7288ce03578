// When the window last asked the core for something, so that the core's background work
// (the citation engine's warm-up, the render cache's fill) waits while a person uses the
// window. Both run on the core's one thread: a 20-60 ms slice of citeproc-js that starts
// just before a keystroke's search delays the results by as much, and the warm-up (100
// references) held the first rows of a new window for hundreds of milliseconds.
import type { CancelTimer, Clock } from '../clock.ts';
import type { Handlers } from './handlerTypes.ts';

/** How long the window must have asked nothing before background work runs. */
export const WINDOW_QUIET_MS = 1_000;

export interface WindowActivity {
  /** The window asked for something now. */
  touch(): void;
  /** Milliseconds until the window will have been quiet for WINDOW_QUIET_MS (0: it has). */
  untilQuiet(): number;
}

export function createWindowActivity(clock: Clock): WindowActivity {
  let last = Number.NEGATIVE_INFINITY;
  return {
    touch() {
      last = clock.now();
    },
    untilQuiet() {
      return Math.max(0, last + WINDOW_QUIET_MS - clock.now());
    },
  };
}

/** Background work that never waits (tests, and areas used without a window). */
export const noWindowActivity: WindowActivity = { touch: () => undefined, untilQuiet: () => 0 };

/** Runs `fn` once the window has been quiet long enough (at once if it has). */
export function whenWindowQuiet(clock: Clock, activity: WindowActivity, fn: () => void): CancelTimer {
  let cancel: CancelTimer | undefined;
  let cancelled = false;
  const attempt = () => {
    cancel = undefined;
    if (cancelled) return;
    const wait = activity.untilQuiet();
    if (wait > 0) cancel = clock.after(wait, attempt);
    else fn();
  };
  attempt();
  return () => {
    cancelled = true;
    cancel?.();
  };
}

/**
 * Runs `steps` one at a time, each once the window is quiet, with a turn of the event loop
 * between them (so a command that arrives meanwhile is answered before the next step, and
 * the steps after it wait for the next pause). `done(true)` after the last; nothing once
 * cancelled.
 */
export function stepsWhenWindowQuiet(clock: Clock, activity: WindowActivity, steps: readonly (() => void)[], done: (completed: boolean) => void): CancelTimer {
  let cancel: CancelTimer | undefined;
  let cancelled = false;
  const run = (index: number) => {
    if (cancelled) return;
    if (index >= steps.length) return done(true);
    cancel = whenWindowQuiet(clock, activity, () => {
      steps[index]!();
      cancel = clock.after(0, () => run(index + 1));
    });
  };
  run(0);
  return () => {
    cancelled = true;
    cancel?.();
  };
}

/** The same handlers, each noting the window's activity before it runs. */
export function noteWindowActivity(handlers: Handlers, activity: WindowActivity): Handlers {
  const noted: Record<string, (request: unknown) => unknown> = {};
  for (const [name, handler] of Object.entries(handlers) as [string, (request: unknown) => unknown][]) {
    noted[name] = (request) => {
      activity.touch();
      return handler(request);
    };
  }
  return noted as Handlers;
}
