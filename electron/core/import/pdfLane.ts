// PDF work one document at a time. pdf.js in Node runs its "worker" in this thread, and
// opening a document while another one is being destroyed can leave the open waiting
// forever (seen with the evaluation set: the full-text pass of one file finishing while the
// next file's metadata was read). So every use of pdf.js in the core goes through one lane
// (core.ts shares it between the importer and the reader's export): what a person waits for
// first, then metadata, then full text, and none may take longer than a time limit.
// Metadata and full text are read off the core's thread (shared/node/pdf/isolatedPdfReader.ts:
// a worker thread with heap, time and decoded-size limits), so a hostile PDF can neither
// stall the core nor take its memory; the reader's export still runs pdf.js here.
import type { ExtractionOptions, ExtractionResult } from '../../../shared/node/pdf/extractPdfMetadata.ts';
import { sharedPdfReader } from '../../../shared/node/pdf/isolatedPdfReader.ts';

/** 'user': something a person is waiting for (the reader's export); it goes first. */
export type LanePriority = 'user' | 'metadata' | 'fulltext';

const ORDER: readonly LanePriority[] = ['user', 'metadata', 'fulltext'];

/** Longer than extraction's own 30 s limit, which does not cover opening the file. */
export const LANE_TIMEOUT_MS = 45_000;
/** How long an aborted job may take to let go of its document before the next one starts. */
const ABORT_GRACE_MS = 5_000;
const LATE = Symbol('late');

export function createPdfLane(timeoutMs = LANE_TIMEOUT_MS, reader = sharedPdfReader()) {
  // The reader's thread loads pdf.js before the first file arrives (the core makes its lane at start).
  reader.warm();
  const waiting: Record<LanePriority, (() => Promise<void>)[]> = { user: [], metadata: [], fulltext: [] };
  let busy = false;

  function next(): void {
    if (busy) return;
    const queue = ORDER.map((p) => waiting[p]).find((q) => q.length > 0);
    const job = queue?.shift();
    if (!job) return;
    busy = true;
    void job().finally(() => {
      busy = false;
      next();
    });
  }

  /**
   * Runs `job` when the lane is free. Past the time limit its signal aborts (the job should
   * destroy what it opened) and the answer is `late()`; the lane goes on with the next job
   * once the aborted one has settled, or after a grace period if it never does.
   */
  function run<T>(job: (signal: AbortSignal) => Promise<T>, priority: LanePriority, late: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting[priority].push(async () => {
        const controller = new AbortController();
        const work = (async () => job(controller.signal))();
        let timer: NodeJS.Timeout | undefined;
        const tooLong = new Promise<typeof LATE>((done) => {
          timer = setTimeout(() => done(LATE), timeoutMs);
        });
        try {
          const first = await Promise.race([work, tooLong]);
          if (first !== LATE) {
            resolve(first);
            return;
          }
          controller.abort();
          resolve(late());
          await Promise.race([work.catch(() => undefined), new Promise((done) => setTimeout(done, ABORT_GRACE_MS).unref())]);
        } catch (error) {
          reject(error);
        } finally {
          clearTimeout(timer);
        }
      });
      next();
    });
  }

  return {
    run,
    /** Undefined when the file may be read; otherwise why not (a PDF bomb), as a sentence. */
    screen(file: string): Promise<string | undefined> {
      return run(() => reader.screen(file), 'metadata', () => 'This PDF took too long to check; it may be damaged.');
    },
    /** `screened`: the file's bytes passed `screen` already (an import reads them right after). */
    extract(file: string, options: Omit<ExtractionOptions, 'signal'>, priority: Exclude<LanePriority, 'user'>, screened = false): Promise<ExtractionResult> {
      return run<ExtractionResult>(
        () => reader.extract(file, options, screened),
        priority,
        () => ({ ok: false, reason: 'damaged', message: 'This PDF took too long to read; it may be damaged.' }),
      );
    },
  };
}

export type PdfLane = ReturnType<typeof createPdfLane>;
