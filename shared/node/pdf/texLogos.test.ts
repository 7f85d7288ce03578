import { describe, expect, it } from 'vitest';
import { spellTexLogos } from './texLogos.ts';

describe('spellTexLogos', () => {
  it('spells the logos as people write them', () => {
    expect(spellTexLogos('LATEX News')).toBe('LaTeX News');
    expect(spellTexLogos('About XE TEX')).toBe('About XeTeX');
    expect(spellTexLogos('XƎTEX-ko 간단 매뉴얼')).toBe('XeTeX-ko 간단 매뉴얼');
    expect(spellTexLogos('Spot Colors for XE LATEX & LATEX')).toBe('Spot Colors for XeLaTeX & LaTeX');
    expect(spellTexLogos('The LuaTEX reference, with BibTEX and ConTEXt')).toBe('The LuaTeX reference, with BibTeX and ConTeXt');
    expect(spellTexLogos('Using TEX on a gear')).toBe('Using TeX on a gear');
    expect(spellTexLogos('Greek Language Support for XƎLATEX and LuaLATEX')).toBe('Greek Language Support for XeLaTeX and LuaLaTeX');
  });

  it('leaves a title set in capitals, and words that only contain the letters', () => {
    expect(spellTexLogos('UOW THESIS CLASS FOR LATEX 2ε')).toBe('UOW THESIS CLASS FOR LATEX 2ε');
    expect(spellTexLogos('TEXAS gear guide')).toBe('TEXAS gear guide');
    expect(spellTexLogos('Latex gloves in the lab')).toBe('Latex gloves in the lab');
  });
});
