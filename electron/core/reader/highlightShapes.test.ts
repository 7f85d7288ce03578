import { describe, expect, it } from 'vitest';
import { boundsOf, boxOf, disjointBoxes, quadPointsOf, type Box } from './highlightShapes.ts';

const area = (boxes: Box[]) => boxes.reduce((sum, b) => sum + (b.x2 - b.x1) * (b.y2 - b.y1), 0);
const overlaps = (a: Box, b: Box) => Math.min(a.x2, b.x2) > Math.max(a.x1, b.x1) && Math.min(a.y2, b.y2) > Math.max(a.y1, b.y1);

describe('highlight shapes', () => {
  it('reads a position whichever corners it names, and has no box without an area', () => {
    expect(boxOf({ top_left: { x: 10, y: 30 }, bottom_right: { x: 50, y: 20 }, page: 1 })).toEqual({ x1: 10, y1: 20, x2: 50, y2: 30 });
    expect(boxOf({ top_left: { x: 50, y: 20 }, bottom_right: { x: 10, y: 30 }, page: 1 })).toEqual({ x1: 10, y1: 20, x2: 50, y2: 30 });
    expect(boxOf({ top_left: { x: 10, y: 30 }, bottom_right: { x: 10, y: 30 }, page: 1 })).toBeUndefined();
  });

  it('names each line by its corners, top left first, and bounds them all', () => {
    const lines = [{ x1: 10, y1: 20, x2: 50, y2: 30 }, { x1: 10, y1: 8, x2: 30, y2: 19 }];
    expect(quadPointsOf(lines)).toEqual([10, 30, 50, 30, 10, 20, 50, 20, 10, 19, 30, 19, 10, 8, 30, 8]);
    expect(boundsOf(lines)).toEqual([10, 8, 50, 30]);
  });

  it('cuts overlapping lines into boxes that cover the same area once', () => {
    const lines = [{ x1: 72.5, y1: 688, x2: 300, y2: 700.25 }, { x1: 72.5, y1: 674, x2: 180.75, y2: 688.5 }, { x1: 250, y1: 690, x2: 320, y2: 695 }];
    const parts = disjointBoxes(lines);
    for (const [i, a] of parts.entries()) for (const b of parts.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    // Union area: the first line, the part of the second below it, the part of the third beyond it.
    expect(area(parts)).toBeCloseTo(227.5 * 12.25 + 108.25 * 14 + 20 * 5, 6);
    expect(disjointBoxes([{ x1: 0, y1: 0, x2: 10, y2: 10 }, { x1: 0, y1: 20, x2: 10, y2: 30 }])).toHaveLength(2);
    expect(disjointBoxes([{ x1: 0, y1: 0, x2: 10, y2: 10 }, { x1: 0, y1: 0, x2: 10, y2: 10 }])).toEqual([{ x1: 0, y1: 0, x2: 10, y2: 10 }]);
  });
});
