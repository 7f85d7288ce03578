// The library scan runs before every catalog read: with nothing to catch up it must not
// wait for another connection's write transaction (a catalog import holds the write lock
// batch after batch), and with something to catch up it still maps it.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { mediaTypes } from '../../shared/vendor.ts';
import { catalogStorageOf } from './catalogStorage.ts';

const mt = mediaTypes();

describe('catalog library scan', () => {
  let service: TestService;
  let reader: TestUser;

  beforeAll(async () => {
    service = await startTestService();
    reader = await service.createUser();
  });
  afterAll(async () => service.stop());

  async function addCopy(title: string): Promise<void> {
    const res = await service.fetch('/documents', {
      method: 'POST',
      headers: { ...reader.auth, 'Content-Type': mt.document, Accept: mt.document },
      body: JSON.stringify({ type: 'journal', title }),
    });
    expect(res.status).toBe(201);
  }

  it('takes no write lock when nothing changed, so a writer elsewhere does not hold it up', async () => {
    const sqlite = service.ctx.database.sqlite!;
    const storage = catalogStorageOf(service.ctx.database);
    const found = async () => (await storage.search({ terms: ['zorbulent'] }, { offset: 0, limit: 5, withTotal: true })).total;
    await addCopy('Zorbulent copy made while nobody writes');
    await storage.catchUp();
    expect(await found()).toBe(1);

    const writer = new Database(sqlite.name);
    // Waiting for the lock would fail at once instead of after the usual timeout.
    const timeout = sqlite.pragma('busy_timeout', { simple: true }) as number;
    sqlite.pragma('busy_timeout = 0');
    try {
      writer.exec('BEGIN IMMEDIATE');
      expect(await storage.catchUp()).toBe(0);
      expect(await found()).toBe(1);
      writer.exec('COMMIT');
    } finally {
      if (writer.inTransaction) writer.exec('ROLLBACK');
      writer.close();
      sqlite.pragma(`busy_timeout = ${timeout}`);
    }

    await addCopy('Zorbulent copy made after the writer is done');
    await storage.catchUp();
    expect(await found()).toBe(2);
  });
});
