// Two service instances on one database (a SQLite file in WAL mode, or in the PostgreSQL
// pass one PostgreSQL database), as behind a load balancer: what one instance learns in
// memory reaches the other through the instance bus (a polled table on SQLite,
// LISTEN/NOTIFY on PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/testService.ts';
import { openEventStream } from '../testing/eventStream.ts';
import { documentClient, joinGroup } from '../library/documentsTesting.ts';
import type { SharedInstanceBus } from './instanceBus.ts';
import { BUS_CHANNEL, PostgresInstanceBus } from './postgresBus.ts';
import { testPgUrl } from '../testing/pgDatabases.ts';
import { sql } from 'kysely';

let dataDir: string;
let a: TestService;
let b: TestService;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-instances-'));
  // An hour between polls: the tests poll by hand, so nothing arrives by luck of timing.
  a = await startTestService({ dataDir, busPollMs: 3_600_000 });
  b = await startTestService({ dataDir, busPollMs: 3_600_000 });
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const pollOf = (service: TestService) => (service.ctx.bus as SharedInstanceBus).poll();

describe('two instances on one database', () => {
  it('a write on one instance reaches the live-sync stream of a client connected to the other', async () => {
    const writer = await a.createUser();
    const member = await a.createUser();
    const groupId = await joinGroup(a, writer.id, 'owner');
    await joinGroup(a, member.id, 'normal', groupId);
    const writersStream = await openEventStream(b.url, writer.token);
    const membersStream = await openEventStream(b.url, member.token);
    try {
      await documentClient(a, writer).create({ type: 'journal', title: 'Written on A', group_id: groupId });
      await pollOf(b);
      expect(await writersStream.next()).toEqual({ library: 'personal' });
      expect(await writersStream.next()).toEqual({ library: groupId });
      expect(await membersStream.next()).toEqual({ library: groupId });
    } finally {
      writersStream.close();
      membersStream.close();
    }
  });

  it('a token revoked on one instance is refused by the other at once, though that one had it cached', async () => {
    const user = await a.createUser();
    const client = documentClient(b, user);
    expect((await client.get('/documents')).status).toBe(200);
    await a.ctx.tokens.revokeAccess(user.token);
    await pollOf(b);
    const refused = await client.get('/documents');
    expect(refused.status).toBe(401);
  });

  it('counts a document created on the other instance in a long listing, though this one had counted it before', async () => {
    const user = await a.createUser();
    const onA = documentClient(a, user);
    const onB = documentClient(b, user);
    for (const title of ['One', 'Two', 'Three']) await onA.create({ type: 'journal', title });
    expect((await onB.get('/documents?limit=1')).headers.get(onB.countHeader)).toBe('3');
    await onA.create({ type: 'journal', title: 'Four' });
    // No poll: the count must be right without waiting for any message between instances.
    expect((await onB.get('/documents?limit=1')).headers.get(onB.countHeader)).toBe('4');
  });

  it('runs a leased background job in one instance at a time, and hands it over when that one stops', async () => {
    let runs = 0;
    const job = { name: 'test-job', everyMs: 3_600_000, run: () => void runs++ };
    expect(await a.ctx.jobs.tick(job)).toBe(true);
    expect(await b.ctx.jobs.tick(job)).toBe(false);
    expect(await a.ctx.jobs.tick(job)).toBe(true);
    expect(runs).toBe(2);
    await a.ctx.jobs.stop();
    expect(await b.ctx.jobs.tick(job)).toBe(true);
    expect(runs).toBe(3);
  });
});

// Only the PostgreSQL bus delivers without polling (the SQLite bus polls every busPollMs,
// an hour here); this runs in the PostgreSQL pass.
describe.runIf(testPgUrl())('LISTEN/NOTIFY between two instances', () => {
  const heard = <T extends 'tokens-forgotten' | 'library-changed'>(service: TestService, topic: T) =>
    new Promise<unknown>((resolve) => {
      const stop = service.ctx.bus.subscribe(topic, (payload) => {
        stop();
        resolve(payload);
      });
    });

  it('uses LISTEN/NOTIFY on PostgreSQL', () => {
    expect(a.ctx.bus).toBeInstanceOf(PostgresInstanceBus);
    expect(b.ctx.bus).toBeInstanceOf(PostgresInstanceBus);
  });

  it('a live-sync hint reaches a client of the other instance without any poll', async () => {
    const writer = await a.createUser();
    const stream = await openEventStream(b.url, writer.token);
    try {
      await documentClient(a, writer).create({ type: 'journal', title: 'Heard through NOTIFY' });
      expect(await stream.next()).toEqual({ library: 'personal' });
    } finally {
      stream.close();
    }
  });

  it('an event larger than a NOTIFY payload travels through the events table, whole', async () => {
    const accessHashes = Array.from({ length: 300 }, (_, i) => `${i}`.padStart(64, '0'));
    const arrived = heard(b, 'tokens-forgotten');
    await a.ctx.bus.publish('tokens-forgotten', { accessHashes });
    expect(await arrived).toEqual({ accessHashes });
  });

  it('poll() returns once the events published before it were delivered, large ones too, in order', async () => {
    // Large events (read from the table) between small ones (in the notification).
    const events = Array.from({ length: 12 }, (_, n) => ({
      accessHashes: Array.from({ length: n % 2 ? 300 : 1 }, (_, i) => `${n}-${i}`.padStart(64, '1')),
    }));
    const delivered: unknown[] = [];
    const stop = b.ctx.bus.subscribe('tokens-forgotten', (payload) => delivered.push(payload));
    try {
      for (const event of events) await a.ctx.bus.publish('tokens-forgotten', event);
      await pollOf(b);
      expect(delivered).toEqual(events);
    } finally {
      stop();
    }
  });

  it('listens again after its connection is lost', async () => {
    const back = [a, b].map((service) => (service.ctx.bus as PostgresInstanceBus).nextListen());
    // Both instances lose their listening connection; each comes back on its own.
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = ${`LISTEN ${BUS_CHANNEL}`}`.execute(a.ctx.db);
    await Promise.all(back);
    const arrived = heard(b, 'library-changed');
    await a.ctx.bus.publish('library-changed', { profiles: [], library: 'after-reconnect' });
    expect(await arrived).toEqual({ profiles: [], library: 'after-reconnect' });
  });
});
