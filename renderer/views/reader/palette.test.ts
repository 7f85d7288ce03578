// Highlight fills must be told from white paper at a glance, and leave the text on them
// readable: measured as WCAG contrast ratios of the fill as shown over white paper and over
// black ink (source-over, the way the window composites it).
import { describe, expect, it } from 'vitest';
import type { Color } from '../../../shared/schemas/common.ts';
import { highlightFill, MAX_FILL_ALPHA, PALETTE } from './palette.ts';

const channel = (v: number) => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = (c: Color) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
const contrast = (a: Color, b: Color) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
const WHITE = { r: 255, g: 255, b: 255 };
const BLACK = { r: 0, g: 0, b: 0 };
/** The fill laid over `under` (source-over), as the window shows it. */
function over(fill: string, under: Color): Color {
  const m = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(fill);
  if (!m) throw new Error(`not an rgba fill: ${fill}`);
  const [r, g, b, a] = m.slice(1).map(Number) as [number, number, number, number];
  return { r: r * a + under.r * (1 - a), g: g * a + under.g * (1 - a), b: b * a + under.b * (1 - a) };
}

const near = (a: Color, b: Color) => Math.max(Math.abs(a.r - b.r), Math.abs(a.g - b.g), Math.abs(a.b - b.b));

describe('highlight fills', () => {
  it.each(PALETTE.map((p) => [p.name, p.color] as const))('%s shows its own colour on white paper and keeps black text at AAA contrast', (_name, color) => {
    const fill = highlightFill(color);
    expect(near(over(fill, WHITE), color), 'the palette colour on white').toBeLessThanOrEqual(1);
    expect(contrast(over(fill, WHITE), WHITE)).toBeGreaterThanOrEqual(1.1);
    // The ink as seen through the fill, against the fill on paper around it.
    expect(contrast(over(fill, WHITE), over(fill, BLACK))).toBeGreaterThanOrEqual(7);
  });

  it('caps a strong colour so the words under it stay dark, and shows white as nothing', () => {
    for (const color of [{ r: 255, g: 0, b: 0 }, { r: 0, g: 0, b: 0 }, { r: 20, g: 120, b: 40 }]) {
      const fill = highlightFill(color);
      expect(Number(/([\d.]+)\)$/.exec(fill)![1])).toBeLessThanOrEqual(MAX_FILL_ALPHA);
      expect(contrast(over(fill, WHITE), over(fill, BLACK)), fill).toBeGreaterThanOrEqual(2.5);
    }
    expect(highlightFill(WHITE)).toBe('transparent');
    expect(highlightFill(undefined)).toBe('transparent');
  });
});
