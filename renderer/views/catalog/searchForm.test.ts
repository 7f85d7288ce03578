import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH, PAGE_SIZE, searchRequestOf } from './searchForm.ts';

describe('searchRequestOf', () => {
  it('sends the words of a simple search with the filters that are set', () => {
    expect(searchRequestOf({ ...EMPTY_SEARCH, query: ' type design ', minYear: '1990', openAccess: true }))
      .toEqual({ query: 'type design', minYear: 1990, openAccess: true, limit: PAGE_SIZE });
  });

  it('sends only the advanced fields filled in', () => {
    expect(searchRequestOf({ ...EMPTY_SEARCH, mode: 'advanced', title: 'printing', author: ' ', abstract: 'ink', maxYear: '2000' }))
      .toEqual({ title: 'printing', abstract: 'ink', maxYear: 2000, limit: PAGE_SIZE });
  });

  it('says what to fix instead of sending a bad search', () => {
    expect((searchRequestOf(EMPTY_SEARCH) as Error).message).toBe('Type words to search for');
    expect((searchRequestOf({ ...EMPTY_SEARCH, mode: 'advanced', query: 'ignored' }) as Error).message).toMatch(/at least one of title/);
    expect((searchRequestOf({ ...EMPTY_SEARCH, query: 'x', minYear: '19x0' }) as Error).message).toBe('From year must be a year such as 1998');
    expect((searchRequestOf({ ...EMPTY_SEARCH, query: 'x', minYear: '2001', maxYear: '2000' }) as Error).message).toBe('The year range ends before it starts');
  });
});
