import { describe, expect, it } from 'vitest';
import { rowWindow, scrollOffsetFor } from './rowWindow.ts';

describe('rowWindow', () => {
  it('draws the rows in view and the overscan, whatever the number of rows', () => {
    // 780 px of 26 px rows: rows 0-29 in view, 4 more below.
    expect(rowWindow(0, 780, 26, 100_000, 4)).toEqual({ first: 0, last: 33 });
    expect(rowWindow(0, 780, 26, 50, 4)).toEqual({ first: 0, last: 33 });
    // Scrolled to row 1,000 (and a bit): from 4 rows above it to 4 below the last in view.
    expect(rowWindow(26_010, 780, 26, 100_000, 4)).toEqual({ first: 996, last: 1034 });
  });

  it('stops at the ends of the list and draws nothing for none', () => {
    expect(rowWindow(0, 780, 26, 10, 4)).toEqual({ first: 0, last: 9 });
    expect(rowWindow(26 * 99_990, 780, 26, 100_000, 4)).toEqual({ first: 99_986, last: 99_999 });
    expect(rowWindow(0, 780, 26, 0, 4)).toEqual({ first: 0, last: -1 });
  });
});

describe('scrollOffsetFor', () => {
  it('moves as little as needed, and not at all for a row in view', () => {
    expect(scrollOffsetFor(5, 0, 780, 26)).toBe(0);
    expect(scrollOffsetFor(40, 0, 780, 26)).toBe(41 * 26 - 780);
    expect(scrollOffsetFor(3, 260, 780, 26)).toBe(78);
  });
});
