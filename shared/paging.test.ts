import { describe, expect, it } from 'vitest';
import { formatLinkHeader, parseLinkHeader } from './paging.ts';

describe('Link headers', () => {
  it('round-trips the four paging relations', () => {
    const links = {
      next: 'http://h/documents?limit=2&marker=abc',
      last: 'http://h/documents?limit=2&reverse=true',
      first: 'http://h/documents?limit=2',
      previous: 'http://h/documents?limit=2&marker=x&reverse=true',
    };
    expect(parseLinkHeader(formatLinkHeader(links))).toEqual(links);
  });

  it('omits missing relations and returns undefined when there are none', () => {
    expect(formatLinkHeader({ next: undefined })).toBeUndefined();
    expect(formatLinkHeader({ next: 'u', last: undefined })).toBe('<u>; rel="next"');
  });

  it('parses unquoted, multi-valued and repeated headers, with commas inside URLs', () => {
    const parsed = parseLinkHeader(['<http://h/a?x=1,2>; rel=next', '<http://h/b>; title="t"; rel="last first"']);
    expect(parsed.next).toBe('http://h/a?x=1,2');
    expect(parsed.last).toBe('http://h/b');
    expect(parsed.first).toBe('http://h/b');
  });

  it('ignores garbage', () => {
    expect(parseLinkHeader('not a link header')).toEqual({});
    expect(parseLinkHeader(undefined)).toEqual({});
  });
});
