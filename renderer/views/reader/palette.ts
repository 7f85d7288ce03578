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

/**
 * How strongly a highlight's colour is laid over the page. The palette is pastel, and the
 * fill multiplies with the page (reader.css), so black text stays black under the full
 * colour; at half strength the yellow was barely told from white paper.
 */
export const HIGHLIGHT_FILL_ALPHA = 1;

export const cssColor = (color: Color | undefined, alpha = 1) => (color ? `rgba(${color.r}, ${color.g}, ${color.b}, ${alpha})` : 'transparent');
