import { describe, expect, it } from 'vitest';
import { every, resettableTimer, sleepOn } from './clock.ts';
import { createManualClock } from './manualClock.ts';

describe('the manual clock', () => {
  it('fires timers only when moved, in the order they are due, each at its own time', () => {
    const clock = createManualClock(1_000);
    const fired: [string, number][] = [];
    clock.after(300, () => fired.push(['late', clock.now()]));
    clock.after(100, () => fired.push(['early', clock.now()]));
    const cancel = clock.after(200, () => fired.push(['cancelled', clock.now()]));
    cancel();
    expect(fired).toEqual([]);
    clock.advance(250);
    expect(fired).toEqual([['early', 1_100]]);
    expect(clock.now()).toBe(1_250);
    expect(clock.next()).toBe(true);
    expect(fired).toEqual([['early', 1_100], ['late', 1_300]]);
    expect(clock.next()).toBe(false);
  });

  it('repeats with every(), and a resettable timer keeps only its last setting', () => {
    const clock = createManualClock(0);
    let ticks = 0;
    const stop = every(clock, 10, () => ticks++);
    clock.advance(35);
    expect(ticks).toBe(3);
    stop();
    clock.advance(100);
    expect(ticks).toBe(3);

    const debounce = resettableTimer(clock);
    const calls: number[] = [];
    debounce.set(50, () => calls.push(clock.now()));
    clock.advance(40);
    debounce.set(50, () => calls.push(clock.now()));
    clock.advance(100);
    expect(calls).toEqual([225]);
  });

  it('settles work that waits on it, moving time only while the work is not done', async () => {
    const clock = createManualClock(0);
    const work = (async () => {
      await sleepOn(clock, 1_000, undefined, () => new Error('aborted'));
      await sleepOn(clock, 2_000, undefined, () => new Error('aborted'));
      return 'done';
    })();
    expect(await clock.settle(work)).toBe('done');
    expect(clock.now()).toBe(3_000);
    expect(clock.pending()).toBe(0);
  });

  it('ends a wait when its signal aborts', async () => {
    const clock = createManualClock(0);
    const controller = new AbortController();
    const waiting = sleepOn(clock, 1_000, controller.signal, () => new Error('cancelled'));
    controller.abort();
    await expect(waiting).rejects.toThrow('cancelled');
    expect(clock.pending()).toBe(0);
  });
});
