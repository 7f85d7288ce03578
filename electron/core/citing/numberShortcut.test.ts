import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import CSL from 'citeproc';
import { afterAll, describe, expect, it } from 'vitest';
import { pristineCiteproc } from './fixtures/pristineCiteproc.ts';
import { installNumberShortcut, onlyCreatesEmptyRecord } from './numberShortcut.ts';
import { createStyleLibrary } from './styleLibrary.ts';

installNumberShortcut(CSL);

const userDir = mkdtempSync(path.join(tmpdir(), 'refshelf-styles-'));
afterAll(() => rmSync(userDir, { recursive: true, force: true }));
const styles = createStyleLibrary({ bundledDir: path.resolve(import.meta.dirname, '../../../resources/csl'), userDir });

interface NumberEngine {
  tmp: { shadow_numbers: Record<string, unknown>; cite_renders_content: boolean };
  processNumber(node: unknown, item: unknown, variable: string, type?: string): void;
  getTerm(term: string, form?: string): string | undefined;
}
const engineOf = (csl: typeof CSL, locale: string) => new csl.Engine({
  retrieveLocale: (lang) => styles.localeXml(lang),
  retrieveItem: () => ({}),
}, styles.styleXml('apa'), locale, true) as unknown as NumberEngine;

/** [node, item, variable]: absent, null, present and transformed variables, with and without a node, a kept record, no item. */
const CALLS: [unknown, Record<string, unknown> | undefined, string][] = [
  [false, { position: 1 }, 'locator'],
  [false, { locator: null }, 'locator'],
  [false, { locator: '12-14' }, 'locator'],
  [false, undefined, 'locator'],
  [{}, { id: 'a' }, 'page'],
  [{}, { id: 'a' }, 'page-first'],
  [false, { page: '3-9' }, 'page'],
  [false, { page: '3-9' }, 'page-first'],
  [{}, { id: 'a' }, 'volume'],
  [false, { volume: '' }, 'volume'],
  [false, { id: 'a' }, 'edition'],
  [false, { number: 42 }, 'number'],
  [{}, { id: 'a' }, 'number-of-pages'],
  [{}, { id: 'a' }, 'collection-number'],
];

describe('processNumber for a variable the reference does not have', () => {
  it('leaves the number records and the rendered-content mark as citeproc-js does, alone and after other calls', () => {
    const pristine = pristineCiteproc();
    const processNumberOf = (csl: typeof CSL) => (csl.Engine.prototype as unknown as NumberEngine).processNumber;
    expect(processNumberOf(CSL)).not.toBe(processNumberOf(pristine));
    for (const locale of ['en-US', 'de-DE']) {
      const ours = engineOf(CSL, locale);
      const theirs = engineOf(pristine, locale);
      for (const sequence of [...CALLS.map((call) => [call]), CALLS, [...CALLS].reverse()]) {
        for (const engine of [ours, theirs]) {
          engine.tmp.shadow_numbers = {};
          engine.tmp.cite_renders_content = false;
        }
        for (const [node, item, variable] of sequence) {
          ours.processNumber(node, item, variable);
          theirs.processNumber(node, item, variable);
          const label = `${locale} ${variable} of ${JSON.stringify(item)}`;
          expect(JSON.stringify(ours.tmp.shadow_numbers), label).toBe(JSON.stringify(theirs.tmp.shadow_numbers));
          expect(ours.tmp.cite_renders_content, label).toBe(theirs.tmp.cite_renders_content);
        }
      }
    }
  });

  it('takes the short way only for an absent value read without a language transform', () => {
    const state = { tmp: { shadow_numbers: {} as Record<string, { values: unknown[] }> }, getTerm: () => 'and' };
    expect(onlyCreatesEmptyRecord(CSL, state, false, { position: 1 }, 'locator')).toBe(true);
    expect(onlyCreatesEmptyRecord(CSL, state, {}, { id: 'a' }, 'page-first')).toBe(true);
    expect(onlyCreatesEmptyRecord(CSL, state, false, undefined, 'locator')).toBe(true);
    expect(onlyCreatesEmptyRecord(CSL, state, false, { locator: '3' }, 'locator')).toBe(false);
    expect(onlyCreatesEmptyRecord(CSL, state, {}, { id: 'a' }, 'volume')).toBe(false);
    state.tmp.shadow_numbers.page = { values: [{ value: '3' }] };
    expect(onlyCreatesEmptyRecord(CSL, state, {}, { id: 'a' }, 'page')).toBe(false);
    expect(onlyCreatesEmptyRecord(CSL, state, false, { id: 'a' }, 'page')).toBe(true);
  });
});
