// When the change channel opens again: after its backoff on the core's clock, at once when a
// sync got through (reopenNow), and never for a service without the extension.
import { describe, expect, it } from 'vitest';
import { ServiceError, type LibraryApi } from '../../../shared/client/index.ts';
import { createManualClock } from '../manualClock.ts';
import { openChangeChannel } from './changeChannel.ts';

function serviceAnswering(fail: () => Error) {
  const calls = { count: 0 };
  const api = { client: { request: async () => { calls.count++; throw fail(); } } } as unknown as LibraryApi;
  return { api, calls };
}

const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the change channel', () => {
  it('reopens after its backoff, or at once when a sync got through', async () => {
    const clock = createManualClock();
    const { api, calls } = serviceAnswering(() => new TypeError('fetch failed'));
    const closed: unknown[] = [];
    const channel = openChangeChannel({ api, clock, onHint: () => undefined, onClosed: (error) => closed.push(error) });
    await clock.whenPending();
    expect(calls.count).toBe(1);
    expect(closed).toHaveLength(1);
    clock.next();
    await clock.whenPending();
    expect(calls.count).toBe(2);
    channel.reopenNow();
    await clock.whenPending();
    expect(calls.count).toBe(3);
    expect(clock.pending()).toBe(1);
    channel.close();
    expect(clock.pending()).toBe(0);
  });

  it('stays closed for a service without the extension', async () => {
    const clock = createManualClock();
    const { api, calls } = serviceAnswering(() => new ServiceError({ status: 404, message: 'Not found' }));
    const closed: unknown[] = [];
    const channel = openChangeChannel({ api, clock, onHint: () => undefined, onClosed: (error) => closed.push(error) });
    await settled();
    channel.reopenNow();
    await settled();
    expect(calls.count).toBe(1);
    expect(clock.pending()).toBe(0);
    expect(closed).toHaveLength(0);
    channel.close();
  });
});
