// Live sync: an edit on one online device reaches another through the service's change
// hints (GET /events), long before the periodic pull (set to an hour here) would.
import { describe, expect, it } from 'vitest';
import type { Device } from './syncTesting.ts';
import { oneUserDevices } from './syncTesting.ts';

const { device } = oneUserDevices();
const HOUR = 3_600_000;

/** Resolves when `check` holds after one of the device's syncs ends (never a timed wait). */
function whenSynced(d: Device, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve();
    const off = d.engine.onStatus((status) => {
      if (status.state === 'idle' && check()) {
        off();
        resolve();
      }
    });
  });
}

describe('live changes between two online devices', () => {
  it('brings an edit to the other device through a change hint', async () => {
    const a = device({ intervalMs: HOUR, debounceMs: 20 });
    const b = device({ intervalMs: HOUR, hintDebounceMs: 20 });
    const local = a.replica.createDocument({ title: 'Live paper', type: 'journal' } as never);
    await a.sync();
    const id = a.replica.currentIdOf(local.id)!;
    await b.sync();
    a.engine.start();
    b.engine.start();
    await whenSynced(a, () => true);
    await whenSynced(b, () => b.replica.getDocument(id)?.title === 'Live paper');
    // A run b started on opening may still be going: the hint must come from a's edit.
    for (const title of ['Edited live once', 'Edited live twice']) {
      a.replica.updateDocument(id, { title } as never);
      a.engine.requestSync();
      await whenSynced(b, () => b.replica.getDocument(id)?.title === title);
      expect(b.replica.getDocument(id)?.title).toBe(title);
    }
  });
});
