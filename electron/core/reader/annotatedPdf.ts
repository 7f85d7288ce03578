// Writes a copy of a PDF with annotations in it. pdf.js opens the file first: it tells a
// damaged, protected or non-PDF file apart (failures come back as a reason with a sentence,
// never as an exception) and gives each page's frame, in the same terms the reader used
// for the positions. pdf-lib then adds the annotations as standard PDF objects
// (pdfAnnotations.ts) and writes the whole file again; the pages' content is copied as is.
import { PDFDocument } from 'pdf-lib';
import { failure, openPdf, readInput } from '../../../shared/node/pdf/openPdf.ts';
import type { ExtractionFailure } from '../../../shared/node/pdf/types.ts';
import { addPageAnnotation } from './pdfAnnotations.ts';
import type { PageAnnotation, PageFrame } from './pageAnnotations.ts';

/** Larger files are not copied (both libraries hold the whole file, and the copy, in memory). */
export const MAX_EXPORT_BYTES = 200 * 1024 * 1024;

export interface PdfLayout {
  pageCount: number;
  frameOf(page: number): PageFrame;
}

export type AnnotatedPdfResult = { ok: true; bytes: Uint8Array } | ExtractionFailure;

export interface AnnotationPlan {
  /** The pages whose frames `entriesFor` will ask for (numbered from 1). */
  pages: readonly number[];
  entriesFor(layout: PdfLayout): PageAnnotation[];
}

const TOO_LONG = 'Writing the annotations into this PDF took too long; it may be damaged.';

/** The annotations to write, or why the file cannot take them. pdf.js is closed again before answering. */
async function planFor(bytes: Uint8Array, plan: AnnotationPlan, signal?: AbortSignal): Promise<PageAnnotation[] | ExtractionFailure> {
  const opened = await openPdf(bytes, signal);
  if ('ok' in opened) return opened;
  const { doc, destroy } = opened;
  const onAbort = () => void destroy();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const frames = new Map<number, PageFrame>();
    for (const page of new Set(plan.pages)) {
      if (page < 1 || page > doc.numPages) continue;
      const proxy = await doc.getPage(page);
      frames.set(page, { view: proxy.view, rotate: proxy.rotate });
    }
    return plan.entriesFor({ pageCount: doc.numPages, frameOf: (page) => frames.get(page) ?? { view: [0, 0, 612, 792], rotate: 0 } });
  } catch (error) {
    if (signal?.aborted) return failure('damaged', TOO_LONG);
    return failure('damaged', `This PDF could not be read (${error instanceof Error ? error.message : String(error)}).`);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await destroy();
  }
}

/**
 * Opens `file`, asks the plan what to write once the pages are known, and answers the
 * annotated copy. The signal (the PDF lane's time limit) stops the work between steps.
 */
export async function writeAnnotatedPdf(file: string, plan: AnnotationPlan, signal?: AbortSignal): Promise<AnnotatedPdfResult> {
  const bytes = await readInput(file, MAX_EXPORT_BYTES);
  if (!(bytes instanceof Uint8Array)) return bytes;
  // pdf.js takes the buffer it is given for its own: pdf-lib reads a copy.
  const source = bytes.slice();
  const entries = await planFor(bytes, plan, signal);
  if (!Array.isArray(entries)) return entries;
  if (signal?.aborted) return failure('damaged', TOO_LONG);
  try {
    const pdf = await PDFDocument.load(source, { updateMetadata: false });
    const pages = pdf.getPages();
    for (const entry of entries) addPageAnnotation(pages[entry.pageIndex]!, entry);
    if (signal?.aborted) return failure('damaged', TOO_LONG);
    return { ok: true, bytes: await pdf.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false }) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Encrypted with an empty user password (restrictions only): pdf.js opens it, but new
    // objects would have to be encrypted too, which pdf-lib cannot do. (Its EncryptedPDFError
    // is compiled to ES5, where instanceof does not hold: the message says it.)
    if (/is encrypted/i.test(message)) return failure('encrypted', 'This PDF is encrypted.');
    return failure('damaged', `The annotations could not be written into this PDF (${message}).`);
  }
}
