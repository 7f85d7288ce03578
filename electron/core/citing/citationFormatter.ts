// Formatting through citeproc-js: bibliographies (sorted as the style says) and in-text
// citations, as HTML, RTF or plain text. Building an engine parses the style and locale
// (the slow part), so engines are kept per style and locale (the output format is switched
// on the engine); the items of each call are handed to the engine through `retrieveItem`.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the shell's tsconfig (main.ts and its imports) must see citeproc's declarations too
/// <reference path="./citeproc.d.ts" />
import CSL, { type Engine } from 'citeproc';
import type { CslItem } from '../../../shared/csl/cslJson.ts';
import { installHtmlEscapeShortcut, installMarkupShortcut } from './citeprocShortcuts.ts';
import { installDisambiguationReuse } from './disambiguationReuse.ts';
import { htmlToTextAndRtf } from './htmlOutput.ts';
import { installLocaleCasing } from './localeCasing.ts';
import { installInitialsMemo } from './nameInitials.ts';
import { installParticleMemo } from './nameParticles.ts';
import { installNumberShortcut } from './numberShortcut.ts';
import { installSortCollation } from './sortCollation.ts';
import { StyleProblem } from './styleInfo.ts';
import type { StyleLibrary } from './styleLibrary.ts';
import { OldestFirst } from '../../../shared/oldestFirst.ts';

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

/** What citeproc-js computed for one reference of a pass (renderCache.ts keeps it). */
export interface RenderedItem {
  /** The registry's disambiguation key: the citation form collisions are decided on. */
  ambig: string;
  /** The registry's bibliography sort keys (a missing key stays undefined). */
  sortkeys: (string | undefined)[];
  /** Its bibliography entry in HTML; null when the style prints none for it. */
  html: string | null;
}

/** A reference's place in a bibliography: its sort keys and its 1-based position in the selection. */
export interface SortToken {
  sortkeys: (string | undefined)[];
  seq: number;
}

export interface ItemRenders {
  items: Map<string, RenderedItem>;
  /** citeproc-js's own bibliography order (Registry.Comparifier) for this style and locale. */
  compare(a: SortToken, b: SortToken): number;
}

export interface CitationFormatter {
  bibliography(items: readonly CslItem[], options: FormatOptions): FormattedBibliography;
  /**
   * A bibliography or a citation in HTML, text and RTF from one citeproc-js pass: HTML,
   * rewritten as citeproc-js's text and rtf formats would write it (htmlOutput.ts).
   */
  allOutputs(kind: 'bibliography' | 'citation', items: readonly CslItem[], options: Omit<FormatOptions, 'output'>): AllOutputs;
  citation(items: readonly CslItem[], options: FormatOptions): string;
  /**
   * One citeproc-js pass over `items` (a bibliography in HTML), answered per reference:
   * its disambiguation key, sort keys and entry. Throws when an entry is not one
   * reference's (parallel citations) or the style has no bibliography.
   */
  renderEach(items: readonly CslItem[], options: Omit<FormatOptions, 'output'>): ItemRenders;
  /** The XML and locale XML an engine for these options is built from (the render cache's key). */
  sources(options: Omit<FormatOptions, 'output'>): { styleXml: string; localeXml: string | undefined };
  /** Throws a StyleProblem when citeproc-js cannot use this style XML. */
  checkStyle(xml: string): void;
}

installLocaleCasing(CSL);
installHtmlEscapeShortcut(CSL);
installSortCollation(CSL);
installInitialsMemo(CSL);
installParticleMemo(CSL);
installNumberShortcut(CSL);

/** The parts of citeproc-js's registry renderEach reads (CSL.Registry). */
interface RegistryInternals {
  registry: {
    registry: Record<string, { ambig: string; sortkeys: (string | undefined)[] } | undefined>;
    sorter: { compareKeys(a: SortToken, b: SortToken): number };
  };
}

const SAMPLE: CslItem = { id: 'sample', type: 'article-journal', title: 'Sample', author: [{ family: 'Doe', given: 'Jane' }], issued: { 'date-parts': [[2020]] } };
const ENGINES_KEPT = 12;

/** citeproc-js wants string ids; a document id is one already. */
const idOf = (item: CslItem) => String(item.id);

