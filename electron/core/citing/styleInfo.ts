// What a CSL style file says about itself, read from its <info> and root element without
// a full XML parser: enough to list it, tell in-text from note styles, find a dependent
// style's parent, and refuse a file that is not a CSL style with a readable sentence.
import { xmlShapeProblem } from './xmlShape.ts';

export interface StyleInfo {
  /** The file's base name, which is also how Settings stores the choice. */
  id: string;
  title: string;
  /** 'in-text' (author-date, numeric) or 'note' (footnotes). */
  kind: 'in-text' | 'note';
  /** A dependent style names the independent style that does the formatting. */
  parent?: string;
  defaultLocale?: string;
}

const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export class StyleProblem extends Error {}

export function readStyleInfo(id: string, xml: string): StyleInfo {
  const shape = xmlShapeProblem(xml);
  if (shape) throw new StyleProblem(`This CSL style is not well-formed XML: ${shape}.`);
  const root = /<style\b([^>]*)>/.exec(xml);
  if (!root || !/xmlns\s*=\s*["']http:\/\/purl\.org\/net\/xbiblio\/csl["']/.test(root[1]!)) {
    throw new StyleProblem('This file is not a CSL citation style (no <style> element in the CSL namespace).');
  }
  const title = /<title>([^<]*)<\/title>/.exec(xml)?.[1]?.trim();
  if (!title) throw new StyleProblem('This CSL style has no title.');
  const parentHref = /<link\b[^>]*rel=["']independent-parent["'][^>]*>/.exec(xml)?.[0];
  const parent = parentHref ? /href=["'][^"']*\/([^/"']+)["']/.exec(parentHref)?.[1] : undefined;
  if (!parent && !/<citation\b[\s\S]*<layout\b[\s\S]*<\/citation>/.test(xml)) throw new StyleProblem('This CSL style has no <citation> layout.');
  const code = xml.replace(/<!--[\s\S]*?-->/g, '');
  const defined = new Set([...code.matchAll(/<macro\b[^>]*\bname=["']([^"']+)["']/g)].map((m) => m[1]));
  const missing = [...code.matchAll(/\bmacro=["']([^"']+)["']/g)].map((m) => m[1]!).find((name) => !defined.has(name));
  if (missing) throw new StyleProblem(`This CSL style uses the macro "${missing}", which it does not define.`);
  const klass = /\bclass\s*=\s*["'](in-text|note)["']/.exec(root[1]!)?.[1] as StyleInfo['kind'] | undefined;
  const locale = /default-locale\s*=\s*["']([^"']+)["']/.exec(root[1]!)?.[1];
  return { id, title: decode(title), kind: klass ?? 'in-text', ...(parent ? { parent } : {}), ...(locale ? { defaultLocale: locale } : {}) };
}
