// Reading the bytes and opening them with pdf.js, turning every way that can fail into an
// ExtractionFailure with a sentence for the user. pdf.js runs without eval, without font
// loading and with errors-only logging; in Node its "worker" runs in this thread.
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { pdfjsPackageDir } from '../pdfjsPackage.ts';
import type { ExtractionFailure } from './types.ts';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
export type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

let pdfjs: Promise<PdfJs> | undefined;
export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

export const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;

/**
 * pdf.js's character maps (the bcmap files it ships), as the folder path its Node reader wants.
 * A CJK font that names a predefined CMap (UniGB-UCS2-H, UniJIS-UCS2-H, ...) yields no text
 * without them: a title "hanzibox：田字格..." came out as "hanzibox". In the packaged app the
 * folder is inside app.asar, which Electron's fs reads in worker threads too.
 */
export function pdfJsCMapDir(): string {
  return path.join(pdfjsPackageDir(), 'cmaps') + path.sep;
}

export function failure(reason: ExtractionFailure['reason'], message: string): ExtractionFailure {
  return { ok: false, reason, message };
}

/** The file's bytes, or why they cannot be used. Paths are read with a size bound. */
export async function readInput(input: Buffer | Uint8Array | string, maxBytes: number): Promise<Uint8Array | ExtractionFailure> {
  if (typeof input === 'string') {
    let size: number;
    try {
      const info = await stat(input);
      if (!info.isFile()) return failure('damaged', 'This is not a file that can be read.');
      size = info.size;
    } catch {
      return failure('damaged', 'The file could not be read.');
    }
    if (size > maxBytes) return tooLarge(size, maxBytes);
    if (size === 0) return failure('empty', 'The file is empty.');
    const handle = await open(input, 'r');
    try {
      const bytes = new Uint8Array(size);
      let offset = 0;
      while (offset < size) {
        const { bytesRead } = await handle.read(bytes, offset, size - offset, offset);
        if (bytesRead === 0) break;
        offset += bytesRead;
      }
      return offset === size ? bytes : bytes.subarray(0, offset);
    } finally {
      await handle.close();
    }
  }
  if (input.byteLength > maxBytes) return tooLarge(input.byteLength, maxBytes);
  if (input.byteLength === 0) return failure('empty', 'The file is empty.');
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  return new Uint8Array(input.buffer.slice(input.byteOffset, input.byteOffset + input.byteLength));
}

function tooLarge(size: number, maxBytes: number): ExtractionFailure {
  const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
  return failure('too-large', `The file is ${mb(size)}, more than the ${mb(maxBytes)} that are read for details.`);
}

/** A PDF starts with "%PDF-" (some writers put junk before it, within the first kilobyte). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

export async function openPdf(bytes: Uint8Array, signal?: AbortSignal): Promise<{ doc: PdfDocument; destroy: () => Promise<void> } | ExtractionFailure> {
  if (!looksLikePdf(bytes)) return failure('not-pdf', 'This file is not a PDF.');
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: VerbosityLevel.ERRORS,
    stopAtErrors: false,
    cMapUrl: pdfJsCMapDir(),
    cMapPacked: true,
    // Never ask for a password: an encrypted file is reported, not unlocked.
    password: undefined,
  });
  const destroy = () => task.destroy().catch(() => undefined);
  task.onPassword = () => {
    void destroy();
  };
  const onAbort = () => void destroy();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const doc = await task.promise;
    return { doc, destroy };
  } catch (err) {
    await destroy();
    return describeOpenError(err);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

export function describeOpenError(err: unknown): ExtractionFailure {
  const name = (err as { name?: string } | null)?.name ?? '';
  const message = String((err as { message?: string } | null)?.message ?? err);
  if (name === 'PasswordException' || /password/i.test(message)) {
    return failure('encrypted', 'This PDF is protected by a password, so its details cannot be read.');
  }
  if (name === 'AbortException' || /destroyed|abort/i.test(message)) {
    return failure('damaged', 'Reading this PDF was stopped before it finished.');
  }
  if (/no pdf header|not a pdf/i.test(message)) return failure('not-pdf', 'This file is not a PDF.');
  return failure('damaged', 'This PDF is damaged and could not be opened.');
}
