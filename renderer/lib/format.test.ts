import { describe, expect, it } from 'vitest';
import { authorsSummary, formatCount, listDate, plural, relativeTime } from './format.ts';
import { parsePeople } from './people.ts';

describe('format', () => {
  it('summarises authors', () => {
    expect(authorsSummary(undefined)).toBe('');
    expect(authorsSummary([{ last_name: 'Kuhn' }])).toBe('Kuhn');
    expect(authorsSummary([{ last_name: 'Watson' }, { last_name: 'Crick' }])).toBe('Watson and Crick');
    expect(authorsSummary([{ last_name: 'A' }, { last_name: 'B' }, { last_name: 'C' }, { last_name: 'D' }])).toBe('A et al.');
  });

  it('writes relative times and counts', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(relativeTime(undefined, now)).toBe('never');
    expect(relativeTime('2026-01-10T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2026-01-10T11:55:00Z', now)).toBe('5 min ago');
    expect(relativeTime('2026-01-10T09:00:00Z', now)).toBe('3 h ago');
    expect(plural(1, 'document')).toBe('1 document');
    expect(plural(12345, 'document')).toBe('12,345 documents');
  });

  it('writes counts as toLocaleString(\'en\') does, without ICU', () => {
    const values = [0, 7, 999, 1000, 12345, 100000, 999999, 1000000, 5001, -1234567, Number.MAX_SAFE_INTEGER, 1.5];
    for (let n = 1; n < 1e15; n = n * 7 + 3) values.push(n);
    for (const value of values) expect(formatCount(value), String(value)).toBe(value.toLocaleString('en'));
  });

  it('writes compact list dates', () => {
    const now = new Date(2026, 10, 22, 15, 0);
    expect(listDate(new Date(2026, 10, 22, 9, 5).toISOString(), now)).toBe('09:05');
    expect(listDate(new Date(2026, 2, 3).toISOString(), now)).toBe('3 Mar');
    expect(listDate(new Date(2019, 0, 31).toISOString(), now)).toBe('2019-01-31');
    expect(listDate('nonsense', now)).toBe('');
  });
});

describe('parsePeople', () => {
  it('reads "Last, First" and "First Last", separated by semicolons', () => {
    expect(parsePeople('Curie, Marie; Albert Einstein; Plato;  ')).toEqual([
      { last_name: 'Curie', first_name: 'Marie' },
      { last_name: 'Einstein', first_name: 'Albert' },
      { last_name: 'Plato' },
    ]);
  });
});
