// Reading the library writes nothing to the database: no per-request counter, no token
// bookkeeping. A write would cost every GET a commit and move the write stamp, so the
// remembered first-page count (countCache.ts) and the search caches would be recomputed,
// at a cost that grows with the library, on every request. SQLite only: its stamp sees
// every write of the connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/testService.ts';
import { documentClient, type DocumentClient } from './documentsTesting.ts';
import { FLUSH_EVERY_MS } from '../auth/rateLimit.ts';

const clock = { t: Date.UTC(2026, 10, 24, 12, 0, 5) };
let service: TestService;
let client: DocumentClient;
let id: string;

beforeAll(async () => {
  service = await startTestService({ databaseUrl: null }, { now: () => clock.t });
  // The background jobs' lease renewals are writes of their own, on a timer: stopped here
  // so that only the requests below could move the stamp.
  await service.ctx.jobs.stop();
  client = documentClient(service, await service.createUser());
  id = (await client.create({ title: 'One' })).id;
  await client.create({ title: 'Two' });
});
afterAll(async () => service.stop());

describe('reads', () => {
  it('leave the write stamp where it was, across the request counter\'s saves', async () => {
    expect((await client.get('/documents?limit=1')).status).toBe(200); // the first request saves its count
    const stamp = service.ctx.database.writeStamp();
    for (let second = 0; second < 3; second++) {
      clock.t += FLUSH_EVERY_MS; // each turn's first request saves the request counts
      for (const path of ['/documents?limit=1', '/documents?limit=500&view=all&sort=title', `/documents/${id}?view=all`, '/trash', '/folders', '/files', '/annotations']) {
        const res = await client.get(path, { Accept: '*/*' });
        expect(res.status, path).toBe(200);
      }
      expect(service.ctx.database.writeStamp()).toBe(stamp);
    }
    expect((await client.get('/documents?limit=1')).headers.get(client.countHeader)).toBe('2');
  });
});
