import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/testService.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => service.stop());

describe('cross-cutting behaviour', () => {
  it('puts a trace id on every response, errors included', async () => {
    const res = await service.fetch('/no/such/endpoint');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-service-trace-id')).toMatch(/^[0-9a-f]{16}$/);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });
});
