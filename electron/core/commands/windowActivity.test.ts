import { describe, expect, it } from 'vitest';
import { dispatch, type Handlers } from '../bridge/dispatch.ts';
import { createManualClock } from '../manualClock.ts';
import { createWindowActivity, noteWindowActivity, stepsWhenWindowQuiet, whenWindowQuiet, WINDOW_QUIET_MS } from './windowActivity.ts';

describe('window activity', () => {
  it('counts the quiet from the window’s last command', async () => {
    const clock = createManualClock();
    const activity = createWindowActivity(clock);
    expect(activity.untilQuiet()).toBe(0);
    const handlers = noteWindowActivity({ 'app.info': () => ({ name: 'RefShelf' }) } as unknown as Handlers, activity);
    expect(await dispatch(handlers, 'app.info', undefined)).toMatchObject({ ok: true, value: { name: 'RefShelf' } });
    expect(activity.untilQuiet()).toBe(WINDOW_QUIET_MS);
    clock.advance(400);
    expect(activity.untilQuiet()).toBe(WINDOW_QUIET_MS - 400);
    clock.advance(WINDOW_QUIET_MS);
    expect(activity.untilQuiet()).toBe(0);
  });

  it('runs background work at once when the window is quiet, else after the pause, and not once cancelled', () => {
    const clock = createManualClock();
    const activity = createWindowActivity(clock);
    const ran: number[] = [];
    whenWindowQuiet(clock, activity, () => ran.push(clock.now()));
    expect(ran).toEqual([clock.now()]);
    const start = clock.now();
    activity.touch();
    whenWindowQuiet(clock, activity, () => ran.push(clock.now()));
    clock.advance(600);
    activity.touch(); // asked again meanwhile: the pause starts over
    clock.advance(WINDOW_QUIET_MS - 1);
    expect(ran).toHaveLength(1);
    clock.advance(1);
    expect(ran).toEqual([start, start + 600 + WINDOW_QUIET_MS]);
    activity.touch();
    whenWindowQuiet(clock, activity, () => ran.push(clock.now()))();
    clock.advance(2 * WINDOW_QUIET_MS);
    expect(ran).toHaveLength(2);
  });

  it('runs steps one per turn, each waiting for a pause when the window asked for something after the last', () => {
    const clock = createManualClock();
    const activity = createWindowActivity(clock);
    const ran: string[] = [];
    let completed: boolean | undefined;
    stepsWhenWindowQuiet(clock, activity, ['a', 'b', 'c'].map((name) => () => ran.push(`${name}@${clock.now()}`)), (done) => { completed = done; });
    const start = clock.now();
    expect(ran).toEqual([`a@${start}`]); // quiet: the first step at once, the next only after a turn
    activity.touch(); // a command between steps
    clock.advance(0);
    expect(ran).toHaveLength(1);
    expect(completed).toBeUndefined();
    clock.advance(WINDOW_QUIET_MS);
    expect(ran).toEqual([`a@${start}`, `b@${start + WINDOW_QUIET_MS}`, `c@${start + WINDOW_QUIET_MS}`]);
    expect(completed).toBe(true);
  });

  it('runs no further step once cancelled', () => {
    const clock = createManualClock();
    const ran: number[] = [];
    let completed: boolean | undefined;
    const cancel = stepsWhenWindowQuiet(clock, createWindowActivity(clock), [1, 2, 3].map((n) => () => ran.push(n)), (done) => { completed = done; });
    cancel();
    clock.advance(10 * WINDOW_QUIET_MS);
    expect(ran).toEqual([1]);
    expect(completed).toBeUndefined();
  });
});
