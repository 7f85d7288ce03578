// Citing: quick copy of a 1,000-reference bibliography in APA 7 through citeproc-js
// (target <= 1 s), measured first in a fresh process with the style already loaded (the
// figure the target is held to: the first big copy after starting the app) for references
// never formatted before and for library references the app's background work has already
// formatted (the render cache on disk, renderCache.ts), then in a process that has already
// formatted such bibliographies (warm JIT, new references each time); and a 10,000-entry live .bib file regenerated after one edit (target <= 500 ms,
// from the edit's event to the renamed file, with no debounce delay).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import CSL from 'citeproc';
import type { CslItem } from '../../shared/csl/cslJson.ts';
import { createEventHub } from '../../electron/core/commands/eventHub.ts';
import { createCitationFormatter } from '../../electron/core/citing/citationFormatter.ts';
import { createCitingArea } from '../../electron/core/citing/citingArea.ts';
import { largeLibrary, largeLibraryDocuments } from '../../electron/core/citing/fixtures/largeLibrary.ts';
import { createStyleLibrary } from '../../electron/core/citing/styleLibrary.ts';
import { openReplica } from '../../electron/core/replica/index.ts';
import { percentile, result, type BenchResult } from '../report.ts';
import { timed } from './timed.ts';

const bundledDir = path.resolve(import.meta.dirname, '../../resources/csl');

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

/** The 1-minute load average now: on a shared machine CPU times are only comparable at a like load. */
const load = () => loadavg()[0]!.toFixed(1);

/** firstCopy.ts in a fresh process: RefShelf's quick copy (`ours`) or citeproc-js alone. */
function firstCopy(mode: 'ours' | 'ours-warmed' | 'ours-cached' | 'citeproc' | 'fill', cacheFile?: string): { cpu: number; wall: number } {
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'firstCopy.ts'), mode, ...(cacheFile ? [cacheFile] : [])], { encoding: 'utf8' });
  if (mode === 'fill') return { cpu: 0, wall: 0 };
  return JSON.parse(out.trim().split('\n').pop()!) as { cpu: number; wall: number };
}

/**
 * Quick copy of a 1,000-reference APA bibliography, as a person does it: a selection the
 * engine has not seen (citeproc-js registers, sorts and disambiguates it) in HTML, text and
 * RTF. Beside it, the floor: citeproc-js's own work on the same items in the same
 * conditions (updateItems, then makeBibliography in one format), so a loaded machine shows
 * as a ratio.
 */
