export { cleanDoi, isDoi, sameDoi, DOI_IN_TEXT } from './doi.ts';
export { cleanArxivId, findArxivIds, arxivYear } from './arxiv.ts';
export { cleanIsbn, isbn10Valid, isbn13Valid, findIsbns } from './isbn.ts';
export { cleanIssn, findIssns } from './issn.ts';
export { cleanPmid, findPmids } from './pmid.ts';
export { findDois, findIdentifiers, type FoundIdentifiers } from './findIdentifiers.ts';
export { identifiesWholeWork, normaliseIdentifier } from './normalise.ts';
export { canonicalIdentifier, identifierProblem } from './identifierProblem.ts';
