import { describe, expect, it } from 'vitest';
import { arxivYear, cleanArxivId, cleanDoi, cleanIsbn, cleanIssn, cleanPmid, findArxivIds, findDois, findIdentifiers, findIsbns } from './index.ts';

describe('DOIs', () => {
  it('drops URL forms, doi: prefixes and trailing punctuation', () => {
    expect(cleanDoi('https://doi.org/10.18637/jss.v067.i01')).toBe('10.18637/jss.v067.i01');
    expect(cleanDoi('http://dx.doi.org/10.1000/xyz123.')).toBe('10.1000/xyz123');
    expect(cleanDoi('doi:10.18637/jss.v070.i10.')).toBe('10.18637/jss.v070.i10');
    expect(cleanDoi('DOI: 10.1000/abc,')).toBe('10.1000/abc');
    expect(cleanDoi('(see 10.1000/abc);')).toBe('10.1000/abc');
    expect(cleanDoi('https://doi.org/10.1002%2F%28SICI%29')).toBe('10.1002/(SICI)');
  });
  it('keeps balanced brackets that belong to the DOI', () => {
    expect(cleanDoi('10.1016/S0140-6736(20)30183-5.')).toBe('10.1016/S0140-6736(20)30183-5');
    expect(cleanDoi('(10.1000/abc)')).toBe('10.1000/abc');
  });
  it('refuses what is not a DOI', () => {
    expect(cleanDoi('11.1000/abc')).toBeUndefined();
    expect(cleanDoi('10.12/abc')).toBeUndefined();
    expect(cleanDoi('hello')).toBeUndefined();
  });
  it('finds DOIs in running text, each once', () => {
    expect(findDois('published with DOI 10.18637/jss.v067.i01, see https://doi.org/10.18637/JSS.V067.I01.')).toEqual(['10.18637/jss.v067.i01']);
  });
});

describe('arXiv ids', () => {
  it('reads the new form with and without version', () => {
    expect(cleanArxivId('arXiv:1501.00001v2')).toBe('1501.00001v2');
    expect(cleanArxivId('https://arxiv.org/abs/1403.2805')).toBe('1403.2805');
    expect(cleanArxivId('1501.0001')).toBeUndefined(); // five digits since 2015
    expect(cleanArxivId('1413.2805')).toBeUndefined(); // month 13
  });
  it('reads the old form', () => {
    expect(cleanArxivId('hep-th/9901001')).toBe('hep-th/9901001');
    expect(cleanArxivId('arXiv:math.GT/0309136v1')).toBe('math.GT/0309136v1');
    expect(cleanArxivId('foo-bar/9901001')).toBeUndefined();
  });
  it('finds only labelled ids in text (a banner), and knows their year', () => {
    expect(findArxivIds('arXiv:1403.2805v1 [stat.CO] 12 Mar 2014')).toEqual(['1403.2805v1']);
    expect(findArxivIds('version 1403.2805 of the data')).toEqual([]);
    expect(arxivYear('1403.2805v1')).toBe(2014);
    expect(arxivYear('hep-th/9901001')).toBe(1999);
  });
});

describe('ISBNs', () => {
  it('accepts valid ISBN-10 and ISBN-13 with hyphens or spaces', () => {
    expect(cleanIsbn('978-3-16-148410-0')).toBe('9783161484100');
    expect(cleanIsbn('0-306-40615-2')).toBe('0306406152');
    expect(cleanIsbn('ISBN 0 8044 2957 X')).toBe('080442957X');
  });
  it('rejects wrong check digits and wrong lengths', () => {
    expect(cleanIsbn('978-3-16-148410-1')).toBeUndefined();
    expect(cleanIsbn('0-306-40615-3')).toBeUndefined();
    expect(cleanIsbn('12345')).toBeUndefined();
    expect(cleanIsbn('9773161484100')).toBeUndefined(); // 977 is an ISSN prefix
  });
  it('finds labelled ISBNs only', () => {
    expect(findIsbns('ISBN 978-3-16-148410-0 and 0306406152')).toEqual(['9783161484100']);
  });
});

describe('ISSN and PMID', () => {
  it('checks the ISSN check digit', () => {
    expect(cleanIssn('0378-5955')).toBe('0378-5955');
    expect(cleanIssn('ISSN 2049-3630')).toBe('2049-3630');
    expect(cleanIssn('0378-5956')).toBeUndefined();
  });
  it('accepts PMIDs as positive integers only', () => {
    expect(cleanPmid('PMID: 12345678')).toBe('12345678');
    expect(cleanPmid('0123')).toBeUndefined();
    expect(findIdentifiers('PMID: 31452104. ISSN 0378-5955').pmid).toEqual(['31452104']);
  });
});
