// Formatting through citeproc-js: bibliographies (sorted as the style says) and in-text
// citations, as HTML, RTF or plain text. Building an engine parses the style and locale
// (the slow part), so engines are kept per style and locale (the output format is switched
// on the engine); the items of each call are handed to the engine through `retrieveItem`.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the shell's tsconfig (main.ts and its imports) must see citeproc's declarations too
/// <reference path="./citeproc.d.ts" />
import CSL, { type Engine } from 'citeproc';
import type { CslItem } from '../../../shared/csl/cslJson.ts';
import { installHtmlEscapeShortcut, installMarkupShortcut } from './citeprocShortcuts.ts';
import { htmlToTextAndRtf } from './htmlOutput.ts';
import { installLocaleCasing } from './localeCasing.ts';
import { StyleProblem } from './styleInfo.ts';
import type { StyleLibrary } from './styleLibrary.ts';

export type CitationOutput = 'html' | 'text' | 'rtf';

export interface FormatOptions {
  style: string;
  locale: string;
  output: CitationOutput;
}

export interface FormattedBibliography {
  /** One formatted entry per item, in the style's order. */
  entries: string[];
  /** The whole bibliography in the output format (an HTML fragment, an RTF document, or lines of text). */
  text: string;
}

/** The same references in every output, as quick copy and drag-out give them. */
export interface AllOutputs {
  html: string;
  text: string;
  rtf: string;
}

export interface CitationFormatter {
  bibliography(items: readonly CslItem[], options: FormatOptions): FormattedBibliography;
  /**
   * A bibliography or a citation in HTML, text and RTF from one citeproc-js pass: HTML,
   * rewritten as citeproc-js's text and rtf formats would write it (htmlOutput.ts).
   */
  allOutputs(kind: 'bibliography' | 'citation', items: readonly CslItem[], options: Omit<FormatOptions, 'output'>): AllOutputs;
  citation(items: readonly CslItem[], options: FormatOptions): string;
  /** Throws a StyleProblem when citeproc-js cannot use this style XML. */
  checkStyle(xml: string): void;
}

installLocaleCasing(CSL);
installHtmlEscapeShortcut(CSL);

const SAMPLE: CslItem = { id: 'sample', type: 'article-journal', title: 'Sample', author: [{ family: 'Doe', given: 'Jane' }], issued: { 'date-parts': [[2020]] } };
const ENGINES_KEPT = 12;

/** citeproc-js wants string ids; a document id is one already. */
const idOf = (item: CslItem) => String(item.id);

export function rtfDocument(entries: readonly string[]): string {
  return `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times New Roman;}}\\f0\\fs24\n${entries.map((e) => `{\\pard ${e.trim()}\\par}`).join('\n')}\n}`;
}

function wholeBibliography(entries: readonly string[], output: CitationOutput): string {
  return output === 'rtf' ? rtfDocument(entries)
    : output === 'html' ? `<div class="csl-bib-body">\n${entries.join('')}</div>`
      : entries.map((e) => e.trim()).join('\n');
}

export function createCitationFormatter(library: StyleLibrary): CitationFormatter {
  const engines = new Map<string, { engine: Engine; items: Map<string, CslItem> }>();

  function build(xml: string, locale: string, items: Map<string, CslItem>): Engine {
    const sys = {
      retrieveLocale: (lang: string) => library.localeXml(lang) ?? library.localeXml('en-US'),
      retrieveItem: (id: string) => items.get(id) as Record<string, unknown>,
    };
    const engine = new CSL.Engine(sys, xml, locale, true);
    installMarkupShortcut(engine);
    return engine;
  }

  function engineFor(options: FormatOptions, items: readonly CslItem[]): Engine {
    const key = `${options.style}\u0000${options.locale}`;
    let entry = engines.get(key);
    if (!entry) {
      const store = new Map<string, CslItem>();
      let engine: Engine;
      try {
        engine = build(library.styleXml(options.style), options.locale, store);
      } catch (error) {
        if (error instanceof StyleProblem) throw error;
        throw new StyleProblem(`The citation style "${options.style}" cannot be used: ${String((error as Error).message ?? error).split('\n')[0]}`);
      }
      entry = { engine, items: store };
      if (engines.size >= ENGINES_KEPT) engines.delete(engines.keys().next().value!);
    } else {
      engines.delete(key); // most recently used goes last
    }
    engines.set(key, entry);
    entry.items.clear();
    for (const item of items) entry.items.set(idOf(item), item);
    entry.engine.setOutputFormat(options.output);
    return entry.engine;
  }

  function bibliography(items: readonly CslItem[], options: FormatOptions): FormattedBibliography {
    if (!items.length) return { entries: [], text: '' };
    const engine = engineFor(options, items);
    engine.updateItems(items.map(idOf));
    const made = engine.makeBibliography();
    // A style without a bibliography layout (some note styles): the citations stand in.
    const entries = made ? made[1] : items.map((item) => engine.makeCitationCluster([{ id: idOf(item) }]));
    return { entries, text: wholeBibliography(entries, options.output) };
  }

  function citation(items: readonly CslItem[], options: FormatOptions): string {
    if (!items.length) return '';
    const engine = engineFor(options, items);
    engine.updateItems(items.map(idOf));
    return engine.makeCitationCluster(items.map((item) => ({ id: idOf(item) })));
  }

  return {
    bibliography,
    citation,
    allOutputs(kind, items, options) {
      if (kind === 'citation') {
        const html = citation(items, { ...options, output: 'html' });
        return { html, ...htmlToTextAndRtf(html) };
      }
      const { entries, text: html } = bibliography(items, { ...options, output: 'html' });
      const converted = entries.map(htmlToTextAndRtf);
      return { html, text: wholeBibliography(converted.map((c) => c.text), 'text'), rtf: wholeBibliography(converted.map((c) => c.rtf), 'rtf') };
    },
    checkStyle(xml) {
      try {
        const store = new Map([[idOf(SAMPLE), SAMPLE]]);
        const engine = build(xml, 'en-US', store);
        engine.setOutputFormat('text');
        engine.updateItems([idOf(SAMPLE)]);
        engine.makeCitationCluster([{ id: idOf(SAMPLE) }]);
        engine.makeBibliography();
      } catch (error) {
        throw new StyleProblem(`This CSL style cannot be used: ${String((error as Error).message ?? error).split('\n')[0]}`);
      }
    },
  };
}
