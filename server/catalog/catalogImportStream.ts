// The bulk import of record files of any size (catalog:import): the file is read as a
// stream in chunks of whole records (recordChunks.ts), each chunk parsed and added in one
// transaction, so memory stays bounded whatever the file's size (a 1 GB BibTeX file could
// not even be read into one string). Progress is reported as records and records/s.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { cslToDocument } from '../../shared/csl/cslJson.ts';
import type { ImportedRecord, ParseProblem } from '../../shared/bibtex/importedRecord.ts';
import { detectFormat, importText, parseRecords, readText, type FileImportReport, type RecordFormat, type RecordSink } from './catalogImport.ts';
import { bibtexBoundary, jsonArrayItems, recordChunks, risBoundary } from './recordChunks.ts';

/** Problems listed in a report; further ones are only counted (a broken 1M-record file). */
export const MAX_LISTED_PROBLEMS = 1000;
const JSON_BATCH = 5000;

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
  /** Load through the engine's bulk load (indexes built at the end); by default for files of BULK_FROM_BYTES and more. */
  bulk?: boolean;
}

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
    if (format === 'csl-json') await importJsonItems(file, add, problem, options);
    else await importChunks(format, file, add, problem, options);
  } finally {
    // Also when reading failed half-way: the records added so far get their indexes.
    if (bulk) report.indexSeconds = bulk.finish();
  }
  report.errors.sort((a, b) => a.line - b.line);
  return report;
}

async function importChunks(format: Exclude<RecordFormat, 'csl-json'>, file: string, add: (r: ImportedRecord[]) => Promise<void>, problem: (p: ParseProblem) => void, options: StreamOptions) {
  // @string macros hold for the rest of a BibTeX file: each chunk is parsed after those
  // of the chunks before it, and their lines are taken off again.
  let macros = '';
  for await (const chunk of recordChunks(file, format === 'bibtex' ? bibtexBoundary : risBoundary, options.chunkChars, options.pieceBytes)) {
    const prefix = macros ? `${macros}\n` : '';
    const prefixLines = prefix.split('\n').length - 1;
    const parsed = parseRecords(format, prefix + chunk.text);
    for (const error of parsed.errors) {
      const line = error.line - prefixLines;
      if (line >= 1) problem({ ...error, line: line + chunk.line - 1 });
    }
    // The shared catalog takes no placeholder titles: a title-less entry stays an error here.
    for (const r of parsed.records) {
      if (r.placeholderTitle) problem({ line: r.line - prefixLines + chunk.line - 1, message: 'entry has no title', ...(r.key ? { key: r.key } : {}) });
    }
    await add(parsed.records.filter((r) => !r.placeholderTitle));
    if (format === 'bibtex') macros += stringEntries(chunk.text);
  }
}

async function importJsonItems(file: string, add: (r: ImportedRecord[]) => Promise<void>, problem: (p: ParseProblem) => void, options: StreamOptions) {
  let batch: ImportedRecord[] = [];
  for await (const item of jsonArrayItems(file, options.pieceBytes)) {
    if (item === 'not-an-array') throw new Error('not a JSON array'); // checked by the caller
    let converted: ReturnType<typeof cslToDocument>;
    let parsed: unknown;
    try {
      parsed = JSON.parse(item.text);
      converted = cslToDocument(parsed);
    } catch (error) {
      converted = `not valid JSON: ${(error as Error).message}`;
    }
    const id = parsed && typeof parsed === 'object' && typeof (parsed as { id?: unknown }).id === 'string' ? (parsed as { id: string }).id : undefined;
    if (typeof converted === 'string') problem({ line: item.line, message: `item ${item.index}: ${converted}`, ...(id ? { key: id } : {}) });
    else batch.push({ line: item.line, ...(id ? { key: id } : {}), document: converted.document, ...(converted.openAccess ? { openAccess: true } : {}) });
    if (batch.length >= JSON_BATCH) {
      await add(batch);
      batch = [];
    }
  }
  if (batch.length) await add(batch);
}

/** The @string entries of BibTeX text, whole (delimiters matched), one per line. */
export function stringEntries(text: string): string {
  const found: string[] = [];
  const start = /^[ \t]*@[ \t]*string[ \t]*([{(])/gim;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    const open = match[1]!;
    const close = open === '{' ? '}' : ')';
    let depth = 0;
    let end = -1;
    for (let i = match.index + match[0].length - 1; i < text.length; i++) {
      const ch = text[i];
      if (ch === open || (open === '(' && ch === '{')) depth++;
      else if (ch === close || (open === '(' && ch === '}')) depth--;
      if (depth === 0) {
        end = i + 1;
        break;
      }
    }
    if (end > 0) found.push(text.slice(match.index, end).trim());
  }
  return found.map((entry) => `${entry}\n`).join('');
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
