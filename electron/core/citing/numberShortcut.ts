// citeproc-js reads every numeric variable a style touches (page, locator, number, ...)
// through Engine#processNumber, and the style asks for it whether the reference has the
// variable or not: APA 7 tests a citation's locator on every citation it renders, about
// 3,000 calls in a 1,000-reference bibliography where no reference has one. Each call
// first builds three regular expressions from strings; V8 drops compiled expressions when
// the heap is collected, and a big bibliography collects often, so each call compiled them
// again (about a twentieth of the CPU of the bibliography). For a variable the reference
// does not have (absent or null) that is not read through a language transform, and with no
// parsed value kept for it, the call's only effect is to make the variable's empty number
// record (`tmp.shadow_numbers[variable] = { values: [] }`) and to look the locale's "and"
// terms up (a term found marks the cite as rendering content); this does exactly that and
// returns, and runs citeproc-js's own code otherwise. The library file stays unmodified.
// numberShortcut.test.ts compares the state it leaves with an untouched citeproc-js.
import type CSL from 'citeproc';

interface ShadowNumbers {
  [variable: string]: { values: unknown[] } | undefined;
}
interface NumberState {
  tmp: { shadow_numbers: ShadowNumbers };
  getTerm(term: string, form?: string): string | undefined;
}
type ProcessNumber = (this: NumberState, node: unknown, item: Record<string, unknown> | undefined, variable: string, type?: string) => void;
interface NumberInternals {
  Engine: { prototype: { processNumber: ProcessNumber } };
  /** Variables citeproc-js reads through its language transform (CSL.LangPrefsMap). */
  LangPrefsMap: Record<string, string | undefined>;
}

/** True when processNumber would only create the variable's empty number record. */
export function onlyCreatesEmptyRecord(csl: typeof CSL, state: NumberState, node: unknown, item: Record<string, unknown> | undefined, variable: string): boolean {
  const read = variable === 'page-first' ? 'page' : variable;
  const kept = state.tmp.shadow_numbers[variable];
  if (node && kept && kept.values.length) return false; // restyles the kept values
  if (!item) return true;
  if ((csl as unknown as NumberInternals).LangPrefsMap[read]) return false; // read through the transform, which may answer ""
  return item[variable] === undefined || item[variable] === null;
}

let installed = false;

export function installNumberShortcut(csl: typeof CSL): void {
  if (installed) return;
  installed = true;
  const prototype = (csl as unknown as NumberInternals).Engine.prototype;
  const processNumber = prototype.processNumber;
  prototype.processNumber = function (node, item, variable, type) {
    if (typeof variable === 'string' && onlyCreatesEmptyRecord(csl, this, node, item, variable)) {
      this.getTerm('and');
      this.getTerm('and', 'symbol');
      if (!this.tmp.shadow_numbers[variable]) this.tmp.shadow_numbers[variable] = { values: [] };
      return;
    }
    processNumber.call(this, node, item, variable, type);
  };
}
