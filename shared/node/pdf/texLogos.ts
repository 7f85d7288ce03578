// TeX's logos as a title's text layer gives them, spelt as people write them: the logos set their
// letters in capitals of two sizes, raised, lowered or mirrored ("LATEX", "XƎTEX", "ConTEXt").
// A title set wholly in capitals keeps its capitals.

const XETEX = /\bX\s?[EƎ]\s?(LA\s?)?TEX\b/g;
const LATEX = /\b(Lua|pdf)?LA\s?TEX\b/g;
/** TeX after a program's own prefix, or alone: "LuaTEX", "pdfTEX", "BibTEX", "ConTEXt", "TEX". */
const TEX = /\b(Lua|pdf|Bib|Con|e|up|p|Mac|Omega)?TEX(t)?\b/g;

export function spellTexLogos(title: string): string {
  const mirroredE = title.replace(/XƎ/g, 'XE');
  // LaTeX 2ε's epsilon is no lower-case word.
  if (!/\p{Ll}/u.test(mirroredE.replace(XETEX, '').replace(LATEX, '').replace(TEX, '').replace(/2\s?ε/g, ''))) return mirroredE;
  return mirroredE
    .replace(XETEX, (_, la: string | undefined) => (la ? 'XeLaTeX' : 'XeTeX'))
    .replace(LATEX, (_, prefix: string | undefined) => `${prefix ?? ''}LaTeX`)
    .replace(TEX, (_, prefix: string | undefined, t: string | undefined) => `${prefix ?? ''}TeX${t ?? ''}`);
}
