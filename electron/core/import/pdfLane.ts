// PDF reading one document at a time. pdf.js in Node runs its "worker" in this thread, and
// opening a document while another one is being destroyed can leave the open waiting
// forever (seen with the evaluation set: the full-text pass of one file finishing while the
// next file's metadata was read). So every extraction of the importer goes through this
// lane, metadata before full text, and none may take longer than a time limit.
import { extractPdfMetadata, type ExtractionOptions, type ExtractionResult } from '../../../shared/node/pdf/extractPdfMetadata.ts';

export type LanePriority = 'metadata' | 'fulltext';

/** Longer than extraction's own 30 s limit, which does not cover opening the file. */
export const LANE_TIMEOUT_MS = 45_000;

export function createPdfLane(timeoutMs = LANE_TIMEOUT_MS) {
  const waiting: Record<LanePriority, (() => Promise<void>)[]> = { metadata: [], fulltext: [] };
  let busy = false;

  function next(): void {
    if (busy) return;
    const job = waiting.metadata.shift() ?? waiting.fulltext.shift();
    if (!job) return;
    busy = true;
    void job().finally(() => {
      busy = false;
      next();
    });
  }

  return {
    extract(file: string, options: ExtractionOptions, priority: LanePriority): Promise<ExtractionResult> {
      return new Promise<ExtractionResult>((resolve) => {
        waiting[priority].push(async () => {
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<ExtractionResult>((done) => {
            timer = setTimeout(() => done({ ok: false, reason: 'damaged', message: 'This PDF took too long to read; it may be damaged.' }), timeoutMs);
          });
          try {
            resolve(await Promise.race([extractPdfMetadata(file, options), late]));
          } finally {
            clearTimeout(timer);
          }
        });
        next();
      });
    },
  };
}

export type PdfLane = ReturnType<typeof createPdfLane>;
