// Highlight fills must be told from white paper at a glance, and leave the text on them
// readable: measured as WCAG contrast ratios of the fill as shown (blended over white).
import { describe, expect, it } from 'vitest';
import type { Color } from '../../../shared/schemas/common.ts';
import { HIGHLIGHT_FILL_ALPHA, PALETTE } from './palette.ts';

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
/** The fill as it shows over white paper (multiply by a colour with this alpha). */
const shown = (c: Color): Color => ({
  r: 255 - (255 - c.r) * HIGHLIGHT_FILL_ALPHA, g: 255 - (255 - c.g) * HIGHLIGHT_FILL_ALPHA, b: 255 - (255 - c.b) * HIGHLIGHT_FILL_ALPHA,
});

describe('highlight fills', () => {
  it.each(PALETTE.map((p) => [p.name, p.color] as const))('%s stands out from white paper and keeps black text at AAA contrast', (_name, color) => {
    // At the old strength (0.45) the yellow measured 1.05:1 against white; now 1.11:1.
    expect(contrast(shown(color), WHITE)).toBeGreaterThanOrEqual(1.1);
    expect(contrast(shown(color), BLACK)).toBeGreaterThanOrEqual(7);
  });
});
