// Import benchmark: metadata extraction accuracy (title, first author, year, DOI) over real
// scholarly PDFs from Debian's r-cran-* packages, and the time per PDF. The PDFs are fetched
// by fetchEvaluationSet.sh into a cache; groundTruth.json was written by reading each one.
// `IMPORT_BENCH_VERBOSE=1` prints every miss.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractPdfMetadata } from '../../shared/node/pdf/extractPdfMetadata.ts';
import { percentile, result, type BenchResult } from '../report.ts';
import { runDropBench } from './dropBench.ts';

interface TruthEntry {
  package: string;
  path: string;
  title: string;
  firstAuthor: string;
  year?: number;
  doi?: string;
  arxiv?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Case, accents, punctuation and spacing do not count. */
export function comparable(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

export function evaluationCacheDir(): string {
  return process.env.REFSHELF_IMPORT_EVAL_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'refshelf', 'import-eval');
}

export async function runImportBench(): Promise<BenchResult[]> {
  const cache = evaluationCacheDir();
  execFileSync('bash', [path.join(here, 'fetchEvaluationSet.sh'), cache], { stdio: ['ignore', 'inherit', 'inherit'] });
  const truth = (JSON.parse(readFileSync(path.join(here, 'groundTruth.json'), 'utf8')) as { documents: TruthEntry[] }).documents;
  const verbose = !!process.env.IMPORT_BENCH_VERBOSE;
  // Warm up pdf.js (module load and its in-thread worker) so the first file is not charged for it.
  await extractPdfMetadata(path.join(cache, 'pdf', truth[0]!.path), { maxPages: 1 });

  let titles = 0;
  let authors = 0;
  let years = 0;
  let yearTotal = 0;
  let dois = 0;
  let doiTotal = 0;
  let failures = 0;
  const times: number[] = [];
  for (const doc of truth) {
    const file = path.join(cache, 'pdf', doc.path);
    const started = performance.now();
    const res = await extractPdfMetadata(file);
    times.push(performance.now() - started);
    const miss: string[] = [];
    if (!res.ok) {
      failures++;
      miss.push(`failed: ${res.reason}`);
    }
    const fields = res.ok ? res.fields : {};
    if (fields.title && comparable(fields.title) === comparable(doc.title)) titles++;
    else miss.push(`title ${JSON.stringify(fields.title)} != ${JSON.stringify(doc.title)}`);
    const first = fields.authors?.[0]?.last_name;
    if (first && comparable(first) === comparable(doc.firstAuthor)) authors++;
    else miss.push(`author ${JSON.stringify(first)} != ${doc.firstAuthor} (${JSON.stringify(fields.authors?.slice(0, 3))})`);
    if (doc.year !== undefined) {
      yearTotal++;
      if (fields.year === doc.year) years++;
      else miss.push(`year ${fields.year} != ${doc.year}`);
    }
    if (doc.doi !== undefined) {
      doiTotal++;
      if (fields.identifiers?.doi?.toLowerCase() === doc.doi.toLowerCase()) dois++;
      else miss.push(`doi ${fields.identifiers?.doi} != ${doc.doi}`);
    } else if (fields.identifiers?.doi) {
      miss.push(`doi ${fields.identifiers.doi} found where none is printed`);
    }
    if (verbose && miss.length) console.log(`  ${path.basename(doc.path)}: ${miss.join('; ')}`);
  }
  times.sort((a, b) => a - b);
  const n = truth.length;
  const pct = (k: number, total: number) => (total ? (100 * k) / total : 100);
  const dropped = await runDropBench(path.join(cache, 'pdf'), truth, comparable);
  return [
    result(`import: title accuracy (${n} PDFs)`, pct(titles, n), '%', 'min', 90, `${titles}/${n}`),
    result('import: DOI accuracy (DOIs printed on page 1)', pct(dois, doiTotal), '%', 'min', 98, `${dois}/${doiTotal}`),
    result('import: first author accuracy', pct(authors, n), '%', 'min', 80, `${authors}/${n}`),
    result('import: year accuracy (dates printed on page 1)', pct(years, yearTotal), '%', 'min', 80, `${years}/${yearTotal}`),
    result('import: extraction time per PDF (median)', percentile(times, 50), 'ms', 'max', 150, `p90 ${Math.round(percentile(times, 90))} ms, ${failures} failed`),
    ...dropped,
  ];
}
