// The citing area over a real replica: quick copy on both transports, bibliography
// export, styles and preferences, through the same dispatch both transports use.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CitingCommands } from '../../../shared/bridge/contract.ts';
import { dispatch, type Handlers } from '../bridge/dispatch.ts';
import type { Clock } from '../clock.ts';
import { createEventHub } from '../commands/eventHub.ts';
import { createWindowActivity, WINDOW_QUIET_MS, type WindowActivity } from '../commands/windowActivity.ts';
import { createManualClock } from '../manualClock.ts';
import { tempReplica, type TempReplica } from '../replica/testing.ts';
import { documentToCsl } from '../../../shared/csl/documentToCsl.ts';
import { openRenderCacheStore } from '../replica/index.ts';
import { createCitationFormatter, type CitationFormatter } from './citationFormatter.ts';
import { createCitingArea, RENDER_CACHE_FILE, type CitingArea } from './citingArea.ts';
import { pristineBibliography } from './fixtures/pristineCiteproc.ts';
import { createRenderCache } from './renderCache.ts';
import { createStyleLibrary } from './styleLibrary.ts';
import { REFERENCE_DOCUMENTS } from './fixtures/referenceDocuments.ts';

const bundledDir = path.resolve(import.meta.dirname, '../../../resources/csl');
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

