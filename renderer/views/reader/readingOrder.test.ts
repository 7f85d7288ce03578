import { describe, expect, it } from 'vitest';
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';
import { colorKey, inReadingOrder, matchesFilter, NO_FILTER } from './readingOrder.ts';

const at = (id: string, page: number, y: number, x = 72, extra: Partial<LibraryAnnotation> = {}): LibraryAnnotation => ({
  id, document_id: 'd', type: 'highlight', privacy_level: 'private', color: { r: 255, g: 245, b: 173 },
  positions: [{ top_left: { x, y }, bottom_right: { x: x + 100, y: y - 12 }, page }], ...extra,
});

describe('reading order', () => {
  it('puts the note first, then page, then top to bottom, then left to right', () => {
    const note: LibraryAnnotation = { id: 'n', document_id: 'd', type: 'note', privacy_level: 'private', text: 'overall' };
    const list = [at('p2top', 2, 700), at('p1low', 1, 100), note, at('p1right', 1, 500, 300), at('p1left', 1, 500, 72), at('p1top', 1, 720)];
    expect(inReadingOrder(list).map((a) => a.id)).toEqual(['n', 'p1top', 'p1left', 'p1right', 'p1low', 'p2top']);
  });

  it('places a highlight spanning pages by where it starts', () => {
    const spanning = at('span', 1, 60, 72, { positions: [
      { top_left: { x: 72, y: 760 }, bottom_right: { x: 300, y: 748 }, page: 2 },
      { top_left: { x: 72, y: 60 }, bottom_right: { x: 300, y: 48 }, page: 1 },
    ] });
    expect(inReadingOrder([at('p2', 2, 740), spanning, at('p1', 1, 80)]).map((a) => a.id)).toEqual(['p1', 'span', 'p2']);
  });
});

describe('filters', () => {
  it('keep what matches every non-empty set', () => {
    const mine = at('a', 1, 100);
    const theirs = at('b', 1, 100, 72, { profile_id: 'u2', color: { r: 186, g: 226, b: 255 }, type: 'highlight' });
    const sticky = at('c', 1, 100, 72, { type: 'sticky_note', profile_id: 'u2' });
    expect(colorKey(theirs.color)).toBe('#bae2ff');
    expect([mine, theirs, sticky].filter((a) => matchesFilter(a, NO_FILTER))).toHaveLength(3);
    expect([mine, theirs, sticky].filter((a) => matchesFilter(a, { ...NO_FILTER, authors: new Set(['u2']) })).map((a) => a.id)).toEqual(['b', 'c']);
    expect([mine, theirs, sticky].filter((a) => matchesFilter(a, { ...NO_FILTER, authors: new Set(['u2']), kinds: new Set(['highlight']) })).map((a) => a.id)).toEqual(['b']);
    expect([mine, theirs, sticky].filter((a) => matchesFilter(a, { ...NO_FILTER, colors: new Set(['#fff5ad']) })).map((a) => a.id)).toEqual(['a', 'c']);
  });
});
