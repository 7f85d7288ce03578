import { describe, expect, it } from 'vitest';
import { singleFlightRefresh } from './tokenRefresh.ts';

describe('singleFlightRefresh', () => {
  it('shares one refresh among concurrent callers and refreshes again afterwards', async () => {
    let calls = 0;
    const refresh = singleFlightRefresh(async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return `t${calls}`;
    });
    expect(await Promise.all([refresh(), refresh(), refresh()])).toEqual(['t1', 't1', 't1']);
    expect(await refresh()).toBe('t2');
    expect(calls).toBe(2);
  });

  it('lets a failed refresh be retried later', async () => {
    let fail = true;
    const refresh = singleFlightRefresh(async () => {
      if (fail) throw new Error('offline');
      return 'ok';
    });
    await expect(refresh()).rejects.toThrow('offline');
    fail = false;
    expect(await refresh()).toBe('ok');
  });
});
