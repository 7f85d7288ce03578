// Quick copy's fast path (one warm engine per style, HTML rewritten as text and RTF, the
// case-mapping shortcut) against citeproc-js as it comes, loaded afresh without any of
// RefShelf's changes, on a 1,000-reference library with same-author-same-year works.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import CSL from 'citeproc';
import { afterAll, describe, expect, it } from 'vitest';
import { createCitationFormatter, rtfDocument } from './citationFormatter.ts';
import { pristineCiteproc, pristineEntries } from './fixtures/pristineCiteproc.ts';
import { largeLibrary } from './fixtures/largeLibrary.ts';
import { createStyleLibrary } from './styleLibrary.ts';

const bundledDir = path.resolve(import.meta.dirname, '../../../resources/csl');
const userDir = mkdtempSync(path.join(tmpdir(), 'refshelf-styles-'));
afterAll(() => rmSync(userDir, { recursive: true, force: true }));
const styles = createStyleLibrary({ bundledDir, userDir });

describe('quick copy of a 1,000-reference library', () => {
  const pristine = pristineCiteproc();
  const formatter = createCitationFormatter(styles);

  it('compares with a citeproc-js that has none of RefShelf\'s shortcuts', () => {
    const escapeOf = (csl: typeof CSL) => (csl as unknown as { Output: { Formats: { html: { text_escape: unknown } } } }).Output.Formats.html.text_escape;
    expect(pristine).not.toBe(CSL);
    expect(escapeOf(pristine)).not.toBe(escapeOf(CSL));
    expect(pristine.toLocaleLowerCase).not.toBe(CSL.toLocaleLowerCase);
  });

  it('is citeproc-js\'s own HTML, text and RTF in APA 7, with a/b year suffixes', () => {
    formatter.allOutputs('bibliography', largeLibrary(20, 'earlier'), { style: 'apa', locale: 'en-US' }); // a warm engine that saw other items
    const items = largeLibrary(1000, 'selection');
    const ours = formatter.allOutputs('bibliography', items, { style: 'apa', locale: 'en-US' });
    const own = pristineEntries(styles, 'apa', items, ['html', 'text', 'rtf']);
    expect(ours.html).toBe(`<div class="csl-bib-body">\n${own.html.join('')}</div>`);
    expect(ours.text).toBe(own.text.map((e) => e.trim()).join('\n'));
    expect(ours.rtf).toBe(rtfDocument(own.rtf));
    expect(ours.text.split('\n')).toHaveLength(1000);
    expect(ours.text).toMatch(/^Author8, A\. B\. .*\(1958a\)/m);
    expect(ours.text).toMatch(/^Author8, A\. B\. .*\(1958b, May 5\)/m);
  }, 300_000); // seconds on a quiet machine; minutes on a loaded one

  it('is citeproc-js\'s own text in Chicago author-date (subsequent-author dashes, year suffixes)', () => {
    const items = largeLibrary(1000, 'chicago');
    const ours = formatter.allOutputs('bibliography', items, { style: 'chicago-author-date', locale: 'en-US' });
    expect(ours.text).toBe(pristineEntries(styles, 'chicago-author-date', items, ['text']).text.map((e) => e.trim()).join('\n'));
    expect(ours.text).toMatch(/1958a\./);
  }, 300_000); // seconds on a quiet machine; minutes on a loaded one
});
