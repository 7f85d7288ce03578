// Import benchmark: metadata extraction over the corpus of real PDFs from Debian packages
// (corpus/corpus.json), scored per field on each part of the corpus (development and each
// held-aside set), per failure class and per kind of source, with the time per PDF; then the desktop's
// whole import of 50 dropped PDFs. Runs on whatever part of the corpus has been fetched
// (`bash bench/import/corpus/fetchCorpus.sh`). `IMPORT_BENCH_VERBOSE=1` prints every miss;
// `IMPORT_BENCH_PART=dev` scores the development part only (what tuning may look at: the
// held-aside parts, held-aside and held2 to held16, are measured once, at the end of a piece of work). PDFs missing from the cache
// are fetched first with corpus/fetchCorpus.sh (apt-get download, no root needed).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractionIsSure } from '../../shared/node/pdf/documentFields.ts';
import { extractPdfMetadata } from '../../shared/node/pdf/extractPdfMetadata.ts';
import { percentile, result, type BenchResult } from '../report.ts';
import { corpusFile, corpusPart, corpusPdfDir, expectedFirstAuthor, fetchedDocuments, loadCorpus, CORPUS_PARTS, FETCH_SCRIPT, type CorpusPart } from './corpus/corpus.ts';
import { floorMs } from './corpus/pdfFloor.ts';
import { addScore, comparable, describeTally, emptyTally, percent, scoreDocument, type Tally } from './corpus/scoring.ts';
import { runDropBench, type DropTruth } from './dropBench.ts';

export { comparable };

function fetchCorpus(): void {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'corpus', 'fetchCorpus.sh');
  console.log(`  fetching the corpus PDFs that are missing (${FETCH_SCRIPT})`);
  const run = spawnSync('bash', [script], { stdio: 'inherit' });
  if (run.status !== 0) console.log(`  fetching failed (exit ${run.status ?? run.signal}); scoring the PDFs already fetched`);
}

const TARGETS = { title: 95, firstAuthor: 95, allAuthors: 90, year: 90, type: 90, medianMs: 150 } as const;

