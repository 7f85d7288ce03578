// `npm run bench [-- part ...]`: runs benchmark parts and prints figures with the ratio
// of each to its target. Parts: service (more join as the desktop grows).
import { runServiceBench } from './service/serviceBench.ts';
import { runServiceScaleBench } from './serviceScale/serviceScaleBench.ts';
import { runLibrarySearchBench } from './service/librarySearchBench.ts';
import { runCatalogBench } from './catalog/catalogBench.ts';
import { runCatalogImportBench } from './catalog/catalogImportBench.ts';
import { runImportBench } from './import/importBench.ts';
import { runSyncBench } from './sync/syncBench.ts';
import { runSearchBench } from './sync/searchBench.ts';
import { runSyncFaultsBench } from './syncFaults/syncFaultsBench.ts';
import { runUiBench } from './ui/uiBench.ts';
import { runReaderBench } from './reader/readerBench.ts';
import { runVocabulariesBench } from './vocabularies/vocabulariesBench.ts';
import { runCitationsBench } from './citations/citationsBench.ts';
import { printResults, type BenchResult } from './report.ts';

const PARTS: Record<string, () => Promise<BenchResult[]>> = {
  service: runServiceBench,
  'service-scale': runServiceScaleBench,
  'library-search': runLibrarySearchBench,
  catalog: runCatalogBench,
  'catalog-import': runCatalogImportBench,
  import: runImportBench,
  sync: runSyncBench,
  search: runSearchBench,
  'sync-faults': runSyncFaultsBench,
  reader: runReaderBench,
  vocabularies: runVocabulariesBench,
  ui: runUiBench,
  citations: runCitationsBench,
};

/** Parts run only when named: 'search' repeats two rows of 'sync' alone, for working on them. */
const ONLY_WHEN_NAMED = new Set(['search']);

const OPTIONS_WITH_VALUES = new Set(['--clients', '--seconds', '--documents']);

async function main(): Promise<void> {
  // Options and the values of those that take one (--clients 200) are no part names.
  const args = process.argv.slice(2);
  const wanted = args.filter((a, i) => !a.startsWith('-') && !OPTIONS_WITH_VALUES.has(args[i - 1] ?? ''));
  const names = wanted.length ? wanted : Object.keys(PARTS).filter((name) => !ONLY_WHEN_NAMED.has(name));
  const unknown = names.filter((n) => !PARTS[n]);
  if (unknown.length) {
    console.error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${Object.keys(PARTS).join(', ')}`);
    process.exit(2);
  }
  const all: BenchResult[] = [];
  for (const name of names) {
    console.log(`\n== ${name}`);
    const results = await PARTS[name]!();
    printResults(results);
    all.push(...results);
  }
  const missed = all.filter((r) => !r.met);
  console.log(`\n${all.length - missed.length} of ${all.length} targets met${missed.length ? `; missed: ${missed.map((r) => r.name).join('; ')}` : ''}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
