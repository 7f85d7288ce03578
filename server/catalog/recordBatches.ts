// The records of a file of any size, parsed a batch at a time (a chunk of whole BibTeX or
// RIS records, or some thousands of CSL-JSON items) with the problems found in it, their
// lines those of the whole file. catalogImportStream.ts adds each batch in one transaction;
// parseThread.ts runs this on a thread of its own so parsing overlaps the writes.
import { cslToDocument } from '../../shared/csl/cslJson.ts';
import type { ImportedRecord, ParseProblem } from '../../shared/bibtex/importedRecord.ts';
import { parseRecords, type RecordFormat } from './catalogImport.ts';
import { bibtexBoundary, jsonArrayItems, recordChunks, risBoundary } from './recordChunks.ts';

const JSON_BATCH = 5000;

export interface RecordBatch {
  records: ImportedRecord[];
  problems: ParseProblem[];
}

export interface BatchSizes {
  /** Sizes of the chunks parsed at once and of the reads (small in tests, to cross many boundaries). */
  chunkChars?: number;
  pieceBytes?: number;
}

/** The file's records in batches; a CSL-JSON file must hold an array (others are read whole). */
export function recordBatches(file: string, format: RecordFormat, sizes: BatchSizes): AsyncGenerator<RecordBatch> {
  return format === 'csl-json' ? jsonBatches(file, sizes) : chunkBatches(format, file, sizes);
}

async function* chunkBatches(format: Exclude<RecordFormat, 'csl-json'>, file: string, sizes: BatchSizes): AsyncGenerator<RecordBatch> {
  // @string macros hold for the rest of a BibTeX file: each chunk is parsed after those
  // of the chunks before it, and their lines are taken off again.
  let macros = '';
  for await (const chunk of recordChunks(file, format === 'bibtex' ? bibtexBoundary : risBoundary, sizes.chunkChars, sizes.pieceBytes)) {
    const prefix = macros ? `${macros}\n` : '';
    const prefixLines = prefix.split('\n').length - 1;
    const parsed = parseRecords(format, prefix + chunk.text);
    const problems: ParseProblem[] = [];
    for (const error of parsed.errors) {
      const line = error.line - prefixLines;
      if (line >= 1) problems.push({ ...error, line: line + chunk.line - 1 });
    }
    // The shared catalog takes no placeholder titles: a title-less entry stays an error here.
    for (const r of parsed.records) {
      if (r.placeholderTitle) problems.push({ line: r.line - prefixLines + chunk.line - 1, message: 'entry has no title', ...(r.key ? { key: r.key } : {}) });
    }
    yield { records: parsed.records.filter((r) => !r.placeholderTitle), problems };
    if (format === 'bibtex') macros += stringEntries(chunk.text);
  }
}

async function* jsonBatches(file: string, sizes: BatchSizes): AsyncGenerator<RecordBatch> {
  let batch: RecordBatch = { records: [], problems: [] };
  for await (const item of jsonArrayItems(file, sizes.pieceBytes)) {
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
    if (typeof converted === 'string') batch.problems.push({ line: item.line, message: `item ${item.index}: ${converted}`, ...(id ? { key: id } : {}) });
    else batch.records.push({ line: item.line, ...(id ? { key: id } : {}), document: converted.document, ...(converted.openAccess ? { openAccess: true } : {}) });
    if (batch.records.length >= JSON_BATCH) {
      yield batch;
      batch = { records: [], problems: [] };
    }
  }
  if (batch.records.length || batch.problems.length) yield batch;
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
