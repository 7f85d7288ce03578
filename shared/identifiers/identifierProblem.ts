// Whether a typed identifier can be what its box says, by the same rules the importers use
// (check digits for ISBN and ISSN, the DOI and arXiv grammars, PMID's range), as a sentence a
// person can act on. Scopus and SSRN ids have no public grammar worth enforcing.
import { cleanArxivId } from './arxiv.ts';
import { cleanDoi } from './doi.ts';
import { cleanIsbn } from './isbn.ts';
import { cleanIssn } from './issn.ts';
import { cleanPmid } from './pmid.ts';

const RULES: Record<string, { clean: (raw: string) => string | undefined; problem: (raw: string) => string }> = {
  doi: { clean: cleanDoi, problem: () => 'The DOI is not valid: it starts with 10., a registrant number and a slash, like 10.1000/xyz123.' },
  isbn: {
    clean: cleanIsbn,
    problem: (raw) => (/^[\dXx\s-]+$/.test(raw.replace(/^isbn(?:-1[03])?:?\s*/i, '')) && [10, 13].includes(raw.replace(/[^\dXx]/g, '').length)
      ? 'The ISBN\'s check digit does not match: one of its digits is probably mistyped.'
      : 'The ISBN is not valid: it has 10 or 13 digits (the last of an ISBN-10 may be X).'),
  },
  issn: {
    clean: cleanIssn,
    problem: (raw) => (raw.replace(/[^\dXx]/g, '').length === 8
      ? 'The ISSN\'s check digit does not match: one of its digits is probably mistyped.'
      : 'The ISSN is not valid: it has 8 digits, like 0378-5955.'),
  },
  pmid: { clean: cleanPmid, problem: () => 'The PMID is not valid: it is a number of up to 9 digits, like 31452104.' },
  arxiv: { clean: cleanArxivId, problem: () => 'The arXiv id is not valid: it looks like 2101.00001 or hep-th/9901001.' },
};

/** The problem with `raw` as an identifier of kind `key`, or undefined when it is valid (or unchecked). */
export function identifierProblem(key: string, raw: string): string | undefined {
  const rule = RULES[key];
  if (!rule || raw.trim() === '') return undefined;
  return rule.clean(raw) === undefined ? rule.problem(raw.trim()) : undefined;
}

/** The canonical form to store for kinds whose form is fixed (DOI, PMID, arXiv); others as typed. */
export function canonicalIdentifier(key: string, raw: string): string {
  const trimmed = raw.trim();
  if (key === 'doi') return cleanDoi(trimmed) ?? trimmed;
  if (key === 'pmid') return cleanPmid(trimmed) ?? trimmed;
  if (key === 'arxiv') return cleanArxivId(trimmed) ?? trimmed;
  return trimmed;
}
