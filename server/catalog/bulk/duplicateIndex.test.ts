import { describe, expect, it } from 'vitest';
import { HashedSeqs } from './duplicateIndex.ts';

describe('HashedSeqs', () => {
  it('names every seq added under a key, ascending, through growth', () => {
    const seqs = new HashedSeqs();
    for (let i = 0; i < 200_000; i++) seqs.add(`key ${i % 150_000}`, i);
    seqs.add('key 7', 7); // the same pair again is kept once
    expect(seqs.candidates('key 7')).toEqual([7, 150_007]);
    expect(seqs.candidates('key 149999')).toEqual([149_999]);
    // A key never added names nothing, or (a hash collision) rows the caller then checks.
    expect(seqs.candidates('never added').length).toBeLessThanOrEqual(1);
    expect(seqs.size).toBe(200_000);
  });
});
