// Between the screen and PDF units. Annotations are stored as rectangles in the page's PDF
// user space (origin bottom left, y up, points), which no zoom or rotation changes; the
// page's viewport (pdf.js PageViewport) maps them to CSS pixels of the page box for the
// current scale and rotation. Pure: any object with the viewport's two conversions works.
import type { Point, Position } from '../../../shared/schemas/annotation.ts';

export interface ViewportLike {
  convertToPdfPoint(x: number, y: number): number[];
  convertToViewportRectangle(rect: number[]): number[];
}

/** CSS pixels relative to the top left of the page box. */
export interface ScreenRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Two decimals of a point: finer than any screen, and stable through JSON. */
const round = (value: number) => Math.round(value * 100) / 100;

export function screenPointToPdf(x: number, y: number, viewport: ViewportLike): Point {
  const [px, py] = viewport.convertToPdfPoint(x, y);
  return { x: round(px!), y: round(py!) };
}

/** A rectangle on screen as a position: top_left has the smaller x and the larger y (PDF y grows upwards). */
export function screenRectToPosition(rect: ScreenRect, viewport: ViewportLike, page: number): Position {
  const a = screenPointToPdf(rect.left, rect.top, viewport);
  const b = screenPointToPdf(rect.left + rect.width, rect.top + rect.height, viewport);
  return {
    top_left: { x: Math.min(a.x, b.x), y: Math.max(a.y, b.y) },
    bottom_right: { x: Math.max(a.x, b.x), y: Math.min(a.y, b.y) },
    page,
  };
}

export function positionToScreenRect(position: Position, viewport: ViewportLike): ScreenRect {
  const [x1, y1, x2, y2] = viewport.convertToViewportRectangle([position.top_left.x, position.top_left.y, position.bottom_right.x, position.bottom_right.y]) as [number, number, number, number];
  return { left: Math.min(x1, x2), top: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

export function pdfPointToScreen(point: Point, viewport: ViewportLike): { x: number; y: number } {
  const [x, y] = viewport.convertToViewportRectangle([point.x, point.y, point.x, point.y]) as [number, number];
  return { x, y };
}

/** Rectangles of one position in PDF units, normalised (x1 < x2, y1 < y2). */
function boxOf(p: Position) {
  return { x1: p.top_left.x, x2: p.bottom_right.x, y1: p.bottom_right.y, y2: p.top_left.y };
}

/**
 * The rectangles of a text selection (already in PDF units, any order, with the duplicates
 * and fragments browsers report) as one rectangle per line: rectangles of a page whose
 * vertical extents overlap by more than half the smaller height are one line.
 */
export function mergeIntoLines(positions: Position[]): Position[] {
  const boxes = positions
    .map((p) => ({ page: p.page, ...boxOf(p) }))
    .filter((b) => b.x2 - b.x1 > 0.5 && b.y2 - b.y1 > 0.5)
    .sort((a, b) => a.page - b.page || b.y2 - a.y2 || a.x1 - b.x1);
  const lines: typeof boxes = [];
  for (const box of boxes) {
    const line = lines.find((l) => {
      if (l.page !== box.page) return false;
      const overlap = Math.min(l.y2, box.y2) - Math.max(l.y1, box.y1);
      return overlap > 0.5 * Math.min(l.y2 - l.y1, box.y2 - box.y1);
    });
    if (!line) {
      lines.push({ ...box });
      continue;
    }
    line.x1 = Math.min(line.x1, box.x1);
    line.x2 = Math.max(line.x2, box.x2);
    line.y1 = Math.min(line.y1, box.y1);
    line.y2 = Math.max(line.y2, box.y2);
  }
  return lines
    .sort((a, b) => a.page - b.page || b.y2 - a.y2)
    .map((l) => ({ top_left: { x: round(l.x1), y: round(l.y2) }, bottom_right: { x: round(l.x2), y: round(l.y1) }, page: l.page }));
}
