// The first big copy after starting the app was more than twice as slow as the next ones
// (1,000 APA references: 5.8 s against 2.6 s of CPU at load ~30): V8 compiles and optimises
// citeproc-js's code while it runs. Formatting about a hundred of the person's own
// references once, in the background soon after start, does that work before anyone waits
// for it (measured: the first 1,000-reference copy then costs 3.3 s). The output is thrown
// away and the next copy registers its own selection, so nothing of the warm-up shows.
import type { CslItem } from '../../../shared/csl/cslJson.ts';
import type { CitationFormatter } from './citationFormatter.ts';

/** Enough references to run every part of a copy; more did not make the next copy faster. */
export const WARM_UP_REFERENCES = 100;

/** Formats up to WARM_UP_REFERENCES of `items` as a bibliography and a citation; false when there were none. */
export function warmUpFormatter(formatter: CitationFormatter, items: readonly CslItem[], options: { style: string; locale: string }): boolean {
  if (!items.length) return false;
  formatter.allOutputs('bibliography', items.slice(0, WARM_UP_REFERENCES), options);
  formatter.allOutputs('citation', items.slice(0, 3), options);
  return true;
}
