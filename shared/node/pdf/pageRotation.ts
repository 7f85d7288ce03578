// Pages whose text runs sideways (a landscape scan stored turned by 90 degrees, a table
// page set rotated): when most of a page's text shares one rotation, the page is turned
// back so that its text reads upright, instead of all of it being set aside as a banner.
import type { RawTextItem } from './textLines.ts';

export interface PageBox {
  width: number;
  height: number;
}

/** The angle (radians) most of the page's characters are set at, if not upright. */
export function dominantRotation(items: RawTextItem[]): number | undefined {
  const weights = new Map<number, number>();
  let total = 0;
  for (const it of items) {
    if (typeof it.str !== 'string' || !Array.isArray(it.transform) || !it.str.trim()) continue;
    const [a = 0, b = 0] = it.transform;
    const quarter = Math.round(Math.atan2(b, a) / (Math.PI / 2)) * 90;
    const n = it.str.trim().length;
    weights.set(quarter, (weights.get(quarter) ?? 0) + n);
    total += n;
  }
  const [angle, weight] = [...weights.entries()].sort((p, q) => q[1] - p[1])[0] ?? [0, 0];
  const normalised = ((angle % 360) + 360) % 360;
  return normalised !== 0 && weight >= total * 0.6 ? (normalised * Math.PI) / 180 : undefined;
}

/** The items turned by -angle about the page, moved back onto it, and the turned page's size. */
export function turnUpright(items: RawTextItem[], angle: number, box: PageBox): { items: RawTextItem[]; box: PageBox } {
  const cos = Math.round(Math.cos(angle));
  const sin = Math.round(Math.sin(angle));
  const turn = (x: number, y: number): [number, number] => [x * cos + y * sin, -x * sin + y * cos];
  const corners = [turn(0, 0), turn(box.width, 0), turn(0, box.height), turn(box.width, box.height)];
  const minX = Math.min(...corners.map((c) => c[0]));
  const minY = Math.min(...corners.map((c) => c[1]));
  const turned = items.map((it) => {
    if (!Array.isArray(it.transform)) return it;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = it.transform;
    const [x, y] = turn(e, f);
    // The text matrix turns with the page: (a, b) and (c, d) are directions.
    const [a2, b2] = turn(a, b);
    const [c2, d2] = turn(c, d);
    return { ...it, transform: [a2, b2, c2, d2, x - minX, y - minY] };
  });
  const [w, h] = turn(box.width, box.height);
  return { items: turned, box: { width: Math.abs(w), height: Math.abs(h) } };
}
