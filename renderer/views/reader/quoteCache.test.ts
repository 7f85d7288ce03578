import { describe, expect, it } from 'vitest';
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';
import { createQuoteCache } from './quoteCache.ts';

const highlight = (id: string, y: number) => ({
  id, type: 'highlight', positions: [{ top_left: { x: 72, y }, bottom_right: { x: 300, y: y - 12 }, page: 2 }],
}) as unknown as LibraryAnnotation;

describe('createQuoteCache', () => {
  it('reads a quote once, then answers from the cache', () => {
    let reads = 0;
    const cache = createQuoteCache(() => { reads++; return 'the text'; });
    const a = highlight('a', 700);
    expect(cache.quoteOf(a)).toBe('the text');
    expect(cache.quoteOf({ ...a, text: 'an edited comment' } as LibraryAnnotation)).toBe('the text');
    expect(reads).toBe(1);
  });

  it('reads again while the text cannot be read yet, and after the positions change', () => {
    let text: string | undefined;
    let reads = 0;
    const cache = createQuoteCache(() => { reads++; return text; });
    const a = highlight('a', 700);
    expect(cache.quoteOf(a)).toBeUndefined();
    text = 'now drawn';
    expect(cache.quoteOf(a)).toBe('now drawn');
    text = 'moved';
    expect(cache.quoteOf(highlight('a', 600))).toBe('moved');
    expect(reads).toBe(3);
  });

  it('keeps "no text under it" once the text could be read', () => {
    let reads = 0;
    const cache = createQuoteCache(() => { reads++; return ''; });
    expect(cache.quoteOf(highlight('a', 700))).toBeUndefined();
    expect(cache.quoteOf(highlight('a', 700))).toBeUndefined();
    expect(reads).toBe(1);
  });

  it('has no quote for an annotation without positions', () => {
    const cache = createQuoteCache(() => 'never read');
    expect(cache.quoteOf({ id: 'n', type: 'note' } as unknown as LibraryAnnotation)).toBeUndefined();
  });
});
