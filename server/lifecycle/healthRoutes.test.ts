import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/testService.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.stop();
});

describe('health checks', () => {
  it('answers /health and /ready without a token while the service can serve', async () => {
    const health = await service.fetch('/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'alive' });
    const ready = await service.fetch('/ready');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('is not ready when a migration this build knows has not run', async () => {
    const [last] = await service.ctx.db.selectFrom('kysely_migration' as never).select('name' as never).orderBy('name' as never, 'desc').limit(1).execute();
    const name = (last as unknown as { name: string }).name;
    await service.ctx.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', name as never).execute();
    try {
      const ready = await service.fetch('/ready');
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { message: string }).message).toContain(name);
      expect((await service.fetch('/health')).status).toBe(200);
    } finally {
      await service.ctx.db.insertInto('kysely_migration' as never).values({ name, timestamp: new Date().toISOString() } as never).execute();
    }
    expect((await service.fetch('/ready')).status).toBe(200);
  });

  it('says 503 once the instance is draining, while /health stays alive', async () => {
    service.ctx.lifecycle.startDraining(service.ctx.now());
    const ready = await service.fetch('/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ message: 'The service is shutting down' });
    expect((await service.fetch('/health')).status).toBe(200);
  });
});