export function rtfDocument(entries: readonly string[]): string {
  return `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times New Roman;}}\\f0\\fs24\n${entries.map((e) => `{\\pard ${e.trim()}\\par}`).join('\n')}\n}`;
}

export function wholeBibliography(entries: readonly string[], output: CitationOutput): string {
  return output === 'rtf' ? rtfDocument(entries)
    : output === 'html' ? `<div class="csl-bib-body">\n${entries.join('')}</div>`
      : entries.map((e) => e.trim()).join('\n');
}

export function createCitationFormatter(library: StyleLibrary): CitationFormatter {
  /** Each engine with the items of its last call and, by id, the JSON of the items its registry holds. */
  const engines = new Map<string, { engine: Engine; xml: string; items: Map<string, CslItem>; registered: Map<string, string> }>();
  const oldestEngine = new OldestFirst(engines);

  function build(xml: string, locale: string, items: Map<string, CslItem>): Engine {
    const sys = {
      retrieveLocale: (lang: string) => library.localeXml(lang) ?? library.localeXml('en-US'),
      retrieveItem: (id: string) => items.get(id) as Record<string, unknown>,
    };
    const engine = new CSL.Engine(sys, xml, locale, true);
    installMarkupShortcut(engine);
    installDisambiguationReuse(CSL, engine);
    return engine;
  }

  function engineFor(options: FormatOptions, items: readonly CslItem[]): Engine {
    const key = `${options.style}\u0000${options.locale}`;
    const xml = library.styleXml(options.style);
    let entry = engines.get(key);
    // A user's style replaced under the same id (added again) needs a new engine.
    if (entry && entry.xml !== xml) {
      engines.delete(key);
      entry = undefined;
    }
    if (!entry) {
      const store = new Map<string, CslItem>();
      let engine: Engine;
      try {
        engine = build(xml, options.locale, store);
      } catch (error) {
        if (error instanceof StyleProblem) throw error;
        throw new StyleProblem(`The citation style "${options.style}" cannot be used: ${String((error as Error).message ?? error).split('\n')[0]}`);
      }
      entry = { engine, xml, items: store, registered: new Map() };
      if (engines.size >= ENGINES_KEPT) oldestEngine.dropOldest();
    } else {
      engines.delete(key); // most recently used goes last
    }
    engines.set(key, entry);
    entry.items.clear();
    for (const item of items) entry.items.set(idOf(item), item);
    // citeproc-js keeps a registered item as it first read it (its sort keys, its
    // disambiguation), so a document edited since the last call would be formatted from
    // its old fields: an edited item is dropped from the registry first.
    const json = items.map((item) => JSON.stringify(item));
    const edited = items.some((item, i) => (entry.registered.get(idOf(item)) ?? json[i]) !== json[i]);
    if (edited) entry.engine.updateItems([]);
    entry.registered = new Map(items.map((item, i) => [idOf(item), json[i]!]));
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

  function renderEach(items: readonly CslItem[], options: Omit<FormatOptions, 'output'>): ItemRenders {
    const engine = engineFor({ ...options, output: 'html' }, items);
    // An empty registry first, as a fresh engine has: a registry item kept from an earlier
    // call may have had its disambiguation key made again among that call's references.
    engine.updateItems([]);
    engine.updateItems(items.map(idOf));
    const made = engine.makeBibliography();
    if (!made) throw new Error('the style has no bibliography');
    const html = new Map<string, string>();
    made[0].entry_ids.forEach((ids, i) => {
      if (ids.length !== 1) throw new Error('an entry holds several references');
      html.set(ids[0]!, made[1][i]!);
    });
    const registry = (engine as unknown as RegistryInternals).registry;
    const rendered = new Map<string, RenderedItem>();
    for (const item of items) {
      const token = registry.registry[idOf(item)]!;
      rendered.set(idOf(item), { ambig: token.ambig, sortkeys: [...token.sortkeys], html: html.get(idOf(item)) ?? null });
    }
    const { compareKeys } = registry.sorter;
    return { items: rendered, compare: (a, b) => compareKeys(a, b) };
  }

  return {
    bibliography,
    citation,
    renderEach,
    sources: (options) => ({ styleXml: library.styleXml(options.style), localeXml: library.localeXml(options.locale) }),
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
