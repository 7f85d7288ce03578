import CSL from 'citeproc';
import { describe, expect, it } from 'vitest';
import { pristineCiteproc } from './fixtures/pristineCiteproc.ts';
import { installLocaleCasing } from './localeCasing.ts';
import { installSortCollation } from './sortCollation.ts';

installLocaleCasing(CSL);
installSortCollation(CSL);

type Compare = (a: string, b: string) => number;
type SortCompare = (this: unknown, locale: string | undefined) => Compare;
const sortCompareOf = (csl: typeof CSL) => (csl as unknown as { getSortCompare: SortCompare }).getSortCompare;
const state = (langs: string[]) => ({ tmp: { lang_array: langs } });

/** Sort keys of the kinds bibliographies hold: names with particles and accents, numbers, brackets, quotes, punctuation, scripts. */
const KEYS = [
  'Smith', 'smith', 'Smíth', 'Smith, J.', 'Smith J', 'Smith-Jones', 'van Gogh', 'Van Gogh', 'Öberg', 'Oberg', 'Zoë', 'Zoe',
  'Ångström', 'Aalto', 'Çelik', 'Celik', 'Ísland', 'Istanbul', 'ılık', 'Łukasiewicz', 'Lukasiewicz', 'Straße', 'Strasse',
  '[Untitled]', 'Untitled', '"Quoted" title', 'Quoted title', "'Single'", 'Single', '2', '10', '2a', 'Volume 9', 'Volume 10',
  'Σίσυφος', 'Михаил', 'Mikhail', '東京', 'the end', 'The End', '', ' ', 'a--b', 'a b', '00012', '12',
];
const LOCALES = [undefined, 'en-US', 'de-DE', 'sv-SE', 'tr-TR', 'fr-FR', 'lt-LT', 'da-DK', 'es-ES'];

describe('sort comparison with one collator per locale', () => {
  it('orders every pair of keys as citeproc-js\'s own comparison does, in every locale', () => {
    const pristine = pristineCiteproc();
    expect(sortCompareOf(pristine)).not.toBe(sortCompareOf(CSL));
    for (const locale of LOCALES) {
      for (const langs of [['en-US'], ['tr-TR']]) {
        const ours = sortCompareOf(CSL).call(state(langs), locale);
        const theirs = sortCompareOf(pristine).call(state(langs), locale);
        for (const a of KEYS) {
          for (const b of KEYS) expect(Math.sign(ours(a, b)), `${locale} ${langs} "${a}" vs "${b}"`).toBe(Math.sign(theirs(a, b)));
        }
      }
    }
  });

  it('leaves a host\'s own string comparison in charge', () => {
    const host = (a: string, b: string) => b.length - a.length;
    const csl = CSL as unknown as { stringCompare?: Compare };
    csl.stringCompare = host;
    try {
      expect(sortCompareOf(CSL).call(state(['en-US']), 'en-US')).toBe(host);
    } finally {
      delete csl.stringCompare;
    }
  });
});
