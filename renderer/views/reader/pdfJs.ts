// pdf.js, loaded on first use so the library window starts without it. The viewer
// components read the core library from globalThis.pdfjsLib when their module runs, so it
// is set before they are imported. The worker is a same-origin file (the CSP allows it).
import type { pdfAssetOptions } from './pdfJsRuntime.ts';

export type PdfJs = typeof import('pdfjs-dist');
export type PdfViewerModule = typeof import('pdfjs-dist/web/pdf_viewer.mjs');
export type PdfAssetOptions = ReturnType<typeof pdfAssetOptions>;

let loading: Promise<{ pdfjs: PdfJs; viewer: PdfViewerModule; assetOptions: PdfAssetOptions }> | undefined;

export function loadPdfJs(): Promise<{ pdfjs: PdfJs; viewer: PdfViewerModule; assetOptions: PdfAssetOptions }> {
  loading ??= (async () => {
    const runtime = await import('./pdfJsRuntime.ts');
    (globalThis as { pdfjsLib?: PdfJs }).pdfjsLib = runtime.pdfjs;
    const viewer = await import('pdfjs-dist/web/pdf_viewer.mjs');
    return { pdfjs: runtime.pdfjs, viewer, assetOptions: runtime.pdfAssetOptions() };
  })();
  return loading;
}
