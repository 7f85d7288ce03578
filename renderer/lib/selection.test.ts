import { describe, expect, it } from 'vitest';
import { emptySelection, moveCursor, selectAll, selectRow } from './selection.ts';

const ids = ['a', 'b', 'c', 'd', 'e'];
const idAt = (i: number) => ids[i];
const chosen = (s: { ids: ReadonlySet<string> }) => [...s.ids].sort();

describe('selection', () => {
  it('a click selects one row', () => {
    const s = selectRow(selectRow(emptySelection, 1, idAt), 3, idAt);
    expect(chosen(s)).toEqual(['d']);
    expect(s.anchor).toBe(3);
  });

  it('ctrl+click toggles rows in and out', () => {
    let s = selectRow(emptySelection, 0, idAt);
    s = selectRow(s, 2, idAt, { toggle: true });
    expect(chosen(s)).toEqual(['a', 'c']);
    s = selectRow(s, 0, idAt, { toggle: true });
    expect(chosen(s)).toEqual(['c']);
  });

  it('shift+click selects the range from the anchor, both directions', () => {
    let s = selectRow(emptySelection, 3, idAt);
    s = selectRow(s, 1, idAt, { shift: true });
    expect(chosen(s)).toEqual(['b', 'c', 'd']);
    s = selectRow(s, 4, idAt, { shift: true });
    expect(chosen(s)).toEqual(['d', 'e']);
  });

  it('skips rows that are not loaded', () => {
    const sparse = (i: number) => (i === 2 ? undefined : ids[i]);
    const s = selectRow(selectRow(emptySelection, 0, sparse), 3, sparse, { shift: true });
    expect(chosen(s)).toEqual(['a', 'b', 'd']);
    expect(selectRow(s, 2, sparse)).toBe(s);
  });

  it('arrows move the cursor within bounds and shift extends', () => {
    let s = moveCursor(emptySelection, 1, 5, idAt);
    expect(s.cursor).toBe(0);
    s = moveCursor(s, -1, 5, idAt);
    expect(s.cursor).toBe(0);
    s = moveCursor(s, 2, 5, idAt, true);
    expect(chosen(s)).toEqual(['a', 'b', 'c']);
    s = moveCursor(s, 100, 5, idAt);
    expect(chosen(s)).toEqual(['e']);
    expect(moveCursor(emptySelection, 1, 0, idAt)).toBe(emptySelection);
  });

  it('select all takes every loaded row', () => {
    expect(chosen(selectAll(5, idAt, emptySelection))).toEqual(ids);
  });
});
