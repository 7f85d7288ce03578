// Test helper: what extractPdfMetadata reads from a synthetic PDF (syntheticPdf.ts), a
// failed extraction thrown with its reason.
import { extractPdfMetadata, type ExtractionResult, type ExtractionSuccess } from './extractPdfMetadata.ts';
import { syntheticPdf, type SyntheticText } from './syntheticPdf.ts';

export function ok(r: ExtractionResult): ExtractionSuccess {
  if (!r.ok) throw new Error(`extraction failed: ${r.reason} ${r.message}`);
  return r;
}

/** The fields of a one-page synthetic PDF with these texts (and this Info dictionary). */
export async function extractPage(page: SyntheticText[], info?: Record<string, string>): Promise<ExtractionSuccess> {
  return ok(await extractPdfMetadata(syntheticPdf({ pages: [page], ...(info ? { info } : {}) })));
}
