// A highlight's rectangles (PDF user space of its page, one per line) in the shapes a
// standard /Highlight annotation has: QuadPoints naming each line, a Rect around them all,
// and the coloured area its appearance fills: the union of the lines cut into rectangles
// that do not overlap, so that no part is painted twice (or cancelled by an even-odd fill).
import type { Position } from '../../../shared/schemas/annotation.ts';

/** x1 < x2, y1 < y2 (PDF y grows upwards). */
export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** A stored position as a box, whichever corners it names; undefined when it has no area. */
export function boxOf(p: Position): Box | undefined {
  const box = {
    x1: Math.min(p.top_left.x, p.bottom_right.x),
    x2: Math.max(p.top_left.x, p.bottom_right.x),
    y1: Math.min(p.top_left.y, p.bottom_right.y),
    y2: Math.max(p.top_left.y, p.bottom_right.y),
  };
  return box.x2 > box.x1 && box.y2 > box.y1 ? box : undefined;
}

/**
 * Four corners per box in the order readers expect (and pdf.js writes): top left, top
 * right, bottom left, bottom right.
 */
export function quadPointsOf(boxes: readonly Box[]): number[] {
  return boxes.flatMap((b) => [b.x1, b.y2, b.x2, b.y2, b.x1, b.y1, b.x2, b.y1]);
}

export function boundsOf(boxes: readonly Box[]): [number, number, number, number] {
  return [
    Math.min(...boxes.map((b) => b.x1)), Math.min(...boxes.map((b) => b.y1)),
    Math.max(...boxes.map((b) => b.x2)), Math.max(...boxes.map((b) => b.y2)),
  ];
}

/** The union of the boxes as boxes that do not overlap: bands between the distinct y's, merged along x, then down. */
export function disjointBoxes(boxes: readonly Box[]): Box[] {
  const ys = [...new Set(boxes.flatMap((b) => [b.y1, b.y2]))].sort((a, b) => a - b);
  const out: Box[] = [];
  let open = new Map<string, Box>(); // boxes of the band below, by their x extent
  for (let i = 0; i + 1 < ys.length; i++) {
    const y1 = ys[i]!;
    const y2 = ys[i + 1]!;
    const spans = boxes.filter((b) => b.y1 <= y1 && b.y2 >= y2).map((b) => [b.x1, b.x2] as [number, number]).sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const span of spans) {
      const last = merged[merged.length - 1];
      if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
      else merged.push([...span]);
    }
    const next = new Map<string, Box>();
    for (const [x1, x2] of merged) {
      const key = `${x1} ${x2}`;
      const below = open.get(key);
      if (below) {
        below.y2 = y2;
        next.set(key, below);
      } else {
        const box = { x1, y1, x2, y2 };
        out.push(box);
        next.set(key, box);
      }
    }
    open = next;
  }
  return out;
}
