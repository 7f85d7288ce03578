import { describe, expect, it } from 'vitest';
import { isPlaceholderDoi, ownDois } from './placeholderDoi.ts';

describe('placeholder DOIs', () => {
  it("are the handbook's example prefixes, blanks and all-zero suffixes", () => {
    for (const doi of ['10.1000/182', '10.5555/12345678', '10.1007/DOI-NUMBER', '10.2218/ijdc.v0i0.0', '10.1214/YY-TN', '10.5300/xxxx-x/zzz', '10.1145/0000000.0000000', '10.1145/XXXXXXX.XXXXXXX', '10.18637/jss.v000.i00', '10.1000/v00i00']) {
      expect(isPlaceholderDoi(doi), doi).toBe(true);
    }
    for (const doi of ['10.1016/j.patcog.2007.01.019', '10.18637/jss.v067.i01', '10.18637/jss.v100.i01', '10.4007/annals.2008.160.1.12', '10.9999/jir.2020.001']) {
      expect(isPlaceholderDoi(doi), doi).toBe(false);
    }
  });

  it('are never taken as the paper\'s own, nor are DOIs printed as examples', () => {
    expect(ownDois('DOI: 10.1007/DOI-NUMBER\nSee e.g. doi:10.1016/j.patcog.2007.01.019 for the method.')).toEqual([]);
    expect(ownDois('xnotdoi.org/10.47397/tb/0-0/ltubguid')).toEqual([]);
    expect(ownDois('https://doi.org/10.1016/j.patcog.2007.01.019')).toEqual(['10.1016/j.patcog.2007.01.019']);
  });
});

describe('DOI-like strings that are not the page\'s own', () => {
  it("are ACM's template blank, nnnnnnn.nnnnnnn", () => {
    expect(isPlaceholderDoi('10.1145/nnnnnnn.nnnnnnn')).toBe(true);
    expect(ownDois('https://doi.org/10.1145/nnnnnnn.nnnnnnn')).toEqual([]);
  });

  it('are DOIs set as code: a macro argument or a BibTeX field', () => {
    expect(ownDois('\\doi{10.1016/j.neunet.2004.07.002} produces doi: 10.1016/j.neunet.2004.07.002')).toEqual([]);
    expect(ownDois('  doi = {10.1063/1.2172593},')).toEqual([]);
  });

  it('are DOIs in a citation in brackets, after the cited names or year and a comma', () => {
    expect(ownDois('validation, and how those data were incorporated into the survival package. (Royston and\nAltman, DOI:10.1186/1471-2288-13-33)')).toEqual([]);
    expect(ownDois('as shown before [Smith et al. 2019, https://doi.org/10.1016/j.patcog.2007.01.019].')).toEqual([]);
    // The page's own, in brackets or after its journal's reference.
    expect(ownDois('(DOI: 10.1016/j.patcog.2007.01.019)')).toEqual(['10.1016/j.patcog.2007.01.019']);
    expect(ownDois('Pattern Recognition 40(3), 2007, doi:10.1016/j.patcog.2007.01.019')).toEqual(['10.1016/j.patcog.2007.01.019']);
    // Brackets without a name before the comma are no citation ("(in press, doi: ...)").
    expect(ownDois('Gear Letters (in press, doi:10.1016/j.patcog.2007.01.019)')).toEqual(['10.1016/j.patcog.2007.01.019']);
  });

  it('are the cited works\' DOIs in a reference list on the page, not a footer\'s own DOI under it', () => {
    const page = ['A short note', 'References', '[1] P. Erdős. Integral distances. Bull. Amer. Math. Soc. 51 (1945), p. 996. doi: 10.1090/S0002-9904-1945-08490-0.'];
    expect(ownDois(page.join('\n'))).toEqual([]);
    expect(ownDois([...page, 'DOI: 10.1016/j.patcog.2007.01.019'].join('\n'))).toEqual(['10.1016/j.patcog.2007.01.019']);
  });
});
