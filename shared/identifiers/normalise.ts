// The form identifiers are compared in, wherever two records are tested for being the same
// work (the catalog's de-duplication, the desktop's "already in your library"): DOIs and
// arXiv ids without resolver prefixes (arXiv also without its version), ISBN-10 as ISBN-13.
// ISBNs and ISSNs name a whole book or serial, so they only identify records that are whole
// works themselves: a journal article's ISSN is its journal's.

/** Types that are parts of a container: their ISBN/ISSN is the container's. */
const PART_TYPES = new Set<string>(['journal', 'book_section', 'conference_proceedings', 'magazine_article', 'newspaper_article', 'encyclopedia_article']);

export function identifiesWholeWork(kind: string, type: string | undefined): boolean {
  return (kind !== 'isbn' && kind !== 'issn') || !PART_TYPES.has(type ?? '');
}

function isbn10to13(digits: string): string {
  const core = `978${digits.slice(0, 9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(core[i]) * (i % 2 ? 3 : 1);
  return core + String((10 - (sum % 10)) % 10);
}

/** The comparable form of an identifier; undefined when the value is unusable. */
export function normaliseIdentifier(kind: string, value: string): string | undefined {
  let v = value.trim();
  if (!v) return undefined;
  switch (kind) {
    case 'doi':
      v = v.replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '').toLowerCase();
      break;
    case 'arxiv':
      v = v.replace(/^(?:https?:\/\/arxiv\.org\/(?:abs|pdf)\/|arxiv:\s*)/i, '').replace(/v\d+$/i, '').toLowerCase();
      break;
    case 'isbn': {
      const digits = v.toUpperCase().replace(/[^0-9X]/g, '');
      v = digits.length === 10 ? isbn10to13(digits) : digits;
      break;
    }
    case 'issn':
      v = v.toUpperCase().replace(/[^0-9X]/g, '');
      break;
    case 'pmid':
      v = v.replace(/^pmid:\s*/i, '');
      break;
    default:
      v = v.toLowerCase();
  }
  return v || undefined;
}
