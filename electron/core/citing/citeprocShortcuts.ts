// Two per-string steps of citeproc-js that cost about a tenth of a big bibliography
// (profiled on 1,000 APA 7 references) and, for most strings, change nothing:
// - the inline-markup pass (FlipFlopper.processTags) builds a RegExp from the whole
//   Unicode letter class for every string it sees, only to find that the string holds
//   no markup tag or quote and return without touching anything;
// - the HTML format's text_escape runs five replacements over strings that hold no
//   character any of them replaces.
// Each is wrapped to return early exactly when the original would have changed nothing,
// and otherwise runs the original; the library file stays unmodified.
// quickCopyAtScale.test.ts compares the result with an untouched citeproc-js.
import type CSL from 'citeproc';
import type { Engine } from 'citeproc';

interface Blob {
  blobs: unknown;
}

interface EngineInternals {
  fun: { flipflopper: { processTags(blob: Blob): void } };
  getTerm(term: string): string | undefined;
}

const escapeRegExp = (s: string) => s.replace(/[\\\]^-]/g, '\\$&');

/**
 * The characters that may begin a markup tag or quote the engine's FlipFlopper knows:
 * `<` of `<i>`, `<span ...>` and the like, straight quotes (a leading space or `(` is
 * only part of a quote tag with the quote), the right single quote it turns into an
 * apostrophe first, and every character of the locale's own quote marks.
 */
function markupCharacters(engine: EngineInternals): RegExp {
  const quotes = ['open-quote', 'close-quote', 'open-inner-quote', 'close-inner-quote'].map((term) => engine.getTerm(term) ?? '').join('');
  const characters = new Set(`<"'\u2019${quotes}`);
  return new RegExp(`[${[...characters].map(escapeRegExp).join('')}]`);
}

/** Skips the inline-markup pass for strings with no character a tag or quote could start with. */
export function installMarkupShortcut(engine: Engine): void {
  const internals = engine as unknown as EngineInternals;
  const flipflopper = internals.fun.flipflopper;
  const processTags = flipflopper.processTags;
  const markup = markupCharacters(internals);
  flipflopper.processTags = function (blob: Blob) {
    if (typeof blob.blobs === 'string' && !markup.test(blob.blobs)) return;
    processTags.call(this, blob);
  };
}

/** What the HTML text_escape replaces: & < >, two whitespace characters in a row, superscript letters (all from U+00AA on). */
const ESCAPED_IN_HTML = /[&<>\u00AA-\uFFFF]|\s\s/;

let escapeInstalled = false;

/** Returns the text as it is when the HTML format's text_escape would not change it. */
export function installHtmlEscapeShortcut(csl: typeof CSL): void {
  if (escapeInstalled) return;
  escapeInstalled = true;
  const html = (csl as unknown as { Output: { Formats: { html: { text_escape(text: unknown): string } } } }).Output.Formats.html;
  const escape = html.text_escape;
  html.text_escape = function (text: unknown) {
    if (typeof text === 'string' && text && !ESCAPED_IN_HTML.test(text)) return text;
    return escape.call(this, text);
  };
}
