import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentToCsl } from '../../../shared/csl/documentToCsl.ts';
import { BUNDLED_STYLES } from './bundledStyles.ts';
import { createCitationFormatter } from './citationFormatter.ts';
import { REFERENCE_DOCUMENTS } from './fixtures/referenceDocuments.ts';
import { htmlToTextAndRtf } from './htmlOutput.ts';
import { createStyleLibrary } from './styleLibrary.ts';

const bundledDir = path.resolve(import.meta.dirname, '../../../resources/csl');
const userDir = mkdtempSync(path.join(tmpdir(), 'refshelf-styles-'));
afterAll(() => rmSync(userDir, { recursive: true, force: true }));
const formatter = createCitationFormatter(createStyleLibrary({ bundledDir, userDir }));
const items = REFERENCE_DOCUMENTS.map(documentToCsl);

describe('text and RTF rewritten from citeproc-js HTML', () => {
  it.each([...BUNDLED_STYLES])('equal citeproc-js\'s own text and RTF output in %s', (style) => {
    const options = { style, locale: 'en-US' } as const;
    const html = formatter.bibliography(items, { ...options, output: 'html' }).entries;
    const text = formatter.bibliography(items, { ...options, output: 'text' }).entries;
    const rtf = formatter.bibliography(items, { ...options, output: 'rtf' }).entries;
    expect(html.map((entry) => htmlToTextAndRtf(entry).text)).toEqual(text);
    expect(html.map((entry) => htmlToTextAndRtf(entry).rtf)).toEqual(rtf);
    for (const item of items.slice(0, 6)) {
      const cited = htmlToTextAndRtf(formatter.citation([item], { ...options, output: 'html' }));
      expect(cited.text).toBe(formatter.citation([item], { ...options, output: 'text' }));
      expect(cited.rtf).toBe(formatter.citation([item], { ...options, output: 'rtf' }));
    }
  });

  it('give quick copy the same bibliography and citation as three citeproc-js passes', () => {
    for (const style of ['apa', 'ieee', 'chicago-note-bibliography']) {
      const options = { style, locale: 'de-DE' };
      const whole = (output: 'html' | 'text' | 'rtf') => formatter.bibliography(items, { ...options, output }).text;
      expect(formatter.allOutputs('bibliography', items, options)).toEqual({ html: whole('html'), text: whole('text'), rtf: whole('rtf') });
      const cited = (output: 'html' | 'text' | 'rtf') => formatter.citation(items.slice(3, 7), { ...options, output });
      expect(formatter.allOutputs('citation', items.slice(3, 7), options)).toEqual({ html: cited('html'), text: cited('text'), rtf: cited('rtf') });
    }
  });

  it('maps each decoration and escape as citeproc-js\'s formats do', () => {
    const html = '  <div class="csl-entry"><i>A &#38; B</i> <b>x</b> <span style="font-variant:small-caps;">Sc</span> <sup>2</sup> é &#60;{}&#62;</div>\n';
    expect(htmlToTextAndRtf(html)).toEqual({
      text: 'A & B x Sc 2 é <{}>\n',
      rtf: '{\\i{}A & B} {\\b{}x} {\\scaps Sc} \\super 2\\nosupersub{} \\uc0\\u233{} <\\{\\}>',
    });
  });
});
