// Marks where the words of a search occur in a text, the way the full-text search matches
// them: case- and accent-insensitive, each word as a prefix of a word in the text.

export interface Segment {
  text: string;
  match: boolean;
}

/** The words of a search as the index sees them (letters and digits). */
export function searchTerms(query: string): string[] {
  return query
    .normalize('NFC')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .map((t) => t.trim())
    .filter(Boolean);
}

// Every row drawn for a search runs these for each character of its title, authors and
// source: plain ASCII, most of it, skips Unicode normalisation and the regular expressions.
const fold = (ch: string) => (ch.length === 1 && ch.charCodeAt(0) < 128 ? ch.toLowerCase() : ch.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase());

const isWordChar = (ch: string) => {
  const c = ch.charCodeAt(0);
  if (ch.length === 1 && c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return /[\p{L}\p{N}]/u.test(ch);
};

/** Splits `text` into matched and unmatched runs; matches start at word starts. */
export function highlight(text: string, terms: readonly string[]): Segment[] {
  if (!text || terms.length === 0) return text ? [{ text, match: false }] : [];
  // Fold character by character so indexes in the folded text map back to the original.
  const chars = Array.from(text);
  const folded = chars.map(fold);
  const marks = new Array<boolean>(chars.length).fill(false);
  const foldedTerms = terms.map((t) => Array.from(t).map(fold).join('')).filter(Boolean);
  for (let i = 0; i < chars.length; i++) {
    const atWordStart = i === 0 || !isWordChar(chars[i - 1]!);
    if (!atWordStart) continue;
    for (const term of foldedTerms) {
      // Most word starts differ from the term at once.
      if (folded[i] !== '' && folded[i]![0] !== term[0]) continue;
      let j = i;
      let matched = '';
      while (j < chars.length && matched.length < term.length) matched += folded[j++];
      if (matched === term || (matched.length >= term.length && matched.startsWith(term))) {
        for (let k = i; k < j; k++) marks[k] = true;
      }
    }
  }
  const segments: Segment[] = [];
  for (let i = 0; i < chars.length; i++) {
    const last = segments[segments.length - 1];
    if (last && last.match === marks[i]) last.text += chars[i];
    else segments.push({ text: chars[i]!, match: marks[i]! });
  }
  return segments;
}
