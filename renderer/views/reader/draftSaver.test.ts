import { describe, expect, it } from 'vitest';
import { createDraftSaver, withDrafts } from './draftSaver.ts';

function manualClock() {
  const timers = new Map<number, () => void>();
  let next = 1;
  return {
    setTimer: (run: () => void) => { timers.set(next, run); return next++; },
    clearTimer: (t: unknown) => { timers.delete(t as number); },
    fireAll: () => { const runs = [...timers.values()]; timers.clear(); runs.forEach((r) => r()); },
    pending: () => timers.size,
  };
}

describe('draft saver', () => {
  it('saves once, after typing stops, with the last text', async () => {
    const saved: [string, string][] = [];
    const clock = manualClock();
    const saver = createDraftSaver({ save: async (id, text) => { saved.push([id, text]); }, delayMs: 400, ...clock });
    saver.edit('a', 'f');
    saver.edit('a', 'fi');
    saver.edit('a', 'fin');
    expect(clock.pending()).toBe(1);
    clock.fireAll();
    await Promise.resolve();
    await Promise.resolve();
    expect(saved).toEqual([['a', 'fin']]);
    expect(saver.hasDrafts()).toBe(false);
  });

  it('flushes every pending draft at once when the tab or window closes', async () => {
    const saved: [string, string][] = [];
    const clock = manualClock();
    const saver = createDraftSaver({ save: async (id, text) => { saved.push([id, text]); }, delayMs: 60_000, ...clock });
    saver.edit('a', 'typed just before closing');
    saver.edit('b', 'and another');
    await saver.flush();
    expect(saved).toEqual([['a', 'typed just before closing'], ['b', 'and another']]);
    expect(clock.pending()).toBe(0); // no second save later
    expect(saver.hasDrafts()).toBe(false);
  });

  it('keeps a draft over a reload while its save is under way, and a newer draft after it answers', async () => {
    let answer: () => void = () => {};
    const saver = createDraftSaver({ save: () => new Promise<void>((resolve) => { answer = resolve; }), delayMs: 1, ...manualClock() });
    saver.edit('a', 'mine');
    const flushing = saver.flush();
    const reloaded = [{ id: 'a', text: 'older text from a sync' }, { id: 'b', text: 'untouched' }];
    expect(withDrafts(reloaded, saver)).toEqual([{ id: 'a', text: 'mine' }, { id: 'b', text: 'untouched' }]);
    saver.edit('a', 'mine, longer');
    answer();
    await flushing;
    expect(saver.draftOf('a')).toBe('mine, longer');
  });

  it('moves a draft to the new id of a renamed annotation and saves it there', async () => {
    const saved: [string, string][] = [];
    const saver = createDraftSaver({ save: async (id, text) => { saved.push([id, text]); }, delayMs: 1, ...manualClock() });
    saver.edit('local:1', 'typed before the push');
    saver.rename('local:1', 's1');
    expect(saver.draftOf('local:1')).toBeUndefined();
    await saver.flush();
    expect(saved).toEqual([['s1', 'typed before the push']]);
  });

  it('keeps the draft when a save fails, and reports it', async () => {
    const errors: unknown[] = [];
    const saver = createDraftSaver({ save: async () => { throw new Error('offline?'); }, delayMs: 1, onError: (e) => errors.push(e), ...manualClock() });
    saver.edit('a', 'precious');
    await saver.flush();
    expect(errors).toHaveLength(1);
    expect(saver.draftOf('a')).toBe('precious');
  });
});
