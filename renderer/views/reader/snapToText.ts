// Browsers place the text layer's boxes by an estimated font ascent, which can be off by
// half a line; the PDF's own text geometry is exact. A highlight line's vertical extent is
// therefore taken from the text items (baseline and font height, in PDF units) under it.
import type { Position } from '../../../shared/schemas/annotation.ts';

/** A horizontal run of text on a page, in PDF units. */
export interface TextRun {
  x1: number;
  x2: number;
  baseline: number;
  height: number;
}

/** Share of the font height below the baseline, and above it, that a highlight covers. */
const DESCENT = 0.22;
const ASCENT = 0.8;
const round = (v: number) => Math.round(v * 100) / 100;

export function snapToText(lines: Position[], runsOf: (page: number) => TextRun[]): Position[] {
  return lines.map((line) => {
    const top = line.top_left.y;
    const bottom = line.bottom_right.y;
    const runs = runsOf(line.page).filter((r) => r.height > 0 && r.x2 > line.top_left.x && r.x1 < line.bottom_right.x
      && r.baseline >= bottom - 0.3 * r.height && r.baseline <= top);
    if (!runs.length) return line;
    // The runs of the line: those whose baseline is the one nearest the rectangle's middle.
    const middle = (top + bottom) / 2;
    const nearest = runs.reduce((a, b) => (Math.abs(b.baseline - middle) < Math.abs(a.baseline - middle) ? b : a));
    const same = runs.filter((r) => Math.abs(r.baseline - nearest.baseline) < 0.3 * nearest.height);
    const height = Math.max(...same.map((r) => r.height));
    const baseline = Math.min(...same.map((r) => r.baseline));
    return {
      ...line,
      top_left: { x: line.top_left.x, y: round(Math.max(...same.map((r) => r.baseline)) + ASCENT * height) },
      bottom_right: { x: line.bottom_right.x, y: round(baseline - DESCENT * height) },
    };
  });
}

/** Text runs from pdf.js text content items (transform [a b c d e f]: baseline at f, size hypot(c, d)). */
export function runsOfTextItems(items: readonly { str?: string; transform?: number[]; width?: number }[]): TextRun[] {
  const runs: TextRun[] = [];
  for (const item of items) {
    if (!item.str?.trim() || !item.transform) continue;
    const [a, b, c, d, e, f] = item.transform as [number, number, number, number, number, number];
    if (Math.abs(b) > 1e-6 || Math.abs(c) > 1e-6) continue; // rotated text: keep the browser's box
    runs.push({ x1: e, x2: e + (item.width ?? 0), baseline: f, height: Math.hypot(c, d) || Math.abs(a) });
  }
  return runs;
}
