import { describe, expect, it } from 'vitest';
import { statBars } from './readerStats.ts';

describe('statBars', () => {
  it('keeps the largest groups in order and sums the rest as Others', () => {
    const bars = statBars({ Physics: 2, Biology: 8, Art: 1, Law: 1, Medicine: 4 }, 3);
    expect(bars.map((b) => [b.label, b.count])).toEqual([['Biology', 8], ['Medicine', 4], ['Physics', 2], ['Others', 2]]);
    expect(bars[0]!.share).toBe(1);
    expect(bars[1]!.share).toBe(0.5);
  });

  it('answers no bars for missing or empty statistics', () => {
    expect(statBars(undefined)).toEqual([]);
    expect(statBars({ Physics: 0 })).toEqual([]);
  });
});
