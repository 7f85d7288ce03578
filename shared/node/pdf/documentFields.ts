// An extraction result as document fields within the schema's bounds, keeping only the
// fields found with enough confidence (a wrong title is worse than the file name).
import type { DocumentFields } from '../../schemas/document.ts';
import { UNREADABLE_TEXT_WARNING } from './textQuality.ts';
import { NO_TEXT_WARNING, type ExtractionSuccess } from './types.ts';

export const MIN_CONFIDENCE = 0.5;

/**
 * Text from a file as the service can store it: no control characters but tab and line
 * breaks (NUL ends strings in SQL functions), no lone surrogates (malformed UTF-16 in PDF
 * strings has no UTF-8 form), at most `max` characters, never cutting a character in two.
 */
export function storableText(text: string, max: number): string {
  const cleaned = text.replace(/\p{Cc}/gu, (c) => (c === '\t' || c === '\n' || c === '\r' ? c : '')).replace(/\p{Cs}/gu, '');
  const chars = Array.from(cleaned);
  return chars.length > max ? chars.slice(0, max).join('') : cleaned;
}

/**
 * Whether extraction was sure enough that nobody needs to review the record: a title set
 * apart by its size (or confirmed by the file's own metadata), named authors, a readable
 * text layer. The rest is listed under Needs Review.
 */
export function extractionIsSure(result: ExtractionSuccess): boolean {
  const { fields, confidence, warnings } = result;
  if (warnings.includes(NO_TEXT_WARNING) || warnings.includes(UNREADABLE_TEXT_WARNING)) return false;
  return !!fields.title && (confidence.title ?? 0) >= 0.8 && !!fields.authors?.length && (confidence.authors ?? 0) >= 0.7;
}

export function documentFieldsFromPdf(result: ExtractionSuccess, minConfidence = MIN_CONFIDENCE): DocumentFields {
  const { fields, confidence } = result;
  const sure = (key: keyof typeof confidence) => (confidence[key] ?? 0) >= minConfidence;
  const out: DocumentFields = {};
  const title = fields.title ? storableText(fields.title, 500).trim() : '';
  if (title && sure('title')) out.title = title;
  if (fields.authors?.length && sure('authors')) {
    out.authors = fields.authors
      .map((a) => ({ last_name: storableText(a.last_name, 255).trim(), first_name: a.first_name ? storableText(a.first_name, 255) : '' }))
      .filter((a) => a.last_name)
      .slice(0, 5000)
      .map((a) => ({ last_name: a.last_name, ...(a.first_name ? { first_name: a.first_name } : {}) }));
  }
  if (fields.type && sure('type')) out.type = fields.type;
  if (fields.year && sure('year')) out.year = fields.year;
  if (fields.abstract && sure('abstract')) out.abstract = storableText(fields.abstract, 10000);
  if (fields.source && sure('source')) out.source = storableText(fields.source, 255);
  if (fields.keywords?.length && sure('keywords')) out.keywords = fields.keywords.map((k) => storableText(k, 300)).filter((k) => k).slice(0, 1000);
  if (fields.identifiers && sure('identifiers')) {
    const ids = Object.fromEntries(Object.entries(fields.identifiers).filter(([, v]) => typeof v === 'string' && v).map(([k, v]) => [k, storableText(v as string, 500)]));
    if (Object.keys(ids).length) out.identifiers = ids;
  }
  return out;
}
