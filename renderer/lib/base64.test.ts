import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from './base64.ts';

describe('bytesToBase64', () => {
  it('encodes like Node does, also across its internal slices', () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(bytesToBase64(new Uint8Array(0))).toBe('');
  });
});
