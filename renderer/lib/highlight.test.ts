import { describe, expect, it } from 'vitest';
import { highlight, searchTerms } from './highlight.ts';

const marked = (text: string, query: string) => highlight(text, searchTerms(query)).filter((s) => s.match).map((s) => s.text);

describe('highlight', () => {
  it('marks words that start with a search term, ignoring case', () => {
    expect(marked('Molecular Structure of Nucleic Acids', 'nucl struct')).toEqual(['Struct', 'Nucl']);
  });

  it('ignores accents both ways and keeps the original text', () => {
    expect(marked('Gödel, Escher, Bach', 'godel')).toEqual(['Gödel']);
    expect(marked('Godel and others', 'gödel')).toEqual(['Godel']);
  });

  it('does not mark the middle of a word', () => {
    expect(marked('Transformers', 'former')).toEqual([]);
  });

  it('keeps all text when nothing matches and splits into runs', () => {
    const segments = highlight('Deep Residual Learning', ['resid']);
    expect(segments.map((s) => s.text).join('')).toBe('Deep Residual Learning');
    expect(segments).toEqual([{ text: 'Deep ', match: false }, { text: 'Resid', match: true }, { text: 'ual Learning', match: false }]);
  });

  it('folds ASCII and other letters alike, and treats non-ASCII letters as part of words', () => {
    // ASCII takes a shorter path than the rest: the two must agree at their seams.
    expect(marked('Éléments de théorie', 'ele')).toEqual(['Élé']);
    expect(marked('ΔE and x-ray', 'δe')).toEqual(['ΔE']);
    expect(marked('naïve CAFÉ', 'cafe')).toEqual(['CAFÉ']);
    expect(marked('éray', 'ray')).toEqual([]);
    expect(marked('x-ray', 'ray')).toEqual(['ray']);
  });

  it('splits a query into words like the index does', () => {
    expect(searchTerms('  "deep" AND (residual)* ')).toEqual(['deep', 'AND', 'residual']);
    expect(searchTerms('!!!')).toEqual([]);
  });
});
