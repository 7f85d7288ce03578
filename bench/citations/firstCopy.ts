// One quick copy of a 1,000-reference APA 7 bibliography in a fresh process, the style
// already loaded (one copy of a single reference before it): what a person waits for the
// first time they copy a big selection after starting the app. Run by citationsBench.ts
// as RefShelf does it with an empty render cache (`ours`: references never formatted
// before), the same after the app's background warm-up (`ours-warmed`, engineWarmUp.ts, on
// a hundred other references), with the render cache a previous run filled in the
// background (`ours-cached <file>`: renderCache.ts) and as citeproc-js alone does it
// (`citeproc`, updateItems and makeBibliography in HTML); prints the CPU and wall times of
// the copy as JSON. `fill <file>` is that previous run: the app's background filling
// (renderCacheFiller.ts) over the same references, in its slices.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import CSL from 'citeproc';
import type { CslItem } from '../../shared/csl/cslJson.ts';
import { createCitationFormatter } from '../../electron/core/citing/citationFormatter.ts';
import { warmUpFormatter } from '../../electron/core/citing/engineWarmUp.ts';
import { createRenderCache, withRenderCache } from '../../electron/core/citing/renderCache.ts';
import { createRenderCacheFiller } from '../../electron/core/citing/renderCacheFiller.ts';
import { systemClock } from '../../electron/core/clock.ts';
import { openRenderCacheStore } from '../../electron/core/replica/index.ts';
import { largeLibrary } from '../../electron/core/citing/fixtures/largeLibrary.ts';
import { createStyleLibrary } from '../../electron/core/citing/styleLibrary.ts';
import { timed } from './timed.ts';

const mode = process.argv[2];
const library = createStyleLibrary({ bundledDir: path.resolve(import.meta.dirname, '../../resources/csl'), userDir: path.join(tmpdir(), 'refshelf-bench-no-styles') });
const options = { style: 'apa', locale: 'en-US' };
const first = largeLibrary(1, 'first');
const selection = largeLibrary(1000, 'selection');
let copy: () => unknown;
const cacheFile = process.argv[3] ?? path.join(tmpdir(), `refshelf-bench-empty-cache-${process.pid}.sqlite`);
if (mode === 'fill') {
  const store = openRenderCacheStore(cacheFile);
  const cache = createRenderCache(createCitationFormatter(library), store);
  const byId = new Map(selection.map((item) => [String(item.id), item]));
  const filler = createRenderCacheFiller({
    cache, clock: systemClock, options: () => options,
    page: (offset, limit) => selection.slice(offset, offset + limit),
    documents: (ids) => ids.map((id) => byId.get(id)!),
    onError: (error) => { throw error; },
  });
  const keepAlive = setInterval(() => {}, 1_000); // the core's clock never keeps a process alive on its own
  filler.start();
  await filler.whenIdle();
  clearInterval(keepAlive);
  store.close();
  process.exit(0);
}
if (mode === 'ours' || mode === 'ours-warmed' || mode === 'ours-cached') {
  if (mode !== 'ours-cached') rmSync(cacheFile, { force: true });
  const plain = createCitationFormatter(library);
  const formatter = withRenderCache(plain, createRenderCache(plain, openRenderCacheStore(cacheFile)));
  formatter.allOutputs('bibliography', first, options);
  if (mode === 'ours-warmed') warmUpFormatter(plain, largeLibrary(100, 'warm-up'), options);
  copy = () => {
    if (formatter.allOutputs('bibliography', selection, options).text.split('\n').length !== 1000) throw new Error('expected 1,000 entries');
  };
} else {
  const items = new Map<string, CslItem>(first.map((item) => [String(item.id), item]));
  const engine = new CSL.Engine({
    retrieveLocale: (lang: string) => library.localeXml(lang),
    retrieveItem: (id: string) => items.get(id) as Record<string, unknown>,
  }, library.styleXml('apa'), 'en-US', true);
  engine.setOutputFormat('html');
  engine.updateItems([...items.keys()]);
  engine.makeBibliography();
  copy = () => {
    items.clear();
    for (const item of selection) items.set(String(item.id), item);
    engine.updateItems([...items.keys()]);
    engine.makeBibliography();
  };
}
const measured = await timed(copy);
if (!process.argv[3]) for (const suffix of ['', '-wal', '-shm']) rmSync(cacheFile + suffix, { force: true });
console.log(JSON.stringify(measured));
