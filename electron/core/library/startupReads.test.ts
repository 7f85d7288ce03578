import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../manualClock.ts';
import { readAheadForWindow } from './startupReads.ts';

function recordingReplica(fail = false) {
  const asked: unknown[][] = [];
  return {
    asked,
    countDocuments: (...args: unknown[]) => { asked.push(['count', ...args]); if (fail) throw new Error('disk gone'); return 0; },
    listTags: (...args: unknown[]) => { asked.push(['tags', ...args]); return []; },
    listSavedSearches: () => { asked.push(['saved searches']); return []; },
  };
}

describe('readAheadForWindow', () => {
  it('counts My Library, lists its tags and its saved searches once the clock turns after start, not before', () => {
    const clock = createManualClock();
    const replica = recordingReplica();
    readAheadForWindow(replica, clock);
    expect(replica.asked).toEqual([]);
    clock.advance(0);
    // The same filter as the window's first page (My Library, no filter): the memo's key.
    expect(replica.asked).toEqual([['count', {}], ['tags'], ['saved searches']]);
  });

  it('reads nothing once cancelled (the core stopped first)', () => {
    const clock = createManualClock();
    const replica = recordingReplica();
    readAheadForWindow(replica, clock)();
    clock.advance(10);
    expect(replica.asked).toEqual([]);
  });

  it('keeps a failed read to itself: the window\'s own request reports it', () => {
    const clock = createManualClock();
    const replica = recordingReplica(true);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    readAheadForWindow(replica, clock);
    expect(() => clock.advance(0)).not.toThrow();
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