function setup(options: { clipboard?: boolean; warmUpAfterMs?: number | null; clock?: Clock; autoExportDebounceMs?: number; windowActivity?: WindowActivity } = {}) {
  const temp: TempReplica = tempReplica();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'refshelf-citing-'));
  const clipboard: { text: string; html: string; rtf: string }[] = [];
  const events = createEventHub();
  const area: CitingArea = createCitingArea({
    dataDir, replica: temp.replica, events, bundledDir, onLocalEdit: () => {},
    ...(options.warmUpAfterMs !== undefined ? { warmUpAfterMs: options.warmUpAfterMs } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.windowActivity ? { windowActivity: options.windowActivity } : {}),
    ...(options.autoExportDebounceMs !== undefined ? { autoExportDebounceMs: options.autoExportDebounceMs } : {}),
    ...(options.clipboard ? { writeClipboard: (content: { text: string; html: string; rtf: string }) => void clipboard.push(content) } : {}),
  });
  cleanup.push(async () => {
    await area.stop();
    temp.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const ids = new Map(REFERENCE_DOCUMENTS.slice(0, 4).map(({ id, ...fields }) => [id, temp.replica.createDocument(fields).id]));
  const run = <K extends keyof CitingCommands>(command: K, request?: CitingCommands[K]['request']) =>
    dispatch(area.handlers as unknown as Handlers, command, request);
  return { temp, dataDir, clipboard, area, ids, run, events };
}

describe('quick copy', () => {
  it('puts HTML, plain text and RTF on the shell clipboard (desktop transport)', async () => {
    const { run, ids, clipboard } = setup({ clipboard: true });
    const result = await run('citing.copy', { ids: [ids.get('watson1953')!, ids.get('knuth1984')!], kind: 'bibliography' });
    expect(result).toMatchObject({ ok: true, value: { copied: true } });
    expect(clipboard).toHaveLength(1);
    expect(clipboard[0]!.html).toContain('<i>The Computer Journal</i>');
    expect(clipboard[0]!.text.split('\n')).toEqual([
      'Knuth, D. E. (1984). Literate programming. The Computer Journal, 27(2), 97–111. https://doi.org/10.1093/comjnl/27.2.97',
      'Watson, J. D., & Crick, F. H. C. (1953). Molecular structure of nucleic acids: A structure for deoxyribose nucleic acid. Nature, 171(4356), 737–738. https://doi.org/10.1038/171737a0',
    ]);
    expect(clipboard[0]!.rtf).toContain('{\\i{}The Computer Journal}');
    const inText = await run('citing.copy', { ids: [ids.get('knuth1984')!], kind: 'citation' });
    expect(inText).toMatchObject({ ok: true, value: { text: '(Knuth, 1984)', html: '(Knuth, 1984)', copied: true } });
  });

  it('answers the formats for the page to copy where there is no shell clipboard (browser transport)', async () => {
    const { run, ids } = setup();
    const result = await run('citing.copy', { ids: [ids.get('king1963')!], kind: 'bibliography' });
    expect(result).toMatchObject({ ok: true, value: { copied: false, text: expect.stringContaining('King, M. L., Jr. (1963).'), html: expect.stringContaining('<i>Why we can’t wait</i>') } });
  });

  it('follows the chosen style and locale, and refuses what is not installed', async () => {
    const { run, ids, dataDir } = setup();
    expect(await run('citing.setPreferences', { style: 'ieee', locale: 'de-DE' })).toMatchObject({ ok: true, value: { style: 'ieee', locale: 'de-DE' } });
    expect(await run('citing.copy', { ids: [ids.get('knuth1984')!], kind: 'citation' })).toMatchObject({ ok: true, value: { text: '[1]' } });
    expect(JSON.parse(readFileSync(path.join(dataDir, 'citing.json'), 'utf8')).preferences).toMatchObject({ style: 'ieee', locale: 'de-DE' });
    expect(await run('citing.setPreferences', { style: 'no-such-style' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'style', message: 'Choose one of the installed citation styles' } });
    expect(await run('citing.setPreferences', { keyPattern: 'auth + nonsense' })).toMatchObject({ ok: false, error: { code: 'invalid', message: expect.stringContaining('Unknown key part "nonsense"') } });
    expect(await run('citing.copy', { ids: ['missing'], kind: 'citation' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await run('citing.copy', { ids: [], kind: 'citation' })).toMatchObject({ ok: false, error: { code: 'invalid', message: 'Select at least one document to cite' } });
  });
});

describe('styles', () => {
  it('lists bundled styles with the current choice, and adds a user style by path or by text', async () => {
    const { run, dataDir } = setup();
    const listed = await run('citing.styles');
    expect(listed).toMatchObject({ ok: true, value: { preferences: { style: 'apa', locale: 'en-US' } } });
    const styles = (listed as { value: { styles: { id: string }[] } }).value.styles.map((s) => s.id);
    expect(styles).toEqual(expect.arrayContaining(['apa', 'chicago-author-date', 'ieee', 'vancouver', 'nature']));

    const file = path.join(dataDir, 'Lab Style.csl');
    writeFileSync(file, readFileSync(path.join(bundledDir, 'styles', 'apa.csl'), 'utf8').replace(/<title>[^<]*<\/title>/, '<title>Lab style</title>'));
    expect(await run('citing.addStyle', { path: file })).toMatchObject({ ok: true, value: { id: 'lab-style', title: 'Lab style', bundled: false } });
    expect(await run('citing.addStyle', { fileName: 'broken.csl', xml: '<style xmlns="http://purl.org/net/xbiblio/csl"><info><title>B</title>' }))
      .toMatchObject({ ok: false, error: { code: 'invalid', message: expect.stringMatching(/^This CSL style is not well-formed XML/) } });
    expect(await run('citing.addStyle', { path: path.join(dataDir, 'missing.csl') })).toMatchObject({ ok: false, error: { code: 'invalid', message: 'The file missing.csl could not be read' } });
  });
});

describe('engine warm-up', () => {
  it('formats the library once soon after start, and nothing of it shows in the next copy', async () => {
    const copies = async (warmUpAfterMs: number | null) => {
      const { run, temp, area } = setup({ warmUpAfterMs });
      const twin = (title: string) => temp.replica.createDocument({ type: 'journal', title, source: 'Twin Studies', year: 2001, authors: [{ last_name: 'Twin', first_name: 'Tess' }] }).id;
      const [alpha, beta] = [twin('Alpha'), twin('Beta')];
      const warmed = await area.warmedUp;
      const copy = async (ids: string[]) => ((await run('citing.copy', { ids, kind: 'bibliography' })) as { value: { text: string } }).value.text;
      return { warmed, one: await copy([alpha]), both: await copy([alpha, beta]) };
    };
    const warm = await copies(0);
    expect(warm.warmed).toBe(true);
    expect(warm.one).toBe('Twin, T. (2001). Alpha. Twin Studies.');
    expect(warm.both.split('\n')).toEqual(['Twin, T. (2001a). Alpha. Twin Studies.', 'Twin, T. (2001b). Beta. Twin Studies.']);
    expect(await copies(null)).toEqual({ ...warm, warmed: false });
  });

  it('waits for a live bibliography file being written, then runs', async () => {
    const clock = createManualClock();
    const { area, dataDir, events } = setup({ clock, warmUpAfterMs: 100, autoExportDebounceMs: 1_000 });
    await area.autoExporter.set({ scope: { library: true }, format: 'bibtex', path: path.join(dataDir, 'library.bib') });
    const order: string[] = [];
    area.autoExporter.onWritten(() => order.push('file written'));
    void area.warmedUp.then((warmed) => order.push(`warmed up: ${warmed}`));
    events.emit('library.changed', { kinds: ['document'], ids: [] }); // the file's write is due at 1,000 ms
    clock.advance(100);
    for (let i = 0; i < 5; i++) await new Promise(setImmediate);
    expect(order).toEqual([]);
    expect(await clock.settle(area.warmedUp)).toBe(true);
    expect(order).toEqual(['file written', 'warmed up: true']);
  });

  it('waits while the window is in use, then runs once it has been quiet for a while', async () => {
    const clock = createManualClock();
    const activity = createWindowActivity(clock);
    const { area } = setup({ clock, warmUpAfterMs: 100, windowActivity: activity });
    let warmed: boolean | undefined;
    void area.warmedUp.then((value) => { warmed = value; });
    // The window asks for something every 300 ms for 3 s, well past the warm-up's time.
    for (let i = 0; i < 10; i++) {
      activity.touch();
      clock.advance(300);
      for (let k = 0; k < 3; k++) await new Promise(setImmediate);
    }
    expect(warmed).toBeUndefined();
    const quietFrom = clock.now() - 300;
    expect(await clock.settle(area.warmedUp)).toBe(true);
    expect(clock.now()).toBeGreaterThanOrEqual(quietFrom + WINDOW_QUIET_MS);
  });

  it('is called off by a copy that comes first (the copy warmed the engine up), and by stop', async () => {
    const { run, ids, area } = setup({ warmUpAfterMs: 60_000 });
    expect(await run('citing.copy', { ids: [ids.get('knuth1984')!], kind: 'bibliography' })).toMatchObject({ ok: true });
    expect(await area.warmedUp).toBe(false);
    const later = setup({ warmUpAfterMs: 60_000 });
    await later.area.stop();
    expect(await later.area.warmedUp).toBe(false);
  });
});

describe('the render cache', () => {
  /** What a fresh process would find in the area's cache file: the references citeproc-js still has to format for a copy of `items`. */
  function freshProcessCopy(dataDir: string, items: ReturnType<typeof documentToCsl>[], style = 'apa') {
    const styles = createStyleLibrary({ bundledDir, userDir: path.join(dataDir, 'no-styles') });
    const plain = createCitationFormatter(styles);
    let formatted = 0;
    const formatter: CitationFormatter = { ...plain, renderEach: (some, options) => ((formatted += some.length), plain.renderEach(some, options)) };
    const store = openRenderCacheStore(path.join(dataDir, RENDER_CACHE_FILE));
    try {
      // Reads only: what it formats is not kept, so it never fills the file it checks.
      const copy = createRenderCache(formatter, { ...store, put: () => {} }).bibliography(items, { style, locale: 'en-US' });
      return { copy, formatted, own: pristineBibliography(styles, style, items) };
    } finally {
      store.close();
    }
  }

  it('is filled with the whole library in the background after start, for the next run to copy from disk', async () => {
    const { area, temp, dataDir } = setup({ warmUpAfterMs: 0 });
    for (const title of ['Alpha', 'Beta']) temp.replica.createDocument({ type: 'journal', title, source: 'Twin Studies', year: 2001, authors: [{ last_name: 'Twin', first_name: 'Tess' }] });
    expect(await area.warmedUp).toBe(true);
    await area.renderCacheFiller.whenIdle();
    // As quick copy reads a selection: each document by its id.
    const library = temp.replica.listDocuments({ sort: 'title', order: 'asc', limit: 100, offset: 0 }).map((d) => documentToCsl(temp.replica.getDocument(d.id)!));
    expect(library).toHaveLength(6);
    const { copy, formatted, own } = freshProcessCopy(dataDir, library);
    expect(formatted).toBe(0);
    expect(copy).toEqual(own);
    expect(copy!.text).toContain('Twin, T. (2001b). Beta. Twin Studies.');
  });

  it('fills no slice while the window is in use', async () => {
    const clock = createManualClock();
    const activity = createWindowActivity(clock);
    const { area, temp, dataDir } = setup({ clock, warmUpAfterMs: 0, windowActivity: activity });
    expect(await clock.settle(area.warmedUp)).toBe(true);
    const library = () => temp.replica.listDocuments({ sort: 'title', order: 'asc', limit: 100, offset: 0 }).map((d) => documentToCsl(temp.replica.getDocument(d.id)!));
    // The fill's first slice is due; the window keeps asking for 5 s: nothing is formatted meanwhile.
    for (let i = 0; i < 25; i++) {
      activity.touch();
      clock.advance(200);
    }
    expect(freshProcessCopy(dataDir, library()).formatted).toBe(library().length);
    await clock.settle(area.renderCacheFiller.whenIdle());
    expect(freshProcessCopy(dataDir, library()).formatted).toBe(0);
  });

  it('formats an edited document again soon after the edit', async () => {
    const { area, temp, dataDir, events, ids } = setup({ warmUpAfterMs: 0 });
    await area.warmedUp;
    await area.renderCacheFiller.whenIdle();
    const id = ids.get('knuth1984')!;
    temp.replica.updateDocument(id, { title: 'Literate programming, revised' });
    events.emit('library.changed', { kinds: ['document'], ids: [id] });
    await area.renderCacheFiller.whenIdle();
    const library = temp.replica.listDocuments({ sort: 'title', order: 'asc', limit: 100, offset: 0 }).map(documentToCsl);
    const { copy, formatted, own } = freshProcessCopy(dataDir, library);
    expect(formatted).toBe(0);
    expect(copy).toEqual(own);
    expect(copy!.text).toContain('Literate programming, revised.');
  });

  it('is filled again for a newly chosen style', async () => {
    const { area, temp, dataDir, run } = setup({ warmUpAfterMs: 0 });
    await area.warmedUp;
    await area.renderCacheFiller.whenIdle();
    const library = temp.replica.listDocuments({ sort: 'title', order: 'asc', limit: 100, offset: 0 }).map((d) => documentToCsl(temp.replica.getDocument(d.id)!));
    expect(freshProcessCopy(dataDir, library, 'harvard-cite-them-right').formatted).toBe(library.length);
    expect(await run('citing.setPreferences', { style: 'harvard-cite-them-right' })).toMatchObject({ ok: true });
    await area.renderCacheFiller.whenIdle();
    const { copy, formatted, own } = freshProcessCopy(dataDir, library, 'harvard-cite-them-right');
    expect(formatted).toBe(0);
    expect(copy).toEqual(own);
  });
});

describe('bibliography export', () => {
  it('exports the library in any style as HTML, RTF or text, sorted as the style says', async () => {
    const { run, dataDir } = setup();
    const target = path.join(dataDir, 'refs.rtf');
    const rtf = await run('citing.exportBibliography', { scope: { library: true }, output: 'rtf', style: 'chicago-author-date', path: target });
    expect(rtf).toMatchObject({ ok: true, value: { count: 4, fileName: 'library.rtf', path: target } });
    expect(readFileSync(target, 'utf8')).toMatch(/^\{\\rtf1/);
    const text = await run('citing.exportBibliography', { scope: { library: true }, output: 'text', style: 'chicago-author-date' });
    expect((text as { value: { text: string } }).value.text.split('\n').map((line) => line.split('.')[0])).toEqual(['King, Martin Luther, Jr', 'Knuth, Donald E', 'Lamport, Leslie', 'Watson, J']);
    const html = await run('citing.exportBibliography', { scope: { library: true }, output: 'html' });
    expect((html as { value: { text: string; fileName: string } }).value).toMatchObject({ fileName: 'library.html', text: expect.stringContaining('<div class="csl-entry">') });
    expect(await run('citing.exportBibliography', { scope: { library: true }, output: 'pdf' as 'html' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'output' } });
  });
});
