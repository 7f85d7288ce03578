// pdf.js, loaded on first use so the library window starts without it. The viewer
// components read the core library from globalThis.pdfjsLib when their module runs, so it
// is set before they are imported. The worker is a same-origin file (the CSP allows it).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export type PdfJs = typeof import('pdfjs-dist');
export type PdfViewerModule = typeof import('pdfjs-dist/web/pdf_viewer.mjs');

let loading: Promise<{ pdfjs: PdfJs; viewer: PdfViewerModule }> | undefined;

export function loadPdfJs(): Promise<{ pdfjs: PdfJs; viewer: PdfViewerModule }> {
  loading ??= (async () => {
    const pdfjs = await import('pdfjs-dist');
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    (globalThis as { pdfjsLib?: PdfJs }).pdfjsLib = pdfjs;
    const viewer = await import('pdfjs-dist/web/pdf_viewer.mjs');
    return { pdfjs, viewer };
  })();
  return loading;
}
