// An extraction result as document fields within the schema's bounds, keeping only the
// fields found with enough confidence (a wrong title is worse than the file name).
import type { DocumentFields } from '../../schemas/document.ts';
import type { ExtractionSuccess } from './types.ts';

export const MIN_CONFIDENCE = 0.5;

export function documentFieldsFromPdf(result: ExtractionSuccess, minConfidence = MIN_CONFIDENCE): DocumentFields {
  const { fields, confidence } = result;
  const sure = (key: keyof typeof confidence) => (confidence[key] ?? 0) >= minConfidence;
  const out: DocumentFields = {};
  if (fields.title && sure('title')) out.title = fields.title.slice(0, 500);
  if (fields.authors?.length && sure('authors')) {
    out.authors = fields.authors
      .filter((a) => a.last_name.trim())
      .slice(0, 5000)
      .map((a) => ({ last_name: a.last_name.slice(0, 255), ...(a.first_name ? { first_name: a.first_name.slice(0, 255) } : {}) }));
  }
  if (fields.year && sure('year')) out.year = fields.year;
  if (fields.abstract && sure('abstract')) out.abstract = fields.abstract.slice(0, 10000);
  if (fields.source && sure('source')) out.source = fields.source.slice(0, 255);
  if (fields.keywords?.length && sure('keywords')) out.keywords = fields.keywords.map((k) => k.slice(0, 300)).slice(0, 1000);
  if (fields.identifiers && sure('identifiers')) {
    const ids = Object.fromEntries(Object.entries(fields.identifiers).filter(([, v]) => typeof v === 'string' && v).map(([k, v]) => [k, (v as string).slice(0, 500)]));
    if (Object.keys(ids).length) out.identifiers = ids;
  }
  return out;
}
