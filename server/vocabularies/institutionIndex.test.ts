// The institution index against plain scans of the same shipped data: the trigram index
// must find exactly what a substring scan finds, and the e-mail tiers must keep their order.
import { describe, expect, it } from 'vitest';
import { fold } from './textFold.ts';
import { hostOf, InstitutionIndex, type SizeSource } from './institutionIndex.ts';
import { institutionIndex } from './vocabularyData.ts';

const noSizes: SizeSource = { sized: () => [], sizeOf: () => 0 };

describe('fold', () => {
  it('drops case, accents and letters Unicode does not decompose, and collapses spaces', () => {
    expect(fold('  Zürich ')).toBe('zurich');
    expect(fold('ÉCOLE  Polytechnique')).toBe('ecole polytechnique');
    expect(fold('Łódź Straße Øresund')).toBe('lodz strasse oresund');
    expect(fold('São Paulo')).toBe(fold('Sao Paulo'));
  });
});

describe('hostOf', () => {
  it('reads hosts without a leading www and without a scheme', () => {
    expect(hostOf('https://www.ox.ac.uk/')).toBe('ox.ac.uk');
    expect(hostOf('http://WWW2.Example.ORG/path')).toBe('example.org');
    expect(hostOf('cs.ox.ac.uk')).toBe('cs.ox.ac.uk');
    expect(hostOf('http://')).toBeUndefined();
  });
});

describe('hint search on the shipped institutions', () => {
  const index = institutionIndex();
  const lines = index.records.map((r) => [r.name, ...(r.alt_names ?? []).map((a) => a.name)].map(fold).join('\u0001'));

  it('finds exactly the institutions a substring scan finds, in the same order', () => {
    const hints = ['karolinska', 'univ', 'Max Planck', 'tokyo', 'zzqx', 'hospital general', 'sity of', 'ÉCOLE', '大学', 'tech', 'the uni', 'mit'];
    for (const hint of hints) {
      const expected = lines.flatMap((line, position) => (line.includes(fold(hint)) ? [position] : [])).slice(0, 100);
      expect(index.searchHint(hint, {}, noSizes, 100), hint).toEqual(expected);
    }
  });

  it('puts sized institutions first, largest first', () => {
    const all = index.searchHint('karolinska', {}, noSizes, 100);
    expect(all.length).toBeGreaterThan(1);
    const last = all[all.length - 1]!;
    const sizes: SizeSource = { sized: () => [last], sizeOf: (p) => (p === last ? 5 : 0) };
    expect(index.searchHint('karolinska', {}, sizes, 100)).toEqual([last, ...all.slice(0, -1)]);
  });
});

describe('indexes of a small list', () => {
  const records = [
    { id: '00000000-0000-5000-8000-000000000001', name: 'Alpha University', country: 'X', urls: ['https://www.alpha.edu'], alt_names: [] },
    { id: '00000000-0000-5000-8000-000000000002', name: 'Alpha Physics', country: 'X', parent_id: '00000000-0000-5000-8000-000000000001', urls: ['https://physics.alpha.edu'], alt_names: [] },
    { id: '00000000-0000-5000-8000-000000000003', name: 'Alpha Optics', country: 'Y', parent_id: '00000000-0000-5000-8000-000000000002', urls: ['https://optics.physics.alpha.edu'], alt_names: [] },
    { id: '00000000-0000-5000-8000-000000000004', name: 'Loop A', country: 'X', parent_id: '00000000-0000-5000-8000-000000000005', urls: [], alt_names: [] },
    { id: '00000000-0000-5000-8000-000000000005', name: 'Loop B', country: 'X', parent_id: '00000000-0000-5000-8000-000000000004', urls: [], alt_names: [] },
  ];
  const index = new InstitutionIndex(records);

  it('orders e-mail matches: exact host, hosts the domain lies under (nearest first), hosts under it', () => {
    expect(index.searchEmail('a@physics.alpha.edu', {}, noSizes, 100)).toEqual([1, 0, 2]);
    expect(index.searchEmail('a@alpha.edu', {}, noSizes, 100)).toEqual([0, 1, 2]);
    expect(index.searchEmail('a@alpha.edu', { country: 'y' }, noSizes, 100)).toEqual([2]);
    expect(index.searchEmail('a@beta.edu', {}, noSizes, 100)).toEqual([]);
  });

  it('counts subtrees and finds roots, and does not hang on a cycle', () => {
    expect(index.rootOf(2)).toBe(0);
    expect(index.subtreeSize(0)).toBe(3);
    expect(index.subtreeSize(1)).toBe(2);
    expect(index.subtree(1)).toEqual([1, 2]);
    expect(typeof index.rootOf(3)).toBe('number');
    expect(index.subtree(3).sort()).toEqual([3, 4]);
  });
});
