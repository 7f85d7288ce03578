// citeproc-js lowers and raises case through String#toLocaleLowerCase(langs) with the
// item's and the style's languages, thousands of times per bibliography. V8 canonicalises
// the language list on each call (about 15 µs against 0.1 µs for toLowerCase), which was a
// tenth of a 1,000-entry APA bibliography. ECMA-402 maps case by language only for the
// first requested language, and only a few languages differ from the language-neutral
// mapping (Azeri, Lithuanian and Turkish in the standard; ICU adds Greek upper case and,
// in newer versions, Armenian); for every other first language the neutral mapping is
// exactly what citeproc-js would get. The library file stays unmodified: its two functions are
// wrapped once, at load, keeping the original for az/lt/tr.
import type CSL from 'citeproc';

type CaseMapper = (this: { tmp: { lang_array?: string[] } }, text: string) => string;

const LOCALE_SENSITIVE = new Set(['az', 'el', 'hy', 'lt', 'tr']);

/** True when case mapping for these languages is the language-neutral one. */
export function neutralCasing(langs: readonly string[] | undefined): boolean {
  const first = langs?.[0]; // none while the engine is being built
  if (first === undefined) return false; // the host's own locale would be used
  return !LOCALE_SENSITIVE.has(first.split(/[-_]/)[0]!.toLowerCase());
}

let installed = false;

export function installLocaleCasing(csl: typeof CSL): void {
  if (installed) return;
  installed = true;
  const lower = csl.toLocaleLowerCase as CaseMapper;
  const upper = csl.toLocaleUpperCase as CaseMapper;
  csl.toLocaleLowerCase = function (this: { tmp: { lang_array?: string[] } }, text: string) {
    return neutralCasing(this.tmp.lang_array) ? text.toLowerCase() : lower.call(this, text);
  };
  csl.toLocaleUpperCase = function (this: { tmp: { lang_array?: string[] } }, text: string) {
    return neutralCasing(this.tmp.lang_array) ? text.toUpperCase() : upper.call(this, text);
  };
}
