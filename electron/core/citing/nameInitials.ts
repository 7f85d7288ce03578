// citeproc-js turns given names into initials (CSL.Util.Names.initializeWith) for every
// name of every rendering: the citation form it renders twice per reference to find
// ambiguities, the disambiguation keys of the name registry, the sort keys and the entry.
// In a 1,000-reference APA 7 bibliography that is about 29,000 calls for fewer than a
// hundred distinct names (about a twentieth of the CPU), each splitting the name with
// regular expressions again. The answer depends only on the name, the initial's
// terminator, whether initials are only normalised, the style's initialize-with-hyphen and
// the case mapping of the languages in play; this keeps the answer per such key and asks
// citeproc-js for names it has not seen. Languages whose case mapping differs from the
// language-neutral one (localeCasing.ts) always go to citeproc-js. The library file stays
// unmodified: the function is wrapped once, at load.
import type CSL from 'citeproc';
import { neutralCasing } from './localeCasing.ts';

interface State {
  opt: Record<string, unknown>;
  tmp: { lang_array?: string[] };
}
type InitializeWith = (this: unknown, state: State, name: unknown, terminator: unknown, normalizeOnly?: unknown) => string;
interface NamesInternals {
  Util: { Names: { initializeWith: InitializeWith } };
}

/** Enough for the names of a big library; past it the memo starts again rather than grow. */
export const INITIALS_KEPT = 50_000;

let installed = false;

export function installInitialsMemo(csl: typeof CSL): void {
  if (installed) return;
  installed = true;
  const names = (csl as unknown as NamesInternals).Util.Names;
  const initializeWith = names.initializeWith;
  const kept = new Map<string, string>();
  names.initializeWith = function (state, name, terminator, normalizeOnly) {
    if (typeof name !== 'string' || (terminator !== undefined && typeof terminator !== 'string') || !neutralCasing(state.tmp.lang_array)) {
      return initializeWith.call(this, state, name, terminator, normalizeOnly);
    }
    const key = `${state.opt['initialize-with-hyphen'] === false ? 'h' : '-'}${normalizeOnly ? 'n' : 'i'}${terminator ?? ''}\u0000${name}`;
    let initials = kept.get(key);
    if (initials === undefined) {
      initials = initializeWith.call(this, state, name, terminator, normalizeOnly);
      if (kept.size >= INITIALS_KEPT) kept.clear();
      kept.set(key, initials);
    }
    return initials;
  };
}
