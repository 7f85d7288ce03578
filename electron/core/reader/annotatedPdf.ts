// Writes a copy of a PDF with annotations in it, through pdf.js: the entries go into the
// document's annotationStorage under the keys pdf.js gives its editors, and saveDocument()
// answers the original bytes followed by an incremental update holding the new
// annotation objects. Failures (not a PDF, damaged, protected by a password) come back as
// a reason with a sentence, never as an exception.
import { failure, openPdf, readInput } from '../../../shared/node/pdf/openPdf.ts';
import type { ExtractionFailure } from '../../../shared/node/pdf/types.ts';
import type { EditorEntry, PageFrame } from './editorEntries.ts';

/** pdf.js's AnnotationEditorPrefix: only storage keys starting with it are saved as new annotations. */
const EDITOR_KEY_PREFIX = 'pdfjs_internal_editor_';

/** Larger files are not copied (pdf.js holds the whole file, and the copy, in memory). */
export const MAX_EXPORT_BYTES = 200 * 1024 * 1024;

export interface PdfLayout {
  pageCount: number;
  frameOf(page: number): PageFrame;
}

export type AnnotatedPdfResult = { ok: true; bytes: Uint8Array } | ExtractionFailure;

export interface AnnotationPlan {
  /** The pages whose frames `entriesFor` will ask for (numbered from 1). */
  pages: readonly number[];
  entriesFor(layout: PdfLayout): EditorEntry[];
}

/**
 * Opens `file`, asks the plan what to write once the pages are known, and answers the
 * annotated copy. The signal (the PDF lane's time limit) destroys the document.
 */
export async function writeAnnotatedPdf(file: string, plan: AnnotationPlan, signal?: AbortSignal): Promise<AnnotatedPdfResult> {
  const bytes = await readInput(file, MAX_EXPORT_BYTES);
  if (!(bytes instanceof Uint8Array)) return bytes;
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
    const entries = plan.entriesFor({ pageCount: doc.numPages, frameOf: (page) => frames.get(page) ?? { view: [0, 0, 612, 792], rotate: 0 } });
    entries.forEach((entry, i) => doc.annotationStorage.setValue(`${EDITOR_KEY_PREFIX}${i}`, entry));
    return { ok: true, bytes: await doc.saveDocument() };
  } catch (error) {
    if (signal?.aborted) return failure('damaged', 'Writing the annotations into this PDF took too long; it may be damaged.');
    const message = error instanceof Error ? error.message : String(error);
    return failure('damaged', `pdf.js could not write the annotations into this PDF (${message}).`);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await destroy();
  }
}
