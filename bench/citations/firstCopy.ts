// One quick copy of a 1,000-reference APA 7 bibliography in a fresh process, the style
// already loaded (one copy of a single reference before it): what a person waits for the
// first time they copy a big selection after starting the app. Run by citationsBench.ts
// as RefShelf does it (`ours`), the same after the app's background warm-up
// (`ours-warmed`, engineWarmUp.ts, on a hundred other references) and as citeproc-js alone
// does it (`citeproc`, updateItems and makeBibliography in HTML); prints the CPU and wall
// times of the copy as JSON.
import path from 'node:path';
import { tmpdir } from 'node:os';
import CSL from 'citeproc';
import type { CslItem } from '../../shared/csl/cslJson.ts';
import { createCitationFormatter } from '../../electron/core/citing/citationFormatter.ts';
import { warmUpFormatter } from '../../electron/core/citing/engineWarmUp.ts';
import { largeLibrary } from '../../electron/core/citing/fixtures/largeLibrary.ts';
import { createStyleLibrary } from '../../electron/core/citing/styleLibrary.ts';
import { timed } from './timed.ts';

const mode = process.argv[2];
const library = createStyleLibrary({ bundledDir: path.resolve(import.meta.dirname, '../../resources/csl'), userDir: path.join(tmpdir(), 'refshelf-bench-no-styles') });
const options = { style: 'apa', locale: 'en-US' };
const first = largeLibrary(1, 'first');
const selection = largeLibrary(1000, 'selection');
let copy: () => unknown;
if (mode === 'ours' || mode === 'ours-warmed') {
  const formatter = createCitationFormatter(library);
  formatter.allOutputs('bibliography', first, options);
  if (mode === 'ours-warmed') warmUpFormatter(formatter, largeLibrary(100, 'warm-up'), options);
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
console.log(JSON.stringify(await timed(copy)));
