// The floor for the time per PDF: what any pdf.js-based reader pays at least, opening the
// file and getting page 1's text. Measured in the same run as extraction, so the ratio
// between the two holds on a loaded machine where the milliseconds do not.
import { readFile } from 'node:fs/promises';
import { loadPdfJs } from '../../../shared/node/pdf/openPdf.ts';

export async function floorMs(file: string): Promise<number> {
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const started = performance.now();
  const data = new Uint8Array(await readFile(file));
  const task = getDocument({ data, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: VerbosityLevel.ERRORS });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    await page.getTextContent();
    page.cleanup();
  } catch {
    // a file pdf.js cannot open costs what it cost
  } finally {
    await task.destroy().catch(() => undefined);
  }
  return performance.now() - started;
}
