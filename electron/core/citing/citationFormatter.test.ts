import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentToCsl } from '../../../shared/csl/documentToCsl.ts';
import { createCitationFormatter } from './citationFormatter.ts';
import { REFERENCE_DOCUMENTS } from './fixtures/referenceDocuments.ts';
import { createStyleLibrary } from './styleLibrary.ts';
import { BUNDLED_LOCALES, BUNDLED_STYLES } from './bundledStyles.ts';

const bundledDir = path.resolve(import.meta.dirname, '../../../resources/csl');
const userDir = mkdtempSync(path.join(tmpdir(), 'refshelf-styles-'));
afterAll(() => rmSync(userDir, { recursive: true, force: true }));
const library = createStyleLibrary({ bundledDir, userDir });
const formatter = createCitationFormatter(library);
const byId = new Map(REFERENCE_DOCUMENTS.map((d) => [d.id, documentToCsl(d)]));
const pick = (...ids: string[]) => ids.map((id) => byId.get(id)!);

describe('citation formatter', () => {
  it('lists every bundled style and locale', () => {
    expect(library.styles().map((s) => s.id).sort()).toEqual([...BUNDLED_STYLES].sort());
    expect(library.styles().find((s) => s.id === 'chicago-note-bibliography')).toMatchObject({ kind: 'note', bundled: true });
    expect(library.locales()).toEqual(expect.arrayContaining([...BUNDLED_LOCALES]));
  });

  it('sorts a bibliography as the style says: APA by author, IEEE in citation order', () => {
    const chosen = pick('watson1953', 'knuth1984', 'garcia2015');
    const apa = formatter.bibliography(chosen, { style: 'apa', locale: 'en-US', output: 'text' });
    expect(apa.entries.map((e) => e.slice(0, 6))).toEqual(['de la ', 'Knuth,', 'Watson']);
    const ieee = formatter.bibliography(chosen, { style: 'ieee', locale: 'en-US', output: 'text' });
    expect(ieee.entries.map((e) => e.trim().slice(0, 8))).toEqual(['[1] J. D', '[2] D. E', '[3] L. d']);
  });

  it('keeps italics in HTML and RTF, and cites several works in one cluster', () => {
    const [knuth] = pick('knuth1984');
    const html = formatter.bibliography([knuth!], { style: 'apa', locale: 'en-US', output: 'html' }).text;
    expect(html).toContain('<i>The Computer Journal</i>, <i>27</i>(2)');
    expect(html.startsWith('<div class="csl-bib-body">')).toBe(true);
    const rtf = formatter.bibliography([knuth!], { style: 'apa', locale: 'en-US', output: 'rtf' }).text;
    expect(rtf).toMatch(/^\{\\rtf1/);
    expect(rtf).toContain('{\\i{}The Computer Journal}');
    expect(formatter.citation(pick('watson1953', 'knuth1984'), { style: 'apa', locale: 'en-US', output: 'text' })).toBe('(Knuth, 1984; Watson & Crick, 1953)');
  });

  it('formats in the chosen locale', () => {
    const [piketty] = pick('piketty2014');
    expect(formatter.bibliography([piketty!], { style: 'apa', locale: 'de-DE', output: 'text' }).entries[0]).toContain('(A. Goldhammer, Übers.)');
    expect(formatter.bibliography([piketty!], { style: 'apa', locale: 'fr-FR', output: 'text' }).entries[0]).toContain('(A. Goldhammer, Trad.)');
  });

  it('adds a user style after checking it, and refuses broken files with a readable sentence', () => {
    const xml = readFileSync(path.join(bundledDir, 'styles', 'ieee.csl'), 'utf8').replace('<title>IEEE</title>', '<title>My lab style</title>');
    const added = library.addStyle('My Lab.csl', xml, formatter.checkStyle);
    expect(added).toMatchObject({ id: 'my-lab', title: 'My lab style', bundled: false });
    expect(readFileSync(path.join(userDir, 'my-lab.csl'), 'utf8')).toBe(xml);
    expect(formatter.citation(pick('knuth1984'), { style: 'my-lab', locale: 'en-US', output: 'text' })).toBe('[1]');
    expect(createStyleLibrary({ bundledDir, userDir }).has('my-lab')).toBe(true);

    expect(() => library.addStyle('notes.csl', '<html>not a style</html>', formatter.checkStyle)).toThrow(/not a CSL citation style/);
    const broken = xml.replace('<citation', '<citation><layout><text macro="no-such-macro"/></layout></citation><citation');
    expect(() => library.addStyle('broken.csl', broken, formatter.checkStyle)).toThrow('This CSL style uses the macro "no-such-macro", which it does not define.');
    expect(() => library.addStyle('cut.csl', xml.slice(0, xml.lastIndexOf('</macro>', 5000) + 8), formatter.checkStyle)).toThrow(/^This CSL style is not well-formed XML: the file ends before <style> of line 2 is closed.$/);
    expect(() => library.addStyle('typo.csl', xml.replace('<text variable="title"', '<txet variable="title"'), formatter.checkStyle)).toThrow(/closes <txet>|cannot be used/);
    const dependent = '<?xml version="1.0"?><style xmlns="http://purl.org/net/xbiblio/csl" version="1.0"><info><title>Journal X</title><link href="http://www.zotero.org/styles/no-such-parent" rel="independent-parent"/></info></style>';
    expect(() => library.addStyle('journal-x.csl', dependent, formatter.checkStyle)).toThrow(/depends on the style "no-such-parent", which is not installed/);
    expect(library.has('broken')).toBe(false);
  });

  it('formats with a dependent style through its bundled parent', () => {
    const dependent = '<?xml version="1.0"?><style xmlns="http://purl.org/net/xbiblio/csl" version="1.0" default-locale="en-US"><info><title>Journal of Examples</title><link href="http://www.zotero.org/styles/apa" rel="independent-parent"/></info></style>';
    library.addStyle('journal-of-examples.csl', dependent, formatter.checkStyle);
    expect(formatter.citation(pick('knuth1984'), { style: 'journal-of-examples', locale: 'en-US', output: 'text' })).toBe('(Knuth, 1984)');
  });

  it('formats with a user style\'s new XML once it is added again under the same name', () => {
    const apa = readFileSync(path.join(bundledDir, 'styles', 'apa.csl'), 'utf8').replace(/<title>[^<]*<\/title>/, '<title>Replaced style</title>');
    library.addStyle('replaced.csl', apa, formatter.checkStyle);
    const options = { style: 'replaced', locale: 'en-US', output: 'text' as const };
    expect(formatter.citation(pick('knuth1984'), options)).toBe('(Knuth, 1984)');
    const ieee = readFileSync(path.join(bundledDir, 'styles', 'ieee.csl'), 'utf8').replace(/<title>[^<]*<\/title>/, '<title>Replaced style</title>');
    library.addStyle('replaced.csl', ieee, formatter.checkStyle);
    expect(formatter.citation(pick('knuth1984'), options)).toBe('[1]');
  });

  it('answers an unknown style with a sentence', () => {
    expect(() => formatter.citation(pick('knuth1984'), { style: 'nope', locale: 'en-US', output: 'text' })).toThrow('The citation style "nope" is not installed.');
  });

  it('formats a document edited since the last copy from its new fields, on the same engine', () => {
    const options = { style: 'apa', locale: 'en-US' };
    const knuth = byId.get('knuth1984')!;
    const lamport = byId.get('lamport1994')!;
    expect(formatter.allOutputs('bibliography', [knuth, lamport], options).text).toMatch(/^Knuth, D\. E\. \(1984\)\. Literate programming\./);
    const edited = { ...knuth, title: 'A later title', author: [{ family: 'Zuse', given: 'Konrad' }] };
    const text = formatter.allOutputs('bibliography', [edited, lamport], options).text.split('\n');
    expect(text[0]).toMatch(/^Lamport/);
    expect(text[1]).toMatch(/^Zuse, K\. \(1984\)\. A later title\./);
    expect(formatter.citation([edited], { ...options, output: 'text' })).toBe('(Zuse, 1984)');
  });
});
