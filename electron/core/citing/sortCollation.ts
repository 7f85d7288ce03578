// citeproc-js sorts a bibliography with String#localeCompare(other, locale, options) on
// every comparison. ECMA-402 defines that call as building a new Intl.Collator from the
// locale and options and comparing with it, and V8 does exactly that each time: in a
// 1,000-reference APA 7 bibliography the comparisons were an eighth of the CPU, most of it
// collator construction and the garbage it leaves. This builds the collator once per sort
// locale and compares with it, which by that definition orders every pair the same way.
// The lower-casing and the bracket rule stay as citeproc-js has them (its getSortCompare,
// citeproc 2.4): keys are lower-cased by the engine's languages first, and leading
// brackets and quotes are stripped only when the collator does not already ignore them.
// The library file stays unmodified: the function is replaced once, at load.
import type CSL from 'citeproc';

type Compare = (a: string, b: string) => number;
type CaseMapper = (this: unknown, text: string) => string;
interface SortInternals {
  getSortCompare(this: unknown, defaultLocale: string | undefined): Compare;
  stringCompare?: Compare;
  toLocaleLowerCase: CaseMapper;
}

/** The options citeproc-js passes with every comparison. */
export const SORT_OPTIONS: Intl.CollatorOptions = { sensitivity: 'base', ignorePunctuation: true, numeric: true };

const LEADING_BRACKETS = /^[[\]'"]*/;

let installed = false;

export function installSortCollation(csl: typeof CSL): void {
  if (installed) return;
  installed = true;
  const internals = csl as unknown as SortInternals;
  const original = internals.getSortCompare;
  const collators = new Map<string, Intl.Collator>();
  internals.getSortCompare = function (this: unknown, defaultLocale: string | undefined): Compare {
    if (internals.stringCompare) return original.call(this, defaultLocale); // a host's own comparison wins, as in citeproc-js
    const locale = defaultLocale || 'en-US';
    let collator = collators.get(locale);
    if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, SORT_OPTIONS)));
    const lower = internals.toLocaleLowerCase.bind(this);
    const strcmp = (a: string, b: string) => collator.compare(lower(a), lower(b));
    if (!strcmp('[x', 'x')) return strcmp;
    return (a, b) => strcmp(a.replace(LEADING_BRACKETS, ''), b.replace(LEADING_BRACKETS, ''));
  };
}
