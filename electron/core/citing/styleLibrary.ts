// The styles and locales citeproc-js can use: the bundled official CSL files
// (resources/csl) and the styles a user added (kept in the app's data folder). Files are
// read once and kept; a user's style is checked before it is kept (see addStyle).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readStyleInfo, StyleProblem, type StyleInfo } from './styleInfo.ts';

export interface StyleEntry extends StyleInfo {
  bundled: boolean;
}

export interface StyleLibrary {
  styles(): StyleEntry[];
  locales(): string[];
  /** The XML that formats with this style (a dependent style's parent's). */
  styleXml(id: string): string;
  localeXml(locale: string): string | undefined;
  /** Keeps a user's style after `check` accepted it; answers its entry. */
  addStyle(fileName: string, xml: string, check: (xml: string) => void): StyleEntry;
  has(id: string): boolean;
}

const STYLE_ID = /^[a-z0-9][a-z0-9._-]{0,120}$/;

function listDir(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => name.endsWith(suffix)).sort();
}

export function createStyleLibrary(options: { bundledDir: string; userDir: string }): StyleLibrary {
  const styleDirs = [path.join(options.bundledDir, 'styles'), options.userDir];
  const localeDir = path.join(options.bundledDir, 'locales');
  const entries = new Map<string, StyleEntry>();
  const xmlCache = new Map<string, string>();
  const localeCache = new Map<string, string | undefined>();

  const load = (dir: string, bundled: boolean) => {
    for (const file of listDir(dir, '.csl')) {
      const id = file.slice(0, -4);
      try {
        const xml = readFileSync(path.join(dir, file), 'utf8');
        entries.set(id, { ...readStyleInfo(id, xml), bundled });
        xmlCache.set(id, xml);
      } catch {
        // A user's file that became unreadable is left out of the list, not fatal.
      }
    }
  };
  load(styleDirs[0]!, true);
  load(styleDirs[1]!, false);

  const rawXml = (id: string): string => {
    const xml = xmlCache.get(id);
    if (xml === undefined) throw new StyleProblem(`The citation style "${id}" is not installed.`);
    return xml;
  };
  const formattingXml = (id: string): string => {
    const entry = entries.get(id);
    if (!entry) throw new StyleProblem(`The citation style "${id}" is not installed.`);
    if (!entry.parent) return rawXml(id);
    if (!entries.has(entry.parent)) throw new StyleProblem(`The style "${entry.title}" depends on the style "${entry.parent}", which is not installed: add that style first.`);
    return rawXml(entry.parent);
  };

  return {
    styles: () => [...entries.values()].sort((a, b) => a.title.localeCompare(b.title)),
    locales: () => listDir(localeDir, '.xml').map((file) => file.replace(/^locales-|\.xml$/g, '')),
    styleXml: formattingXml,
    localeXml(locale) {
      if (!localeCache.has(locale)) {
        const file = path.join(localeDir, `locales-${locale}.xml`);
        localeCache.set(locale, /^[A-Za-z-]{2,12}$/.test(locale) && existsSync(file) ? readFileSync(file, 'utf8') : undefined);
      }
      return localeCache.get(locale);
    },
    addStyle(fileName, xml, check) {
      let base = path.basename(fileName).replace(/\.csl$/i, '').toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+/, '');
      if (!STYLE_ID.test(base)) base = 'custom-style';
      const bundled = entries.get(base)?.bundled;
      const id = bundled ? `${base}-custom` : base;
      const info = readStyleInfo(id, xml);
      if (info.parent && !entries.has(info.parent)) {
        throw new StyleProblem(`The style "${info.title}" depends on the style "${info.parent}", which is not installed: add that style first.`);
      }
      check(info.parent ? rawXml(info.parent) : xml);
      mkdirSync(options.userDir, { recursive: true });
      const target = path.join(options.userDir, `${id}.csl`);
      writeFileSync(`${target}.tmp`, xml, 'utf8');
      renameSync(`${target}.tmp`, target);
      const entry = { ...info, bundled: false };
      entries.set(id, entry);
      xmlCache.set(id, xml);
      return entry;
    },
    has: (id) => entries.has(id),
  };
}
