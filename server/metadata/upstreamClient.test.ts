// Polite spacing between requests to one upstream, on an injected clock (no real waiting).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamClient, UpstreamUnavailable, type Clock } from './upstreamClient.ts';

describe('UpstreamClient spacing', () => {
  let server: http.Server;
  let url: string;
  let hits = 0;

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      hits++;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Time stands still: what the client asks to wait is recorded, not waited. */
  function fakeClock() {
    const waits: number[] = [];
    const clock: Clock = { now: () => 1_000_000, sleep: async (ms) => void waits.push(ms) };
    return { clock, waits };
  }

  it('waits the asked-for interval between requests, and refuses to queue beyond one time limit', async () => {
    const { clock, waits } = fakeClock();
    const client = new UpstreamClient({ name: 'arxiv', userAgent: 'test', timeoutMs: 5000, minIntervalMs: 3000, clock });
    // Three at once: the second waits 3 s, the third would wait 6 s, beyond the 5 s limit.
    const results = await Promise.allSettled([client.get(url, 'a'), client.get(url, 'a'), client.get(url, 'a')]);
    expect(waits).toEqual([3000]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const refusal = (results[2] as PromiseRejectedResult).reason as UpstreamUnavailable;
    expect(refusal).toBeInstanceOf(UpstreamUnavailable);
    expect(refusal.reason).toBe('busy');
    expect(hits).toBe(2);
  });
});
