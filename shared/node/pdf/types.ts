// What PDF metadata extraction answers: found fields with a confidence each, or a reason
// (and a sentence for the user) why the file could not be read.

export interface ExtractedPerson {
  first_name?: string;
  last_name: string;
}

export interface ExtractedIdentifiers {
  doi?: string;
  arxiv?: string;
  isbn?: string;
  issn?: string;
  pmid?: string;
}

/** The document types extraction can tell from a page's words and layout. */
export type ExtractedDocumentType = 'journal' | 'conference_proceedings' | 'thesis' | 'report' | 'book' | 'book_section' | 'generic';

export interface ExtractedFields {
  title?: string;
  type?: ExtractedDocumentType;
  authors?: ExtractedPerson[];
  year?: number;
  source?: string;
  abstract?: string;
  keywords?: string[];
  identifiers?: ExtractedIdentifiers;
}

export type FieldConfidence = { [K in keyof ExtractedFields]?: number };

export interface ExtractionSuccess {
  ok: true;
  fields: ExtractedFields;
  /** 0..1 per field that was found. */
  confidence: FieldConfidence;
  pageCount: number;
  /** Page texts joined with form feeds, when `fullText` was asked for. */
  fullText?: string;
  warnings: string[];
}

export type ExtractionFailureReason = 'not-pdf' | 'encrypted' | 'damaged' | 'empty' | 'no-text' | 'too-large';

export interface ExtractionFailure {
  ok: false;
  reason: ExtractionFailureReason;
  /** A sentence that can be shown to the user as it is. */
  message: string;
}

export type ExtractionResult = ExtractionSuccess | ExtractionFailure;

export interface ExtractionOptions {
  /** Pages read for metadata (default 3). */
  maxPages?: number;
  /** Also collect the text of every page (page by page, bounded by maxFullTextChars). */
  fullText?: boolean;
  signal?: AbortSignal;
  /** Files above this size are refused (default 200 MB). */
  maxBytes?: number;
  /** Extraction gives up after this long (default 30 s). */
  timeoutMs?: number;
  /** Bound on the collected full text (default 5,000,000 characters). */
  maxFullTextChars?: number;
}

/** The string shown with a scanned (image-only) PDF: it opens, but there is nothing to read. */
export const NO_TEXT_WARNING = 'no text: scanned?';
