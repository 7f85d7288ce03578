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

/**
 * References a step formats. The warm-up runs on the core's thread: all 100 references in one
 * call held it for 1.35 s (APA, a quiet machine), long enough to stall a window that opened
 * or typed meanwhile. A step of 10 takes 40-100 ms; the first, which builds the engine, ~300.
 */
export const WARM_UP_STEP = 10;

/** The warm-up as steps (a bibliography of WARM_UP_STEP references each, then a citation); none when there are no references. */
export function warmUpSteps(formatter: CitationFormatter, items: readonly CslItem[], options: { style: string; locale: string }): (() => void)[] {
  const chosen = items.slice(0, WARM_UP_REFERENCES);
  if (!chosen.length) return [];
  const steps: (() => void)[] = [];
  for (let at = 0; at < chosen.length; at += WARM_UP_STEP) {
    const slice = chosen.slice(at, at + WARM_UP_STEP);
    steps.push(() => void formatter.allOutputs('bibliography', slice, options));
  }
  steps.push(() => void formatter.allOutputs('citation', chosen.slice(0, 3), options));
  return steps;
}

/** The whole warm-up at once (the citations bench's fresh process); false when there were no references. */
export function warmUpFormatter(formatter: CitationFormatter, items: readonly CslItem[], options: { style: string; locale: string }): boolean {
  const steps = warmUpSteps(formatter, items, options);
  for (const step of steps) step();
  return steps.length > 0;
}
