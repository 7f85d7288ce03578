// DOIs that are not the paper's own: the DOI Handbook's and registration agencies' example
// prefixes (10.1000, 10.5555, 10.1234), templates' blanks ("10.xxxx/...", "10.1007/DOI-NUMBER",
// "ijdc.v0i0.0", all-zero suffixes), and DOIs the text introduces as an example. A wrong
// DOI is worse than none: the catalog lookup would fetch another paper's record for it.
import { findDois } from '../../identifiers/index.ts';

const EXAMPLE_PREFIXES = new Set(['10.1000', '10.5555', '10.1234', '10.12345']);

const BLANK_SUFFIX = [
  /x{3,}|y{2,}-|z{3,}/i, // xxxx, YY-TN, zzz
  /doi[-_ ]?(?:number|here)|your[-_]?doi|insert|placeholder|example|sample|dummy|fake|tbd|tba/i,
  /\bv0i0\b|(?:^|[./-])0+[-/.]0+(?:[./-]|$)/i, // volume 0, issue 0
];

export function isPlaceholderDoi(doi: string): boolean {
  const slash = doi.indexOf('/');
  const prefix = doi.slice(0, slash);
  const suffix = doi.slice(slash + 1);
  if (EXAMPLE_PREFIXES.has(prefix) || /^10\.(?:x+|0+)$/i.test(prefix)) return true;
  if (!/[1-9a-z]/i.test(suffix)) return true; // all zeros (and punctuation)
  return BLANK_SUFFIX.some((re) => re.test(suffix));
}

/** Words just before a DOI that make it an example ("e.g.", "such as") or not a DOI link ("xnotdoi.org/"). */
const EXAMPLE_CONTEXT = /(?:e\.\s?g\.|for example|for instance|such as|example|z\.\s?b\.|par exemple|por ejemplo)\s*[:(]?\s*(?:(?:https?:\/\/)?(?:dx\.)?doi\.org\/|doi:?\s*)?$|notdoi\.org\/$/i;

/** The DOIs in `text` that can be the document's own, in order. */
export function ownDois(text: string): string[] {
  const lower = text.toLowerCase();
  return findDois(text).filter((doi) => {
    if (isPlaceholderDoi(doi)) return false;
    const at = lower.indexOf(doi.toLowerCase());
    return at < 0 || !EXAMPLE_CONTEXT.test(text.slice(Math.max(0, at - 40), at));
  });
}
