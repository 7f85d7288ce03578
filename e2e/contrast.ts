// WCAG contrast between two computed CSS colours (rgb()/rgba() strings as getComputedStyle
// gives them), for marks that are not text and so are outside axe's color-contrast rule.
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
