import { describe, expect, it } from 'vitest';
import { base64Of } from './stageFile.ts';

describe('base64Of', () => {
  it('encodes bytes as Node does, across slice boundaries', () => {
    const bytes = new Uint8Array(0x8000 * 2 + 17).map((_, i) => (i * 31) % 256);
    expect(base64Of(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(base64Of(new Uint8Array())).toBe('');
  });
});
