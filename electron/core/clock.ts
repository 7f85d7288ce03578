// The core's one clock: the time of day and every timer the core waits on (the sync
// engine's schedule, its retries' backoff, the change channel's reopening, the importer's
// lookup retries, live bibliography writes, the sign-in time limit). createCore takes one,
// so tests drive time with a manual clock (manualClock.ts) instead of sleeping.

/** Stops a timer that has not fired yet; harmless after it fired. */
export type CancelTimer = () => void;

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `fn` once after `ms`. Never keeps the process alive on its own. */
  after(ms: number, fn: () => void): CancelTimer;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

/** Calls `fn` every `ms` until cancelled (each call scheduled after the previous one). */
export function every(clock: Clock, ms: number, fn: () => void): CancelTimer {
  let cancelNext: CancelTimer = () => undefined;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    cancelNext = clock.after(ms, tick);
    fn();
  };
  cancelNext = clock.after(ms, tick);
  return () => {
    stopped = true;
    cancelNext();
  };
}

/** A timer that can be set again (a debounce): each `set` replaces the one before. */
export function resettableTimer(clock: Clock): { set(ms: number, fn: () => void): void; cancel(): void } {
  let cancel: CancelTimer = () => undefined;
  return {
    set(ms, fn) {
      cancel();
      cancel = clock.after(ms, fn);
    },
    cancel: () => cancel(),
  };
}

/** Waits `ms` on the clock; rejects with `aborted()` if the signal ends the wait first. */
export function sleepOn(clock: Clock, ms: number, signal: AbortSignal | undefined, aborted: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const onAbort = () => {
      cancel();
      reject(aborted());
    };
    const cancel = clock.after(ms, () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
