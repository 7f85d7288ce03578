import { describe, expect, it } from 'vitest';
import { fitTabs } from './tabOverflow.ts';

describe('fitTabs', () => {
  it('shows every tab, with no menu, when they all fit', () => {
    expect(fitTabs(600, [200, 200, 200], 0, 40)).toEqual({ shown: [0, 1, 2], overflow: [] });
  });

  it('keeps the left tabs that fit beside the menu button and sends the rest to the menu', () => {
    // 600 is not enough for 4 × 200; with the 40 px button, two fit.
    expect(fitTabs(600, [200, 200, 200, 200], 0, 40)).toEqual({ shown: [0, 1], overflow: [2, 3] });
  });

  it('always shows the active tab, even the last one, in its order', () => {
    expect(fitTabs(600, [200, 200, 200, 200], 3, 40)).toEqual({ shown: [0, 3], overflow: [1, 2] });
    expect(fitTabs(600, [200, 200, 200, 200], 2, 40)).toEqual({ shown: [0, 2], overflow: [1, 3] });
  });

  it('shows the active tab alone when even one more would not fit', () => {
    expect(fitTabs(250, [200, 200, 200], 1, 40)).toEqual({ shown: [1], overflow: [0, 2] });
  });

  it('with no reader tab active (the library shown), fills from the left', () => {
    expect(fitTabs(500, [150, 150, 150, 150], null, 40)).toEqual({ shown: [0, 1, 2], overflow: [3] });
  });

  it('stops at the first tab that does not fit, so the strip keeps the tabs\' order', () => {
    // A short tab after a long one that did not fit stays in the menu too.
    expect(fitTabs(400, [150, 250, 50], 0, 40)).toEqual({ shown: [0], overflow: [1, 2] });
  });
});
