// DOIs that are not the paper's own: the DOI Handbook's and registration agencies' example
// prefixes (10.1000, 10.5555, 10.1234), templates' blanks ("10.xxxx/...", "10.1007/DOI-NUMBER",
// "ijdc.v0i0.0", "jss.v000.i00", all-zero suffixes, ACM's "nnnnnnn.nnnnnnn"), DOIs the text introduces as an
// example or sets as code ("\\doi{10...}", "doi = {10...}"), and DOIs in a reference list printed
// on the page (they are the cited works', not the paper's). A wrong
// DOI is worse than none: the catalog lookup would fetch another paper's record for it.
import { findDois } from '../../identifiers/index.ts';

const EXAMPLE_PREFIXES = new Set(['10.1000', '10.5555', '10.1234', '10.12345']);

const BLANK_SUFFIX = [
  /x{3,}|y{2,}-|z{3,}|n{4,}/i, // xxxx, YY-TN, zzz, nnnnnnn
  /doi[-_ ]?(?:number|here)|your[-_]?doi|insert|placeholder|example|sample|dummy|fake|tbd|tba/i,
  /\bv0+[./-]?i0+\b|(?:^|[./-])0+[-/.]0+(?:[./-]|$)/i, // volume 0, issue 0 ("v0i0", JSS's "jss.v000.i00")
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

/** A DOI as a macro's argument or a BibTeX field's value: documentation showing code. */
const CODE_CONTEXT = /(?:\\[a-z@]+\s*\{|\bdoi\s*=\s*[{"])\s*$/i;

/**
 * A DOI inside a citation in brackets, after the cited authors or year and a comma: "(Royston and
 * Altman, DOI:10.1186/...)", "[Smith et al. 2019, https://doi.org/...]". It is the cited work's.
 */
const CITATION_CONTEXT = /[([][^()[\]]*\p{Lu}[^()[\]]*,\s*(?:[Dd][Oo][Ii]\s*:?\s*|https?:\/\/(?:dx\.)?doi\.org\/)?$/u;

/** A line that heads a reference list; what follows it on the page cites other works. */
const REFERENCES_HEADING = /^[ \t]*(?:\d+\.?[ \t]+)?(?:references|bibliography|works cited|literatur(?:verzeichnis)?|literatura|références(?: bibliographiques)?|bibliographie|bibliografia|riferimenti bibliografici|referencias|referências|список литературы|литература)[ \t]*:?[ \t]*$/imu;

/** The DOIs in `text` that can be the document's own, in order. */
export function ownDois(text: string): string[] {
  const lower = text.toLowerCase();
  const heading = REFERENCES_HEADING.exec(text);
  const referencesFrom = heading ? heading.index : Infinity;
  return findDois(text).filter((doi) => {
    if (isPlaceholderDoi(doi)) return false;
    const at = lower.indexOf(doi.toLowerCase());
    if (at < 0) return true;
    // A line that is only the DOI (a footer's "DOI: 10...") is the page's own even under a reference list.
    const lineStart = text.lastIndexOf('\n', at) + 1;
    if (at > referencesFrom && !/^\s*(?:doi\s*:?\s*|https?:\/\/(?:dx\.)?doi\.org\/)?$/i.test(text.slice(lineStart, at))) return false;
    const before = text.slice(Math.max(0, at - 40), at);
    return !EXAMPLE_CONTEXT.test(before) && !CODE_CONTEXT.test(before) && !CITATION_CONTEXT.test(text.slice(Math.max(0, at - 80), at));
  });
}
