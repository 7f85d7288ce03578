import { describe, expect, it } from 'vitest';
import { subsetsOfSize, TierWindow } from './searchTiers.ts';

describe('search tiers', () => {
  it('lists every subset of one size once, with the other units excluded', () => {
    expect(subsetsOfSize(['a', 'b', 'c'], 2)).toEqual([
      { included: ['a', 'b'], excluded: ['c'] },
      { included: ['a', 'c'], excluded: ['b'] },
      { included: ['b', 'c'], excluded: ['a'] },
    ]);
    expect(subsetsOfSize(['a', 'b', 'c'], 3)).toEqual([{ included: ['a', 'b', 'c'], excluded: [] }]);
  });

  it('carries the offset across tiers and takes each tier newest first', () => {
    const tiers = new TierWindow({ offset: 3, limit: 4 });
    expect(tiers.need).toBe(7);
    tiers.add([10, 30, 20]); // all skipped by the offset
    expect(tiers.rows).toEqual([]);
    expect(tiers.need).toBe(4);
    tiers.add([5, 9, 7]);
    expect(tiers.rows).toEqual([9, 7, 5]);
    expect(tiers.full).toBe(false);
    tiers.add([2, 4]);
    expect(tiers.rows).toEqual([9, 7, 5, 4]);
    expect(tiers.full).toBe(true);
  });
});
