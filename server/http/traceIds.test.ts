import { describe, expect, it } from 'vitest';
import { traceIdSource } from './traceIds.ts';

describe('trace ids', () => {
  it('are 16 hex digits, distinct within a process and between sources', () => {
    const next = traceIdSource();
    const ids = Array.from({ length: 10_000 }, next);
    for (const id of ids.slice(0, 10)) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(traceIdSource()());
  });
});
