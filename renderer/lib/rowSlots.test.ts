import { describe, expect, it } from 'vitest';
import { assignRowSlots } from './rowSlots.ts';

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `d${from + i}`);

/** What React does to the DOM going from one keyed list to the next (its lastPlacedIndex walk). */
function domWork(before: readonly number[], after: readonly number[]): { made: number; moved: number; changed: number } {
  const oldIndex = new Map(before.map((key, i) => [key, i]));
  let lastPlaced = 0;
  let made = 0;
  let moved = 0;
  for (const key of after) {
    const index = oldIndex.get(key);
    if (index === undefined) made++;
    else if (index < lastPlaced) moved++;
    else lastPlaced = index;
  }
  return { made, moved, changed: 0 };
}

/** Draws `lists` in turn; the DOM work of the last step, and how many kept rows show another document. */
function draw(...lists: string[][]) {
  let slots = new Map<string, number>();
  let keys: number[] = [];
  let shown = new Map<number, string>();
  let work = { made: 0, moved: 0, changed: 0 };
  for (const list of lists) {
    const next = assignRowSlots(slots, list);
    work = domWork(keys, next.keys);
    work.changed = next.keys.filter((key, i) => shown.has(key) && shown.get(key) !== list[i]).length;
    expect(new Set(next.keys).size).toBe(list.length);
    ({ slots, keys } = next);
    shown = new Map(keys.map((key, i) => [key, list[i]!]));
  }
  return { work, slots };
}

describe('assignRowSlots', () => {
  it('numbers the first rows from 0', () => {
    expect(assignRowSlots(new Map(), ['a', 'b', 'c']).keys).toEqual([0, 1, 2]);
  });

  it('scrolling by a row keeps every row still in view as it is and moves none', () => {
    for (const [from, to] of [[1, 10], [-1, 8]] as const) {
      const { work } = draw(ids(0, 9), ids(from, to).map((id) => id.replace('d-1', 'dx')));
      expect(work).toEqual({ made: 1, moved: 0, changed: 0 });
    }
  });

  it('shows a wholly new set of documents in the elements there, making and moving none', () => {
    const { work } = draw(ids(0, 29), ids(500, 529));
    expect(work).toEqual({ made: 0, moved: 0, changed: 30 });
  });

  it('after a scroll, a new set of documents still takes the elements in their order', () => {
    const { work } = draw(ids(0, 29), ids(3, 32), ids(500, 529));
    expect(work.moved).toBe(0);
    expect(work.made).toBe(0);
  });

  it('keeps a document that stays in view on its element', () => {
    const first = assignRowSlots(new Map(), ['a', 'b', 'c', 'd']);
    const next = assignRowSlots(first.slots, ['x', 'a', 'y', 'b', 'z']);
    expect(next.slots.get('a')).toBe(first.slots.get('a'));
    expect(next.slots.get('b')).toBe(first.slots.get('b'));
    expect(new Set(next.keys).size).toBe(5);
  });

  it('gives a repeated id a key of its own', () => {
    const { keys } = assignRowSlots(new Map([['a', 0]]), ['a', 'a']);
    expect(new Set(keys).size).toBe(2);
  });
});
