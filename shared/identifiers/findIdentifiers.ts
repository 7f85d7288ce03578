// All identifiers a piece of text announces, each cleaned and validated; the first of each
// kind is the one a caller would usually keep.
import { DOI_IN_TEXT, cleanDoi } from './doi.ts';
import { findArxivIds } from './arxiv.ts';
import { findIsbns } from './isbn.ts';
import { findIssns } from './issn.ts';
import { findPmids } from './pmid.ts';

export interface FoundIdentifiers {
  doi: string[];
  arxiv: string[];
  isbn: string[];
  issn: string[];
  pmid: string[];
}

export function findDois(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(DOI_IN_TEXT)) {
    const doi = cleanDoi(m[1]!);
    if (doi && !found.some((d) => d.toLowerCase() === doi.toLowerCase())) found.push(doi);
  }
  return found;
}

export function findIdentifiers(text: string): FoundIdentifiers {
  return { doi: findDois(text), arxiv: findArxivIds(text), isbn: findIsbns(text), issn: findIssns(text), pmid: findPmids(text) };
}