async function bibliographyBench(): Promise<BenchResult[]> {
  const three = (mode: 'ours' | 'ours-warmed' | 'citeproc') => [firstCopy(mode), firstCopy(mode), firstCopy(mode)];
  const loadBefore = load();
  const cold = three('ours');
  const coldFloor = three('citeproc');
  const warmedUp = three('ours-warmed');
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'refshelf-bench-render-cache-'));
  const cacheFile = path.join(cacheDir, 'citation-cache.sqlite');
  let cached: { cpu: number; wall: number }[];
  try {
    firstCopy('fill', cacheFile); // a previous run of the app, its background work done
    cached = [firstCopy('ours-cached', cacheFile), firstCopy('ours-cached', cacheFile), firstCopy('ours-cached', cacheFile)];
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
  const library = createStyleLibrary({ bundledDir, userDir: path.join(tmpdir(), 'refshelf-bench-no-styles') });
  const formatter = createCitationFormatter(library);
  const selection = (round: number) => largeLibrary(1000, `ref-${round}`);
  formatter.allOutputs('bibliography', selection(-1).slice(0, 1), { style: 'apa', locale: 'en-US' });
  const floorItems = new Map<string, CslItem>();
  const floorEngine = new CSL.Engine({
    retrieveLocale: (lang: string) => library.localeXml(lang),
    retrieveItem: (id: string) => floorItems.get(id) as Record<string, unknown>,
  }, library.styleXml('apa'), 'en-US', true);
  floorEngine.setOutputFormat('html');
  const runs: { cpu: number; wall: number }[] = [];
  const floors: { cpu: number; wall: number }[] = [];
  for (let round = 0; round < 4; round++) {
    const items = selection(round);
    const ours = await timed(() => {
      const { text } = formatter.allOutputs('bibliography', items, { style: 'apa', locale: 'en-US' });
      if (text.split('\n').length !== 1000) throw new Error('expected 1,000 entries');
    });
    floorItems.clear();
    for (const item of items) floorItems.set(String(item.id), item);
    const floor = await timed(() => {
      floorEngine.updateItems(items.map((item) => String(item.id)));
      floorEngine.makeBibliography();
    });
    if (round > 0) { // the first round warms the JIT for both
      runs.push(ours);
      floors.push(floor);
    }
  }
  const loads = `load ${loadBefore} -> ${load()}`;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x citeproc-js alone (${Math.round(b)} ms CPU, one format)`;
  const coldCpu = median(cold.map((r) => r.cpu));
  const coldFloorCpu = median(coldFloor.map((r) => r.cpu));
  const warmedUpCpu = median(warmedUp.map((r) => r.cpu));
  const cachedCpu = median(cached.map((r) => r.cpu));
  const cpu = median(runs.map((r) => r.cpu));
  const floorCpu = median(floors.map((r) => r.cpu));
  return [
    result('APA 7 quick copy of 1,000 references, first in a fresh process (CPU, median of 3)', coldCpu, 'ms', 'max', 1000,
      `${ratio(coldCpu, coldFloorCpu)}; wall ${Math.round(median(cold.map((r) => r.wall)))} ms; ${loads}`),
    result('APA 7 quick copy of 1,000 references, fresh process after the background warm-up (CPU, median of 3)', warmedUpCpu, 'ms', 'max', 1000,
      `${ratio(warmedUpCpu, coldFloorCpu)}; wall ${Math.round(median(warmedUp.map((r) => r.wall)))} ms; ${loads}`),
    result('APA 7 quick copy of 1,000 library references, fresh process, references rendered before (cache on disk) (CPU, median of 3)', cachedCpu, 'ms', 'max', 1000,
      `${ratio(cachedCpu, coldFloorCpu)}; wall ${Math.round(median(cached.map((r) => r.wall)))} ms; ${loads}`),
    result('APA 7 quick copy of 1,000 new references, warm process (CPU, median of 3)', cpu, 'ms', 'max', 1000,
      `${ratio(cpu, floorCpu)}; wall ${Math.round(median(runs.map((r) => r.wall)))} ms; ${loads}`),
  ];
}

async function autoExportBench(): Promise<BenchResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'refshelf-bench-citing-'));
  const replica = openReplica(path.join(dir, 'library.sqlite'));
  const events = createEventHub();
  const area = createCitingArea({ dataDir: dir, replica, events, bundledDir, autoExportDebounceMs: 0, warmUpAfterMs: null, onLocalEdit: () => {} });
  // The core's clock never keeps a process alive on its own: with nothing else pending, the
  // bench would end silently while a write waits on its timer.
  const keepAlive = setInterval(() => {}, 1_000);
  try {
    const ids = largeLibraryDocuments(10_000).map((d, i) => replica.createDocument({ ...d, citation_key: `key${i}` }).id);
    const file = path.join(dir, 'library.bib');
    const first = await timed(() => area.autoExporter.set({ scope: { library: true }, format: 'bibtex', path: file }));
    await area.autoExporter.whenIdle();
    const runs: { cpu: number; wall: number }[] = [];
    for (let round = 0; round < 5; round++) {
      const id = ids[round * 997]!;
      const written = new Promise<void>((resolve) => {
        const off = area.autoExporter.onWritten(() => {
          off();
          resolve();
        });
      });
      runs.push(await timed(async () => {
        replica.updateDocument(id, { title: `Edited in round ${round}` });
        events.emit('library.changed', { kinds: ['document'], ids: [id] });
        await written;
      }));
    }
    return [result('10,000-entry live .bib rewritten after one edit (CPU, median of 5)', median(runs.map((r) => r.cpu)), 'ms', 'max', 500,
      `wall ${Math.round(median(runs.map((r) => r.wall)))} ms; first write: ${Math.round(first.cpu)} ms CPU`)];
  } finally {
    clearInterval(keepAlive);
    await area.stop();
    replica.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runCitationsBench(): Promise<BenchResult[]> {
  return [...await bibliographyBench(), ...await autoExportBench()];
}
