// The highlight palette: the usual reference-manager colours, by name.
import type { Color } from '../../../shared/schemas/common.ts';
import { colorKey } from './readingOrder.ts';

export const PALETTE: readonly { name: string; color: Color }[] = [
  { name: 'yellow', color: { r: 255, g: 245, b: 173 } },
  { name: 'green', color: { r: 193, g: 240, b: 168 } },
  { name: 'blue', color: { r: 186, g: 226, b: 255 } },
  { name: 'pink', color: { r: 255, g: 196, b: 220 } },
  { name: 'orange', color: { r: 255, g: 214, b: 160 } },
  { name: 'purple', color: { r: 220, g: 200, b: 255 } },
];

/** Underlines are drawn as thin lines: a pale highlight colour would hardly show, so they start dark blue. */
export const UNDERLINE_COLOR: Color = { r: 0, g: 90, b: 200 };

/** Areas are outlined: a strong red shows around any figure. */
export const AREA_COLOR: Color = { r: 220, g: 40, b: 40 };

export function colorName(color: Color | undefined): string {
  if (!color) return 'no colour';
  return PALETTE.find((p) => colorKey(p.color) === colorKey(color))?.name ?? colorKey(color);
}

/** The most a highlight covers the page: the words under a strong colour stay at half their darkness or more. */
export const MAX_FILL_ALPHA = 0.5;

/**
 * The fill that shows a highlight's colour over white paper without a blend mode: the colour's
 * opacity is as low as still gives that colour on white (a pastel needs a quarter to a third),
 * so black text under it stays dark. A blend (multiply) would keep the text black, but each
 * blended page is then composited apart on every frame, which doubled a scroll's frame time
 * in software compositing (the reader bench). Strong colours are capped at MAX_FILL_ALPHA and
 * show lighter on white.
 */
export function highlightFill(color: Color | undefined): string {
  if (!color) return 'transparent';
  const channels = [color.r, color.g, color.b];
  const alpha = Math.min(MAX_FILL_ALPHA, Math.max(...channels.map((c) => (255 - c) / 255)));
  if (alpha <= 0) return 'transparent';
  // Over white, the fill shows 255 * (1 - alpha) + c' * alpha; solve for c'.
  const [r, g, b] = channels.map((c) => Math.max(0, Math.min(255, Math.round((c - 255 * (1 - alpha)) / alpha))));
  return `rgba(${r}, ${g}, ${b}, ${Number(alpha.toFixed(3))})`;
}

export const cssColor = (color: Color | undefined, alpha = 1) => (color ? `rgba(${color.r}, ${color.g}, ${color.b}, ${alpha})` : 'transparent');
