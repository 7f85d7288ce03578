// Whether a page's text layer can be read: a scan with a bad OCR layer, or a font without
// a usable Unicode map, gives "text" that is mostly symbols, single letters or words
// without a vowel. Fields read from such a layer are guesses and must say so.

/** Share (0..1) of a text's words that look like words of a language. */
export function readableShare(text: string): number {
  // The dot leaders of a table of contents (". . . . 12") are neither words nor garbage.
  const tokens = text.split(/\s+/).filter((t) => t.length > 0 && !/^[.·…]+$/.test(t));
  if (!tokens.length) return 0;
  let readable = 0;
  for (const t of tokens) {
    const letters = t.replace(/[^\p{L}]/gu, '');
    // A run of Latin letters longer than any word is words whose spaces the layer lost, often their letters shuffled too
    // ("AbstraTheLsiATalEXOdesign"); scripts written without spaces run long by right.
    if (letters.length > 40 && /^\p{Script=Latin}+$/u.test(letters)) continue;
    // One Han, kana or Hangul character is a word (a vertical spine's title is set a character to a line).
    const wordlike = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u.test(letters) && t.length <= 2 || letters.length >= 2 && letters.length >= t.length * 0.6 && (/[aeiouyàâäéèêëíîïóôöúûüåæøœ]/i.test(letters) || /[^\p{Script=Latin}]/u.test(letters));
    if (wordlike || /^\d+(?:[.,]\d+)*[.,]?$/.test(t)) readable++;
  }
  return readable / tokens.length;
}

/** Below this share of readable words, a page's text layer is not trusted. */
export const UNREADABLE_BELOW = 0.5;
export const UNREADABLE_TEXT_WARNING = 'text layer unreadable';
