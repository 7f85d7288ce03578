// A clock for tests: time stands still until the test moves it, and timers fire only then,
// in the order they are due. Tests wait on signals (a timer being set, a promise settling),
// never on real time.
import type { CancelTimer, Clock } from './clock.ts';

interface Timer {
  at: number;
  order: number;
  fn: () => void;
}

export interface ManualClock extends Clock {
  /** Moves time on by `ms`, firing every timer due meanwhile at its own time. */
  advance(ms: number): void;
  /** Moves time to the next timer and fires it (and any due at the same time); false if none. */
  next(): boolean;
  /** Timers set and not yet fired or cancelled. */
  pending(): number;
  /** Resolves once a timer is pending (at once if one is). */
  whenPending(): Promise<void>;
  /**
   * Waits for `work`, moving time to the next timer whenever one is set and `work` is not done
   * yet (I/O gets its turn first). For work whose only timers are its own waits: with a
   * repeating timer set (a started sync engine) time would run on without end.
   */
  settle<T>(work: Promise<T>): Promise<T>;
}

export function createManualClock(start = Date.UTC(2026, 0, 1)): ManualClock {
  let time = start;
  let order = 0;
  const timers = new Set<Timer>();
  const waiters: (() => void)[] = [];

  const due = () => [...timers].sort((x, y) => x.at - y.at || x.order - y.order)[0];

  function fire(timer: Timer): void {
    timers.delete(timer);
    time = Math.max(time, timer.at);
    timer.fn();
  }

  const clock: ManualClock = {
    now: () => time,

    after(ms, fn): CancelTimer {
      const timer: Timer = { at: time + Math.max(0, ms), order: order++, fn };
      timers.add(timer);
      for (const wake of waiters.splice(0)) wake();
      return () => void timers.delete(timer);
    },

    advance(ms) {
      const until = time + ms;
      for (let timer = due(); timer && timer.at <= until; timer = due()) fire(timer);
      time = until;
    },

    next() {
      const first = due();
      if (!first) return false;
      for (let timer = due(); timer && timer.at <= first.at; timer = due()) fire(timer);
      return true;
    },

    pending: () => timers.size,

    whenPending() {
      if (timers.size > 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },

    async settle(work) {
      let done = false;
      const finished = work.then(() => { done = true; }, () => { done = true; });
      for (;;) {
        await Promise.race([finished, clock.whenPending()]);
        if (done) return work;
        // Replies already on their way are read before time moves.
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (done) return work;
        clock.next();
      }
    },
  };
  return clock;
}
