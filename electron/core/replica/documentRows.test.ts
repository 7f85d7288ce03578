import { describe, expect, it } from 'vitest';
import { sortKey } from './documentRows.ts';

describe('sortKey', () => {
  it('folds case, accents and width, and trims', () => {
    expect(sortKey('  Élan Vital ')).toBe('elan vital');
    expect(sortKey('Ｇｌａｃｉｅｒｓ')).toBe('glaciers');
    expect(sortKey('Ångström')).toBe(sortKey('angstrom'));
  });

  it('gives plain ASCII the key the full folding gives it', () => {
    for (const text of ['Glaciers of the Alps', ' MIXED case\t', 'a-b_c (d) [e] 2003', '\u007fcontrol\u0001']) {
      expect(sortKey(text)).toBe(text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim() || null);
    }
  });

  it('has no key for nothing', () => {
    expect(sortKey(null)).toBeNull();
    expect(sortKey(undefined)).toBeNull();
    expect(sortKey('   ')).toBeNull();
  });
});
