// `npm run catalog:import -- --data-dir DIR file...`: bulk-imports BibTeX (.bib), RIS (.ris)
// and CSL-JSON (.json) files of any size (read as streams, catalogImportStream.ts) into the
// catalog of the service whose data is in DIR (or on PostgreSQL: `--database postgres://...` or
// SERVICE_DATABASE_URL), printing progress while it reads (every 2 s, or --progress-ms=N), then counts
// and records/s per file and each entry that could not be read (file:line: message).
// Exit code 0 when every file was read (entries with problems are reported, not fatal),
// 1 when a file could not be read, 2 on wrong usage.
import path from 'node:path';
import { ConfigError, resolveConfig, type ServerConfig } from '../../config.ts';
import { openDatabase } from '../../storage/database.ts';
import { catalogStorageOf } from '../catalogStorage.ts';
import { importFileStreaming, type ImportProgress } from '../catalogImportStream.ts';

export interface ImportCliResult {
  exitCode: number;
  lines: string[];
}

/** `onProgress` hears how far each file is while it streams (the command prints it). */
export async function runImportCli(argv: string[], onProgress?: (progress: ImportProgress) => void): Promise<ImportCliResult> {
  let progressEveryMs: number | undefined;
  const lines: string[] = [];
  // Flags win over SERVICE_DATA_DIR and SERVICE_DATABASE_URL, read as the service reads them.
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--data-dir') {
      const value = argv[++i];
      if (!value) return { exitCode: 2, lines: ['--data-dir needs a directory'] };
      dataDir = value;
    } else if (arg === '--database') {
      const value = argv[++i];
      if (!value) return { exitCode: 2, lines: ['--database needs a postgres:// URL'] };
      databaseUrl = value;
    } else if (arg.startsWith('--progress-ms=')) {
      progressEveryMs = Number(arg.slice('--progress-ms='.length));
      if (!Number.isFinite(progressEveryMs) || progressEveryMs < 0) return { exitCode: 2, lines: ['--progress-ms= needs a number of milliseconds'] };
    } else if (arg.startsWith('--data-dir=')) {
      dataDir = arg.slice('--data-dir='.length);
    } else if (arg.startsWith('--database=')) {
      databaseUrl = arg.slice('--database='.length);
    } else if (arg.startsWith('--')) {
      return { exitCode: 2, lines: [`Unknown option ${arg}. Usage: catalog:import -- [--data-dir DIR | --database postgres://...] file.bib|file.ris|file.json ...`] };
    } else {
      files.push(arg);
    }
  }
  if (!files.length) return { exitCode: 2, lines: ['Usage: catalog:import -- --data-dir DIR file.bib|file.ris|file.json ...'] };

  let config: ServerConfig;
  try {
    config = resolveConfig({ ...(dataDir ? { dataDir } : {}), ...(databaseUrl ? { databaseUrl } : {}) }, [], process.env);
  } catch (error) {
    if (error instanceof ConfigError) return { exitCode: 2, lines: [error.message] };
    throw error;
  }
  const database = await openDatabase(config.dataDir, config.databaseUrl);
  let exitCode = 0;
  const totals = { records: 0, added: 0, merged: 0, errors: 0 };
  try {
    const store = catalogStorageOf(database);
    for (const file of files) {
      try {
        const started = performance.now();
        const report = await importFileStreaming(store, file, { onProgress, ...(progressEveryMs === undefined ? {} : { progressEveryMs }) });
        const seconds = (performance.now() - started) / 1000;
        const errorCount = report.errorCount ?? report.errors.length;
        lines.push(`${file} (${report.format}): ${report.records} records, ${report.added} added, ${report.merged} merged, ${errorCount} errors`
          + ` in ${seconds.toFixed(1)} s (${Math.round(report.records / Math.max(seconds, 1e-3))} records/s`
          + `${report.indexSeconds === undefined ? '' : `, indexes built at the end in ${report.indexSeconds.toFixed(1)} s`})`);
        for (const error of report.errors) lines.push(`  ${file}:${error.line}: ${error.message}`);
        if (errorCount > report.errors.length) lines.push(`  ... and ${errorCount - report.errors.length} more errors`);
        totals.records += report.records;
        totals.added += report.added;
        totals.merged += report.merged;
        totals.errors += report.errorCount ?? report.errors.length;
      } catch (error) {
        exitCode = 1;
        lines.push(`${file}: cannot be read: ${(error as Error).message}`);
      }
    }
    lines.push(`Total: ${totals.records} records, ${totals.added} added, ${totals.merged} merged, ${totals.errors} errors; catalog holds ${await store.count()} documents`);
  } finally {
    await database.close();
  }
  return { exitCode, lines };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const progress = (p: ImportProgress) => console.error(`${p.file}: ${p.records} records, ${Math.round(p.records / Math.max(p.seconds, 1e-3))} records/s`);
  runImportCli(process.argv.slice(2), progress).then(
    ({ exitCode, lines }) => {
      for (const line of lines) console.log(line);
      process.exitCode = exitCode;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
