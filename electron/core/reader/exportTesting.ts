// Reading an exported copy back in tests: its annotations through pdf.js, and its first
// page drawn by poppler (pdftoppm, with and without annotations) and read by pdftotext.
import { execFileSync } from 'node:child_process';
import { loadPdfJs } from '../../../shared/node/pdf/openPdf.ts';

export type PdfAnnotation = {
  subtype: string; rect: number[]; quadPoints?: Float32Array; color: Uint8ClampedArray | null; contentsObj: { str: string };
  titleObj?: { str: string }; parentRect?: number[]; popupRef?: string | null; name?: string; annotationFlags: number; id: string;
};

export async function annotationsOf(bytes: Uint8Array): Promise<PdfAnnotation[][]> {
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: VerbosityLevel.ERRORS });
  try {
    const doc = await task.promise;
    const pages: PdfAnnotation[][] = [];
    for (let n = 1; n <= doc.numPages; n++) pages.push((await (await doc.getPage(n)).getAnnotations()) as PdfAnnotation[]);
    return pages;
  } finally {
    await task.destroy();
  }
}

/** A page drawn by poppler at 72 dpi, so that one pixel is one point. */
export interface Raster {
  width: number;
  height: number;
  /** The colour at page point (x, y), PDF y growing upwards. */
  at(x: number, y: number): [number, number, number];
}

export function popplerPage(file: string, page: number, options: { hideAnnotations?: boolean } = {}): Raster {
  const args = ['-r', '72', '-f', String(page), '-l', String(page), ...(options.hideAnnotations ? ['-hide-annotations'] : []), file];
  const ppm = execFileSync('pdftoppm', args, { maxBuffer: 64 * 1024 * 1024 });
  // P6 header: magic, width, height, maxval, each followed by one whitespace byte.
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const start = header[0].length;
  return {
    width, height,
    at(x, y) {
      const i = start + (Math.floor(height - y) * width + Math.floor(x)) * 3;
      return [ppm[i]!, ppm[i + 1]!, ppm[i + 2]!];
    },
  };
}

export function popplerText(file: string, page: number): string {
  return execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-layout', file, '-'], { encoding: 'utf8' });
}

export function popplerInfo(file: string): string {
  return execFileSync('pdfinfo', [file], { encoding: 'utf8' });
}
