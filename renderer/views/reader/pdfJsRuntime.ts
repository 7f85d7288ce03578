// pdf.js itself, in a chunk of its own (loaded on first use by pdfJs.ts), with the options
// every document is opened with: the worker and the data files pdf.js fetches (CJK cMaps,
// standard fonts, the JPEG 2000 / JBIG2 wasm decoders, ICC profiles) all come from the app
// (the pdfjs/ folder that scripts/vitePdfjsAssets.ts puts beside index.html), in every mode.
// The packaged-app test imports this chunk to render a PDF exactly as the reader does.
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export { pdfjs };

/** The asset URLs relative to the page (app://, a loopback http server or Vite's). */
export function pdfAssetOptions(base: string = document.baseURI) {
  const at = (folder: string) => new URL(`pdfjs/${folder}/`, base).href;
  return {
    cMapUrl: at('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: at('standard_fonts'),
    wasmUrl: at('wasm'),
    iccUrl: at('iccs'),
    isEvalSupported: false,
    enableXfa: false,
  };
}
