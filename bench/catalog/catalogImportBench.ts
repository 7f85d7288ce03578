// catalog:import of one generated BibTeX file of 1,000,000 records (CATALOG_IMPORT_RECORDS
// to change it) into an empty catalog, run as the command itself in a process of its own:
// records/s and the process's peak memory (VmHWM), which must stay bounded whatever the
// file's size. The file is generated once and kept under the OS temp directory.
// The floor, measured in the same run: parsing alone (the first PARSE_FLOOR_RECORDS records
// on one thread, nothing written), which the import cannot outrun (it parses on one thread).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatBibtexEntry } from '../../shared/bibtex/formatBibtex.ts';
import { result, type BenchResult } from '../report.ts';
import { RecordGenerator, sampleVocabulary } from './catalogRecords.ts';
import { recordBatches } from '../../server/catalog/recordBatches.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RECORDS = Number(process.env.CATALOG_IMPORT_RECORDS ?? 1_000_000);
const PARSE_FLOOR_RECORDS = 100_000;

/** The generated file (built once, kept under the OS temp directory). */
export async function generatedFile(): Promise<string> {
  const file = path.join(os.tmpdir(), `refshelf-catalog-import-v1-${RECORDS}.bib`);
  if (existsSync(file)) return file;
  const generator = new RecordGenerator(sampleVocabulary());
  const building = `${file}.${process.pid}`;
  const out = createWriteStream(building);
  const keys = new Set<string>();
  for (let i = 0; i < RECORDS; i++) {
    const { open_access: _open, ...record } = generator.record(i);
    if (!out.write(`${formatBibtexEntry(record, keys)}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    if (keys.size > 100_000) keys.clear(); // keys only need to differ locally
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  renameSync(building, file);
  return file;
}

/** Records/s of parsing the file's first records alone. */
async function parseAlone(file: string): Promise<number> {
  const started = performance.now();
  let records = 0;
  for await (const batch of recordBatches(file, 'bibtex', {})) {
    records += batch.records.length;
    if (records >= PARSE_FLOOR_RECORDS) break;
  }
  return records / ((performance.now() - started) / 1000);
}

export async function runCatalogImportBench(): Promise<BenchResult[]> {
  const file = await generatedFile();
  const floor = await parseAlone(file);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-catalog-import-'));
  try {
    const started = performance.now();
    // As `npm run catalog:import` runs it: a heap cap makes V8 collect instead of growing.
    const child = spawn(process.execPath, ['--max-old-space-size=384', '--import', 'tsx', path.join(root, 'server/catalog/cli/importCatalog.ts'), '--data-dir', dataDir, file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let peakKb = 0;
    const sample = setInterval(() => {
      try {
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0));
      } catch {
        /* exited */
      }
    }, 200);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => process.stdout.write(`  ${chunk.toString().trim()}\n`));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearInterval(sample);
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`catalog:import failed (${code}): ${output}`);
    const records = Number(/Total: (\d+) records/.exec(output)?.[1] ?? NaN);
    const perSecond = records / seconds;
    const gib = statSync(file).size / 2 ** 30;
    return [
      result(`catalog:import of ${RECORDS.toLocaleString('en-US')} BibTeX records`, perSecond, 'rec/s', 'min', 10_000,
        `${records} records in ${seconds.toFixed(0)} s from a ${gib.toFixed(2)} GiB file;`
        + ` parsing alone ${Math.round(floor)} rec/s (the import at ${(perSecond / floor).toFixed(2)}x of it)`),
      result('catalog:import peak memory', peakKb / 1024, 'MiB', 'max', 500),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
