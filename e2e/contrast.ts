// WCAG contrast on the live page: axe-core's color-contrast rule for text, and the ratio
// between two computed colours for marks that are not text (outside that rule).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Contrast failures on the page as it is now, one readable line per failing element.
 * `exclude`: selectors of content that is not ours to colour (a PDF's own text layer).
 */
export async function contrastFailures(page: Page, exclude: string[] = []): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withRules(['color-contrast']);
  for (const selector of exclude) builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary}`));
}

/** rgb()/rgba() as getComputedStyle gives it. */
function channels(css: string): [number, number, number] {
  const m = css.match(/rgba?\(([^)]+)\)/);
  if (!m) throw new Error(`not an rgb colour: ${css}`);
  const [r, g, b] = m[1]!.split(/[ ,/]+/).map(Number);
  return [r!, g!, b!];
}

function luminance(css: string): number {
  const [r, g, b] = channels(css).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
