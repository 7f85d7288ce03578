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

  it('refuses a NUL character anywhere in the URL with 400, before a token is asked for (PostgreSQL cannot compare it)', async () => {
    for (const path of ['/documents/%00', '/documents?group_id=a%00b', '/oauth/verify-email?token=%00', '/institutions?hint=oxf%00rd']) {
      const res = await service.fetch(path);
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({ message: 'Malformed request: the URL contains a NUL character (%00)' });
    }
    expect((await service.fetch('/documents?query=100%2500')).status).toBe(401);
  });
});

describe('methods a path does not take', () => {
  it('answers 405 with Allow and a JSON message, before asking for a token', async () => {
    const res = await service.fetch('/documents/00000000-0000-4000-8000-000000000000', { method: 'PUT', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: expect.stringContaining('PUT is not allowed') });
    const collection = await service.fetch('/documents/', { method: 'DELETE' });
    expect(collection.status).toBe(405);
    expect(collection.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('answers OPTIONS with the methods a path takes, and 404 for paths it does not serve', async () => {
    const res = await service.fetch('/annotations', { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
    const unknown = await service.fetch('/no/such/endpoint', { method: 'OPTIONS' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: expect.any(String) });
  });
});
