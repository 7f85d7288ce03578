import { describe, expect, it } from 'vitest';
import { suggestTags } from './tagSuggestions.ts';

const tags = [
  { tag: 'ecology', count: 40 },
  { tag: 'statistics', count: 30 },
  { tag: 'biostatistics', count: 12 },
  { tag: 'Stata', count: 3 },
  { tag: 'seagrass', count: 2 },
];

describe('tag suggestions', () => {
  it('offers tags starting with the typed text first, then containing it, ignoring case', () => {
    expect(suggestTags(tags, 'sta', [])).toEqual(['statistics', 'Stata', 'biostatistics']);
    expect(suggestTags(tags, 'STAT', [])).toEqual(['statistics', 'Stata', 'biostatistics']);
  });

  it('leaves out the tags the document has, and offers nothing for an empty box', () => {
    expect(suggestTags(tags, 'sta', ['Statistics'])).toEqual(['Stata', 'biostatistics']);
    expect(suggestTags(tags, '  ', [])).toEqual([]);
    expect(suggestTags(tags, 'zzz', [])).toEqual([]);
  });

  it('offers at most the bound, most used first', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ tag: `topic ${i}`, count: 30 - i }));
    expect(suggestTags(many, 'top', [], 5)).toEqual(['topic 0', 'topic 1', 'topic 2', 'topic 3', 'topic 4']);
  });
});
