// Honest status: a device shows "offline" within 5 s of the service going away, measured on
// the engine's manual clock (the waits it schedules), not by sleeping. Idle, the change
// channel closing is enough (no time passes at all); after an edit, the push's first
// unanswered request is (the edit's debounce is the only wait).
import { afterEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../server/testing/testService.ts';
import { createManualClock } from '../manualClock.ts';
import type { SyncEngine, SyncStatus } from './syncEngine.ts';
import { openDevice, type Device } from './syncTesting.ts';

const OFFLINE_WITHIN_MS = 5_000;
const HOUR = 3_600_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function service(): Promise<TestService> {
  const s = await startTestService();
  let stopped = false;
  cleanups.push(async () => {
    if (!stopped) await s.stop();
  });
  return { ...s, stop: async () => { stopped = true; await s.stop(); } };
}

function device(s: TestService, token: string, options: Parameters<typeof openDevice>[2]): Device {
  const d = openDevice(s.url, token, options);
  cleanups.push(() => d.dispose());
  return d;
}

/** Resolves when the engine's status satisfies `check` (at once if it already does). */
function whenStatus(engine: SyncEngine, check: (status: SyncStatus) => boolean): Promise<SyncStatus> {
  return new Promise((resolve) => {
    if (check(engine.status())) return resolve(engine.status());
    const off = engine.onStatus((status) => {
      if (check(status)) {
        off();
        resolve(status);
      }
    });
  });
}

describe('offline shown within 5 s of the service going away', () => {
  it('when idle: the change channel closing shows it, with no time passing', async () => {
    const s = await service();
    const user = await s.createUser();
    const clock = createManualClock();
    const d = device(s, user.token, { clock, intervalMs: HOUR });
    d.engine.start();
    await whenStatus(d.engine, (status) => status.state === 'idle' && status.lastSyncedAt !== undefined);
    const before = clock.now();

    const offline = whenStatus(d.engine, (status) => status.state === 'offline');
    await s.stop();
    // Time stands still: if showing offline needed any wait, this would never resolve.
    const status = await offline;
    expect(clock.now() - before).toBeLessThanOrEqual(OFFLINE_WITHIN_MS);
    expect(status.error).toMatch(/^[A-Z].*\.$/);
    expect(status.error).not.toMatch(/https?:|GET|POST|PATCH|fetch failed/);
  });

  it('after an edit: the push meets no service, shown once the edit is due, with "N changes waiting"', async () => {
    const s = await service();
    const user = await s.createUser();
    const clock = createManualClock();
    // No change channel: only the edit's own push can find out.
    const d = device(s, user.token, { clock, intervalMs: HOUR, liveChanges: false });
    d.engine.start();
    await whenStatus(d.engine, (status) => status.state === 'idle' && status.lastSyncedAt !== undefined);
    await s.stop();

    const before = clock.now();
    const offline = whenStatus(d.engine, (status) => status.state === 'offline');
    d.replica.createDocument({ title: 'Written as the service went away', type: 'journal' } as never);
    d.engine.requestSync();
    // Every wait due within 5 s fires; anything the engine schedules later never does.
    clock.advance(OFFLINE_WITHIN_MS);
    const status = await offline;
    expect(clock.now() - before).toBeLessThanOrEqual(OFFLINE_WITHIN_MS);
    expect(status).toMatchObject({ state: 'offline', pendingChanges: 1 });
  });
});
