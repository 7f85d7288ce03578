// Whether a style's bibliography entries can be kept per reference (renderCache.ts). An
// entry may depend on the other references of the bibliography only through the year
// suffix and the `disambiguate` condition, both decided within a group of references that
// read the same in a citation (the cache formats such groups together). Any other way the
// set shows in an entry sends the style down the plain path, where citeproc-js formats the
// whole selection:
// - `subsequent-author-substitute`: an entry depends on the one before it;
// - `citation-number` (rendered, sorted on, or behind `second-field-align` numbering) and
//   `citation-label`: the entry's position or a label made from the set;
// - `position` and `near-note` conditions: a note position the bibliography has no part of;
// - citeproc-js's container consolidation (`consolidate-containers`);
// - no bibliography at all (note styles whose citations stand in for entries).

const SET_DEPENDENT = [
  /subsequent-author-substitute=/,
  /citation-number/,
  /citation-label/,
  /\bposition=/,
  /near-note/,
  /consolidate-containers/,
  /first-reference-note-number/,
];

/** Why entries of this style cannot be kept per reference, or undefined when they can. */
export function setDependence(styleXml: string): string | undefined {
  const bibliography = /<bibliography\b[\s\S]*<\/bibliography>/.exec(styleXml);
  if (!bibliography) return 'no bibliography';
  const found = SET_DEPENDENT.find((pattern) => pattern.test(styleXml));
  return found ? `uses ${found.source.replace(/\\b|=/g, '')}` : undefined;
}
