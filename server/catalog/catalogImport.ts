// Imports BibTeX, RIS and CSL-JSON files into the catalog: each file is parsed tolerantly
// (a broken entry is reported with its line, the others are kept), then its records are
// added in one transaction with de-duplication.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseBibtex } from '../../shared/bibtex/parseBibtex.ts';
import { parseRis } from '../../shared/ris/parseRis.ts';
import { parseCslJson } from '../../shared/csl/cslJson.ts';
import type { ParseProblem, ParseResult } from '../../shared/bibtex/importedRecord.ts';
import type { ImportedRecordFields } from './catalogStorage.ts';
import type { BulkSink } from './bulk/catalogBulkLoad.ts';

/** Where imported records go: the catalog's storage on either engine (or SQLite's store itself). */
export interface RecordSink {
  addMany(records: ImportedRecordFields[], imported: boolean): { added: number; merged: number } | Promise<{ added: number; merged: number }>;
  /** A bulk load for large files, where the engine has one (bulk/catalogBulkLoad.ts). */
  bulkLoad?(): BulkSink;
}

export type RecordFormat = 'bibtex' | 'ris' | 'csl-json';

export interface FileImportReport {
  file: string;
  format: RecordFormat;
  records: number;
  added: number;
  merged: number;
  /** The problems found, at most MAX_LISTED_PROBLEMS of a streamed import (catalogImportStream.ts). */
  errors: ParseProblem[];
  /** How many problems there were, when more than were listed may exist. */
  errorCount?: number;
  /** Seconds a bulk load took to build its indexes at the end (catalogImportStream.ts). */
  indexSeconds?: number;
}

/** By extension, else by the first characters of the text. */
export function detectFormat(file: string, text: string): RecordFormat {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.bib' || ext === '.bibtex') return 'bibtex';
  if (ext === '.ris') return 'ris';
  if (ext === '.json' || ext === '.csl') return 'csl-json';
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('[') || start.startsWith('{')) return 'csl-json';
  if (/^TY {1,2}-/m.test(start.slice(0, 2000))) return 'ris';
  return 'bibtex';
}

/** UTF-8, falling back to Latin-1 for older files that are not valid UTF-8. */
export function readText(file: string): string {
  const bytes = readFileSync(file);
  const text = bytes.toString('utf8');
  return text.includes('\uFFFD') ? bytes.toString('latin1') : text;
}

export function parseRecords(format: RecordFormat, text: string): ParseResult {
  if (format === 'ris') return parseRis(text);
  if (format === 'csl-json') return parseCslJson(text);
  return parseBibtex(text);
}

export async function importText(store: RecordSink, file: string, text: string, format = detectFormat(file, text)): Promise<FileImportReport> {
  const parsed = parseRecords(format, text);
  // The shared catalog takes no placeholder titles: a title-less entry stays an error here.
  const records = parsed.records.filter((r) => !r.placeholderTitle);
  const errors = [
    ...parsed.errors,
    ...parsed.records.filter((r) => r.placeholderTitle).map((r) => ({ line: r.line, message: 'entry has no title', ...(r.key ? { key: r.key } : {}) })),
  ].sort((a, b) => a.line - b.line);
  const { added, merged } = await store.addMany(records.map((r) => ({ fields: r.document, openAccess: r.openAccess })), true);
  return { file, format, records: records.length, added, merged, errors };
}

export function importFile(store: RecordSink, file: string): Promise<FileImportReport> {
  return importText(store, file, readText(file));
}
