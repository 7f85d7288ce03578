// The render cache against citeproc-js as it comes (a fresh, untouched instance, one
// engine run on the whole selection), for every bundled style: random selections of a
// library with same-author-same-year works (given names that tell them apart and ones that
// do not, identical titles, missing dates, particles, suffixes), after the library was
// formatted in background slices, and with references the cache has not seen.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CslItem } from '../../../shared/csl/cslJson.ts';
import { documentToCsl, type CitableDocument } from '../../../shared/csl/documentToCsl.ts';
import { BUNDLED_STYLES } from './bundledStyles.ts';
import { createCitationFormatter, type CitationFormatter } from './citationFormatter.ts';
import { largeLibraryDocuments } from './fixtures/largeLibrary.ts';
import { REFERENCE_DOCUMENTS } from './fixtures/referenceDocuments.ts';
import { pristineBibliography } from './fixtures/pristineCiteproc.ts';
import { createRenderCache, withRenderCache, type RenderCache } from './renderCache.ts';
import { openRenderCacheStore, type RenderCacheStore } from '../replica/index.ts';
import { createStyleLibrary } from './styleLibrary.ts';

const bundledDir = path.resolve(import.meta.dirname, '../../../resources/csl');
const dir = mkdtempSync(path.join(tmpdir(), 'refshelf-render-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const styles = createStyleLibrary({ bundledDir, userDir: path.join(dir, 'styles') });

const base = (id: string) => {
  const { id: _id, ...fields } = REFERENCE_DOCUMENTS.find((d) => d.id === id)!;
  return fields;
};
const person = (last_name: string, first_name?: string, suffix?: string) => ({ last_name, ...(first_name ? { first_name } : {}), ...(suffix ? { suffix } : {}) });

/** Works that read the same in an author-date citation, and the ways they may still differ. */
function collidingDocuments(): (CitableDocument & { id: string })[] {
  const smith = [person('Smith', 'John'), person('Smith', 'Karen'), person('Smith', 'Jane')];
  return [
    ...smith.map((author, i) => ({ ...base('knuth1984'), id: `smith-${i}`, title: `On measuring ${i}`, year: 2020, authors: [author] })),
    ...[0, 1, 2].map((i) => ({ ...base('lamport1994'), id: `ng-${i}`, title: 'Machine learning yearning', year: 2012, authors: [person('Ng', 'Andrew')] })),
    { ...base('watson1953'), id: 'lee-dated', title: 'A dated letter', year: 2001, month: 3, day: 4, authors: [person('Lee', 'Min')] },
    { ...base('watson1953'), id: 'lee-plain', title: 'A plain letter', year: 2001, authors: [person('Lee', 'Min')] },
    ...[0, 1].map((i) => ({ ...base('shannon1940'), id: `undated-${i}`, title: `Undated notes ${i}`, year: undefined, authors: [person('Okafor', 'Chidi')] })),
    ...[0, 1].map((i) => ({ ...base('beethoven1808'), id: `berg-${i}`, title: `Sonata ${i}`, year: 2001, authors: [person('van der Berg', 'Anna')] })),
    ...[0, 1].map((i) => ({ ...base('king1963'), id: `king-${i}`, title: `Letter ${i}`, authors: [person('King', 'Martin Luther', 'Jr.')] })),
    ...[0, 1].map((i) => ({ ...base('goodfellow2016'), id: `many-${i}`, title: `Deep ${i}`, authors: [person('Goodfellow', 'Ian'), person('Bengio', i ? 'Samy' : 'Yoshua'), person('Courville', 'Aaron')] })),
    { ...base('nist2020'), id: 'nist-again', title: 'Another control catalogue' },
  ];
}

function libraryItems(): CslItem[] {
  const documents = [
    ...largeLibraryDocuments(120).map((d, i) => ({ ...d, id: `lib-${i}` })),
    ...REFERENCE_DOCUMENTS.map((d) => ({ ...d, id: `ref-${d.id}` })),
    ...collidingDocuments(),
  ];
  return documents.map((d) => documentToCsl(d));
}

/** References not in the library: one more work of groups the library has, and one of its own. */
const unseen = (): CslItem[] => [
  documentToCsl({ ...base('knuth1984'), id: 'new-smith', title: 'On measuring again', year: 2020, authors: [person('Smith', 'John')] }),
  documentToCsl({ ...base('lamport1994'), id: 'new-ng', title: 'Machine learning yearning', year: 2012, authors: [person('Ng', 'Andrew')] }),
  documentToCsl({ ...base('piketty2014'), id: 'new-alone', title: 'Capital again', year: 2030 }),
];

function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(values: readonly T[], next: () => number): T[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Random selections: a random part of the library, whole and partial colliding groups, in a random order. */
function selections(library: readonly CslItem[], seed: number, count: number): CslItem[][] {
  const next = random(seed);
  const colliding = library.filter((item) => !String(item.id).startsWith('lib-') && !String(item.id).startsWith('ref-'));
  return Array.from({ length: count }, (_, n) => {
    const some = library.filter(() => next() < 0.25);
    const groups = colliding.filter(() => next() < 0.7);
    const chosen = new Map([...some, ...groups].map((item) => [String(item.id), item]));
    return shuffled(n === 0 ? [...chosen.values(), ...unseen()] : [...chosen.values()], next);
  });
}

/** The citing area's background work, in slices: every reference alone, then every colliding group. */
function fillLibrary(cache: RenderCache, library: readonly CslItem[], options: { style: string; locale: string }): void {
  const ambigs = new Map<string, string>();
  for (let start = 0; start < library.length; start += 25) {
    for (const [id, ambig] of cache.fill(library.slice(start, start + 25), options) ?? []) ambigs.set(id, ambig);
  }
  const groups = new Map<string, CslItem[]>();
  for (const item of library) {
    const ambig = ambigs.get(String(item.id));
    if (ambig !== undefined) groups.set(ambig, [...(groups.get(ambig) ?? []), item]);
  }
  for (const members of groups.values()) cache.fillGroup(members, options);
}

/** The formatter with a count of the references citeproc-js formats through renderEach. */
function counted(formatter: CitationFormatter): { formatter: CitationFormatter; formatted: () => number } {
  let formatted = 0;
  return {
    formatter: { ...formatter, renderEach: (items, options) => ((formatted += items.length), formatter.renderEach(items, options)) },
    formatted: () => formatted,
  };
}

const openStore = (name: string): RenderCacheStore => openRenderCacheStore(path.join(dir, name), { onProblem: () => {} });

describe('the per-reference render cache', () => {
  const library = libraryItems();

  for (const style of BUNDLED_STYLES) {
    it(`gives citeproc-js's own HTML, text and RTF in ${style}`, () => {
      const options = { style, locale: 'en-US' };
      const plain = createCitationFormatter(styles);
      const { formatter, formatted } = counted(plain);
      const cache = createRenderCache(formatter, openStore(`${style}.sqlite`));
      const quickCopy = withRenderCache(formatter, cache);
      fillLibrary(cache, library, options);
      const cached = cache.covers(options);
      expect(cached).toBe(['apa', 'elsevier-harvard', 'harvard-cite-them-right', 'springer-basic-author-date'].includes(style));
      for (const [n, selection] of selections(library, style.length, cached ? 4 : 1).entries()) {
        const before = formatted();
        const ours = quickCopy.allOutputs('bibliography', selection, options);
        expect(ours, `${style}, selection ${n} (${selection.length} references)`).toEqual(pristineBibliography(styles, style, selection));
        // After the background work, citeproc-js formats only the parts of same-author-same-year groups selected without the rest.
        if (cached && n > 0) expect(formatted() - before).toBeLessThan(selection.length / 3);
      }
      if (cached) {
        const before = formatted();
        const whole = quickCopy.allOutputs('bibliography', library, options);
        expect(formatted() - before, 'the whole library, every group whole').toBe(0);
        expect(whole).toEqual(pristineBibliography(styles, style, library));
      }
      if (cached) {
        const again = selections(library, style.length, 1)[0]!;
        const before = formatted();
        quickCopy.allOutputs('bibliography', again, options);
        expect(formatted() - before, 'references unseen before the first copy are kept by it').toBe(0);
      }
    }, 600_000); // seconds on a quiet machine; minutes on a loaded one
  }

  it('never uses an edited reference\'s old entry', () => {
    const options = { style: 'apa', locale: 'en-US' };
    const { formatter, formatted } = counted(createCitationFormatter(styles));
    const cache = createRenderCache(formatter, openStore('edits.sqlite'));
    const items = library.slice(0, 30);
    fillLibrary(cache, items, options);
    const edited = items.map((item, i) => (i === 7 ? { ...item, title: 'A title changed after the cache was filled' } : item));
    const before = formatted();
    const ours = cache.bibliography(edited, options)!;
    expect(formatted() - before).toBe(1);
    expect(ours).toEqual(pristineBibliography(styles, 'apa', edited));
    expect(ours.text).toContain('A title changed after the cache was filled');
    expect(ours.text).not.toContain(String(items[7]!.title));
  }, 300_000);

  it('never uses the entries of a user style that was added again with other XML', () => {
    const userStyles = createStyleLibrary({ bundledDir, userDir: path.join(dir, 'replaced-styles') });
    const formatter = createCitationFormatter(userStyles);
    const cache = createRenderCache(formatter, openStore('replaced.sqlite'));
    const options = { style: 'lab', locale: 'en-US' };
    const items = library.slice(0, 12);
    const apa = readFileSync(path.join(bundledDir, 'styles', 'apa.csl'), 'utf8');
    userStyles.addStyle('lab.csl', apa, formatter.checkStyle);
    fillLibrary(cache, items, options);
    expect(cache.bibliography(items, options)).toEqual(pristineBibliography(userStyles, 'lab', items));
    // The same layout with another date format: every entry reads differently.
    userStyles.addStyle('lab.csl', apa.replace(/<date variable="issued"/g, '<date variable="issued" prefix="[" suffix="]"'), formatter.checkStyle);
    const again = cache.bibliography(items, options)!;
    expect(again).toEqual(pristineBibliography(userStyles, 'lab', items));
    expect(again.text).not.toEqual(pristineBibliography(styles, 'apa', items).text);
  }, 300_000);

  it('starts again from a corrupt or truncated file and still formats right', () => {
    const options = { style: 'apa', locale: 'en-US' };
    const items = library.slice(0, 20);
    const file = path.join(dir, 'damaged.sqlite');
    const first = openRenderCacheStore(file);
    const cache = createRenderCache(createCitationFormatter(styles), first);
    fillLibrary(cache, items, options);
    first.close();
    const truncated = (f: string) => {
      const whole = readFileSync(f);
      expect(whole.length).toBeGreaterThan(8192);
      writeFileSync(f, whole.subarray(0, Math.floor(whole.length / 2)));
    };
    for (const damage of [truncated, (f: string) => writeFileSync(f, 'not a database at all'), (f: string) => writeFileSync(f, Buffer.alloc(1000, 7))]) {
      damage(file);
      const problems: unknown[] = [];
      const { formatter, formatted } = counted(createCitationFormatter(styles));
      const store = openRenderCacheStore(file, { onProblem: (error) => problems.push(error) });
      const again = createRenderCache(formatter, store);
      expect(again.bibliography(items, options)).toEqual(pristineBibliography(styles, 'apa', items));
      expect(problems.length).toBeGreaterThan(0);
      expect(formatted()).toBeGreaterThanOrEqual(items.length); // nothing was read from the damaged file
      const before = formatted();
      again.bibliography(items, options);
      expect(formatted() - before).toBe(0); // and the new file keeps what was formatted
      store.close();
    }
  }, 300_000);

  it('keeps at most its bound, dropping the oldest', () => {
    const store = openRenderCacheStore(path.join(dir, 'bounded.sqlite'), { maxRows: 100 });
    for (let n = 0; n < 5; n++) store.put(new Map(Array.from({ length: 40 }, (_, i) => [`k${n}-${i}`, 'v'])));
    const all = Array.from({ length: 5 }, (_, n) => Array.from({ length: 40 }, (_, i) => `k${n}-${i}`)).flat();
    const kept = store.get(all);
    expect(kept.size).toBeLessThanOrEqual(100);
    expect(kept.has('k4-39')).toBe(true);
    expect(kept.has('k0-0')).toBe(false);
    store.close();
  });
});
