import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralRangeStart, freePort } from './freePort.ts';

describe('freePort', () => {
  it('draws a port below the ephemeral range, which other processes\' connections never take, and it can be listened on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(ephemeralRangeStart());
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('draws different ports for different callers', async () => {
    const ports = await Promise.all(Array.from({ length: 8 }, () => freePort()));
    expect(new Set(ports).size).toBeGreaterThan(1);
  });
});
