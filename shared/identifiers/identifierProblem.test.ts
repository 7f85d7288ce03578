import { describe, expect, it } from 'vitest';
import { canonicalIdentifier, identifierProblem } from './identifierProblem.ts';

describe('identifier checks as a person types', () => {
  it('accepts valid identifiers in the forms people paste', () => {
    expect(identifierProblem('doi', 'https://doi.org/10.1038/nature12373')).toBeUndefined();
    expect(identifierProblem('isbn', '978-3-16-148410-0')).toBeUndefined();
    expect(identifierProblem('isbn', '0-306-40615-2')).toBeUndefined();
    expect(identifierProblem('issn', '0378-5955')).toBeUndefined();
    expect(identifierProblem('pmid', 'PMID: 31452104')).toBeUndefined();
    expect(identifierProblem('arxiv', 'arXiv:1501.00001v2')).toBeUndefined();
    expect(identifierProblem('scopus', 'anything at all')).toBeUndefined();
    expect(identifierProblem('doi', '   ')).toBeUndefined();
  });

  it('names a wrong check digit apart from a wrong shape', () => {
    expect(identifierProblem('isbn', '978-3-16-148410-1')).toMatch(/check digit/);
    expect(identifierProblem('isbn', '12345')).toMatch(/10 or 13 digits/);
    expect(identifierProblem('issn', '0378-5954')).toMatch(/check digit/);
    expect(identifierProblem('issn', '0378')).toMatch(/8 digits/);
  });

  it('refuses what cannot be a DOI, PMID or arXiv id, with an example of the right form', () => {
    expect(identifierProblem('doi', 'nature12373')).toMatch(/10\.1000\/xyz123/);
    expect(identifierProblem('pmid', '0123')).toMatch(/up to 9 digits/);
    expect(identifierProblem('pmid', '1234567890')).toMatch(/up to 9 digits/);
    expect(identifierProblem('arxiv', '1513.00001')).toMatch(/2101\.00001/);
  });

  it('stores DOIs, PMIDs and arXiv ids in their bare form and the others as typed', () => {
    expect(canonicalIdentifier('doi', ' https://doi.org/10.1038/nature12373 ')).toBe('10.1038/nature12373');
    expect(canonicalIdentifier('pmid', 'PMID: 31452104')).toBe('31452104');
    expect(canonicalIdentifier('arxiv', 'https://arxiv.org/abs/1501.00001v2')).toBe('1501.00001v2');
    expect(canonicalIdentifier('isbn', ' 978-3-16-148410-0 ')).toBe('978-3-16-148410-0');
  });
});
