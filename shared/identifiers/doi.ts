// DOIs as people paste and print them: URL forms, "doi:" prefixes, trailing punctuation.

/** A DOI anywhere in running text (prefix 10.NNNN, then a suffix up to whitespace). */
export const DOI_IN_TEXT = /\b(10\.\d{4,9}\/[^\s"<>]+)/gi;

const URL_OR_PREFIX = /^(?:https?:\/\/)?(?:dx\.)?(?:www\.)?(?:doi\.org\/|doi:\s*|doi\s+)/i;

/**
 * "https://doi.org/10.1000/xyz." -> "10.1000/xyz". Answers undefined when no DOI is there.
 * Trailing sentence punctuation and unbalanced closing brackets are not part of a DOI.
 */
export function cleanDoi(raw: string): string | undefined {
  let s = raw.trim().replace(URL_OR_PREFIX, '');
  try {
    if (/%[0-9a-f]{2}/i.test(s)) s = decodeURIComponent(s);
  } catch {
    // a lone "%" is legal in a DOI; keep the text as it is
  }
  const match = /10\.\d{4,9}\/\S+/.exec(s);
  if (!match) return undefined;
  s = match[0];
  for (;;) {
    const before = s;
    s = s.replace(/[.,;:'"!?\u2019\u201d>]+$/, '');
    for (const [open, close] of [['(', ')'], ['[', ']'], ['{', '}']] as const) {
      if (s.endsWith(close) && count(s, open) < count(s, close)) s = s.slice(0, -1);
    }
    if (s === before) break;
  }
  return isDoi(s) ? s : undefined;
}

function count(s: string, ch: string): number {
  return s.split(ch).length - 1;
}

export function isDoi(s: string): boolean {
  return /^10\.\d{4,9}\/\S+$/.test(s) && s.length <= 300;
}

/** DOIs compare case-insensitively (the DOI handbook says so). */
export function sameDoi(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
