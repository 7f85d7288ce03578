import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/testService.ts';
import { JobLeases } from './jobLease.ts';
import { DatabaseInstanceBus, EVENT_RETENTION_MS } from '../instances/databaseBus.ts';

let service: TestService;
let clock = Date.parse('2026-11-24T07:00:00Z');
const now = () => clock;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.stop();
});

describe('job leases', () => {
  it('lets one holder run a job until its lease expires, then another takes it over', async () => {
    const first = new JobLeases(service.ctx.db, 'instance-1', now);
    const second = new JobLeases(service.ctx.db, 'instance-2', now);
    expect(await first.tryAcquire('scan', 1000)).toBe(true);
    expect(await second.tryAcquire('scan', 1000)).toBe(false);
    clock += 900;
    expect(await first.tryAcquire('scan', 1000)).toBe(true); // renewed until 1900
    clock += 900;
    expect(await second.tryAcquire('scan', 1000)).toBe(false);
    clock += 200; // the first holder stopped renewing: its lease ran out
    expect(await second.tryAcquire('scan', 1000)).toBe(true);
    expect(await first.tryAcquire('scan', 1000)).toBe(false);
    await second.release('scan');
    expect(await first.tryAcquire('scan', 1000)).toBe(true);
  });
});

describe('the database instance bus', () => {
  it('delivers events of other instances once, not its own twice, and prunes what every instance has read', async () => {
    const options = { pollMs: 3_600_000, now, log: () => undefined };
    const one = await DatabaseInstanceBus.start(service.ctx.db, options);
    const two = await DatabaseInstanceBus.start(service.ctx.db, options);
    const heardByOne: string[] = [];
    const heardByTwo: string[] = [];
    one.subscribe('library-changed', ({ library }) => heardByOne.push(library));
    two.subscribe('library-changed', ({ library }) => heardByTwo.push(library));
    await one.publish('library-changed', { profiles: ['p'], library: 'from-one' });
    await two.poll();
    await one.poll();
    await two.poll();
    expect(heardByOne).toEqual(['from-one']);
    expect(heardByTwo).toEqual(['from-one']);

    clock += EVENT_RETENTION_MS + 1;
    expect(await one.prune()).toBeGreaterThanOrEqual(1);
    await one.close();
    await two.close();
  });
});