export async function runImportBench(): Promise<BenchResult[]> {
  const onlyPart = process.env.IMPORT_BENCH_PART as CorpusPart | undefined;
  if (onlyPart && !CORPUS_PARTS.includes(onlyPart)) throw new Error(`IMPORT_BENCH_PART must be one of ${CORPUS_PARTS.join(', ')}`);
  const corpus = loadCorpus();
  // A fresh clone has no PDFs yet, and a checkout whose corpus.json gained documents lacks
  // theirs: fetch them first (IMPORT_BENCH_FETCH=0 scores only what is already there).
  if (fetchedDocuments(corpus).missing && process.env.IMPORT_BENCH_FETCH !== '0') fetchCorpus();
  const fetched = fetchedDocuments(corpus);
  const docs = onlyPart ? fetched.present.filter((d) => corpusPart(d) === onlyPart) : fetched.present;
  const { missing } = fetched;
  if (!docs.length) {
    console.log(`  the corpus is not fetched: run \`bash ${FETCH_SCRIPT}\` (apt-get download + dpkg -x, about 750 MB of packages)`);
    return [];
  }
  if (missing) console.log(`  ${missing} corpus PDFs not fetched (run \`bash ${FETCH_SCRIPT}\`); scoring the ${docs.length} present`);
  const verbose = !!process.env.IMPORT_BENCH_VERBOSE;
  // Warm up pdf.js (module load and its in-thread worker) so the first file is not charged for it.
  await extractPdfMetadata(corpusFile(docs[0]!), { maxPages: 1 });

  const perPart = <T>(make: () => T) => Object.fromEntries(CORPUS_PARTS.map((p) => [p, make()])) as Record<CorpusPart, T>;
  const parts = perPart(emptyTally);
  const times = perPart((): number[] => []);
  const floors = perPart((): number[] => []);
  const byClass = new Map<string, Record<CorpusPart, Tally>>();
  const bySource = new Map<string, Tally>();
  let failures = 0;
  // Needs Review: documents whose extraction was sure are confirmed on import; they must be right.
  const review = perPart(() => ({ sure: 0, sureRight: 0 }));
  for (const doc of docs) {
    const part = corpusPart(doc);
    const started = performance.now();
    const res = await extractPdfMetadata(corpusFile(doc));
    times[part].push(performance.now() - started);
    floors[part].push(await floorMs(corpusFile(doc)));
    if (!res.ok) failures++;
    const score = scoreDocument(doc, res.ok ? res.fields : {});
    addScore(parts[part], score);
    if (res.ok && extractionIsSure(res)) {
      review[part].sure++;
      if (score.fields.title !== false && score.fields.firstAuthor !== false) review[part].sureRight++;
    }
    for (const cls of doc.classes) {
      if (!byClass.has(cls)) byClass.set(cls, perPart(emptyTally));
      addScore(byClass.get(cls)![part], score);
    }
    if (!bySource.has(doc.source)) bySource.set(doc.source, emptyTally());
    addScore(bySource.get(doc.source)!, score);
    if (verbose && score.misses.length) console.log(`  [${part}] ${doc.package} ${doc.path}: ${score.misses.join('; ')}`);
  }

  console.log(`  per failure class (${CORPUS_PARTS.join(' | ')}):`);
  for (const [cls, t] of [...byClass].sort()) {
    console.log(`    ${cls} (${CORPUS_PARTS.map((p) => t[p].documents).join(' | ')}): ${CORPUS_PARTS.map((p) => describeTally(t[p])).join(' | ')}`);
  }
  console.log('  per kind of source (all parts together):');
  for (const [source, t] of [...bySource].sort()) console.log(`    ${source} (${t.documents}): ${describeTally(t)}`);

  const out: BenchResult[] = [];
  // The held-aside parts first, the development part last.
  for (const part of [...CORPUS_PARTS.filter((p) => p !== 'dev'), 'dev' as const]) {
    const t = parts[part];
    if (!t.documents) continue;
    const label = `import ${part} (${t.documents} PDFs)`;
    const pct = (f: keyof Tally['right']) => `${t.right[f]}/${t.scored[f]}`;
    out.push(
      result(`${label}: title`, percent(t, 'title'), '%', 'min', TARGETS.title, pct('title')),
      result(`${label}: first author`, percent(t, 'firstAuthor'), '%', 'min', TARGETS.firstAuthor, pct('firstAuthor')),
      result(`${label}: all authors`, percent(t, 'allAuthors'), '%', 'min', TARGETS.allAuthors, pct('allAuthors')),
      result(`${label}: year (where printed)`, percent(t, 'year'), '%', 'min', TARGETS.year, pct('year')),
      result(`${label}: document type`, percent(t, 'type'), '%', 'min', TARGETS.type, pct('type')),
    );
    // A part whose pages print no DOI of their own has nothing to score for it.
    if (t.scored.doi) out.push(result(`${label}: own DOI (where printed)`, percent(t, 'doi'), '%', 'min', 95, pct('doi')));
    out.push(result(`${label}: invented DOIs`, t.inventedDois, 'docs', 'max', 0));
    const sorted = [...times[part]].sort((a, b) => a - b);
    const r = review[part];
    out.push(result(`${label}: sure (not in Needs Review), title and first author right`, r.sure ? (100 * r.sureRight) / r.sure : 100, '%', 'min', 95, `${r.sureRight}/${r.sure}; ${t.documents - r.sure} of ${t.documents} left for review`));
    const floor = percentile([...floors[part]].sort((a, b) => a - b), 50);
    const median = percentile(sorted, 50);
    out.push(result(`${label}: time per PDF (median)`, median, 'ms', 'max', TARGETS.medianMs,
      `p90 ${Math.round(percentile(sorted, 90))} ms; floor (pdf.js open + page 1 text, same run) ${Math.round(floor)} ms: ${(median / floor).toFixed(2)}x it`));
  }
  if (failures) console.log(`  ${failures} PDFs could not be read`);

  if (process.env.IMPORT_BENCH_SKIP_DROP) return out;
  // The drop: the r-cran vignettes, which the service's sample catalog knows.
  const dropped: DropTruth[] = docs.filter((d) => d.source === 'r-cran').map((d) => ({
    path: `${d.package}/${d.path}`, title: d.title, firstAuthor: expectedFirstAuthor(d) ?? '', ...(d.year !== null ? { year: d.year } : {}), ...(d.doi ? { doi: d.doi } : {}),
  }));
  if (dropped.length) out.push(...(await runDropBench(corpusPdfDir(), dropped, comparable)));
  return out;
}
