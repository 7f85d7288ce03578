// The bulk import of record files of any size (catalog:import): the file is read as a
// stream in chunks of whole records (recordChunks.ts), each chunk parsed (on a thread of
// its own, parsedInThread.ts) and added in one transaction, so memory stays bounded
// whatever the file's size (a 1 GB BibTeX file could not even be read into one string).
// Large files go through the engine's bulk load (bulk/catalogBulkLoad.ts). Progress is
// reported as records and records/s.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { ImportedRecord, ParseProblem } from '../../shared/bibtex/importedRecord.ts';
import { detectFormat, importText, readText, type FileImportReport, type RecordSink } from './catalogImport.ts';
import { recordBatches } from './recordBatches.ts';
import { batchesInThread } from './parsedInThread.ts';

/** Problems listed in a report; further ones are only counted (a broken 1M-record file). */
export const MAX_LISTED_PROBLEMS = 1000;

export interface ImportProgress {
  file: string;
  records: number;
  seconds: number;
}

export interface StreamOptions {
  onProgress?: (progress: ImportProgress) => void;
  /** How often onProgress is called, in ms. */
  progressEveryMs?: number;
  /** Sizes of the chunks parsed at once and of the reads (small in tests, to cross many boundaries). */
  chunkChars?: number;
  pieceBytes?: number;
  /** Parse on a thread of its own, overlapping the writes; by default for files of THREAD_FROM_BYTES and more. */
  thread?: boolean;
  /** Load through the engine's bulk load (indexes built at the end); by default for files of BULK_FROM_BYTES and more. */
  bulk?: boolean;
}

/** From this size on, a parsing thread (which takes a moment to start) pays for itself. */
export const THREAD_FROM_BYTES = 4 << 20;

/** From this size on, building the indexes once at the end costs less than keeping them row by row. */
export const BULK_FROM_BYTES = 8 << 20;

export async function importFileStreaming(store: RecordSink, file: string, options: StreamOptions = {}): Promise<FileImportReport> {
  const head = firstBytes(file);
  const format = detectFormat(file, head);
  // One CSL item or an {items: [...]} object: small by nature, read whole.
  if (format === 'csl-json' && !head.replace(/^\uFEFF/, '').trimStart().startsWith('[')) return importText(store, file, readText(file), format);
  const started = performance.now();
  let lastProgress = started;
  const report: FileImportReport = { file, format, records: 0, added: 0, merged: 0, errors: [], errorCount: 0 };
  const problem = (p: ParseProblem) => {
    report.errorCount = (report.errorCount ?? 0) + 1;
    if (report.errors.length < MAX_LISTED_PROBLEMS) report.errors.push(p);
  };
  const bulk = (options.bulk ?? statSync(file).size >= BULK_FROM_BYTES) ? store.bulkLoad?.() : undefined;
  const sink: RecordSink = bulk ?? store;
  const add = async (records: ImportedRecord[]) => {
    const { added, merged } = await sink.addMany(records.map((r) => ({ fields: r.document, openAccess: r.openAccess })), true);
    report.records += records.length;
    report.added += added;
    report.merged += merged;
    const now = performance.now();
    if (options.onProgress && now - lastProgress >= (options.progressEveryMs ?? 2000)) {
      lastProgress = now;
      options.onProgress({ file, records: report.records, seconds: (now - started) / 1000 });
    }
  };

  try {
    const sizes = { chunkChars: options.chunkChars, pieceBytes: options.pieceBytes };
    const threaded = options.thread ?? statSync(file).size >= THREAD_FROM_BYTES;
    for await (const batch of threaded ? batchesInThread(file, format, sizes) : recordBatches(file, format, sizes)) {
      for (const p of batch.problems) problem(p);
      await add(batch.records);
    }
  } finally {
    // Also when reading failed half-way: the records added so far get their indexes.
    if (bulk) report.indexSeconds = bulk.finish();
  }
  report.errors.sort((a, b) => a.line - b.line);
  return report;
}

/** The first few KB, to recognise a file without a telling extension. */
function firstBytes(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
