// The library window with 100,000 documents, in Chromium through browser mode against the
// real core and replica: time from window ready (DOMContentLoaded) to the first rows
// painted, sorting by every sortable column, and typing a search to painted results.
// "Painted": the rows for that query are in the DOM (seen by a MutationObserver), then the
// next frame has run and a message posted from it arrives (it comes after that frame's paint).
// The replica is built once (cached under the OS temp dir); sync does not run, so the
// figures are the window's and the replica's alone.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { createCore } from '../../electron/core/core.ts';
import { openReplica } from '../../electron/core/replica/index.ts';
import { percentile, result, type BenchResult } from '../report.ts';
import { LIBRARY_DATA_VERSION, libraryRows, searchInputs } from '../sync/libraryData.ts';
import { PAGE_TRACE, describePhases, splitStep, takePageCalls, traceCore, type StepPhases } from './uiBreakdown.ts';
import { describeNativeWork, traced, type NativeWork } from './uiTrace.ts';
import { TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../../scripts/testChromium.ts';

const DOCUMENTS = 100_000;
const SEED = 4242;
const SEARCHES = 30;

function cachedLibraryDir(): string {
  const dir = path.join(os.tmpdir(), `refshelf-bench-ui-v${LIBRARY_DATA_VERSION}-${DOCUMENTS}`);
  const file = path.join(dir, 'library.sqlite');
  if (existsSync(path.join(dir, 'ready'))) {
    // Brought to the current schema once here, not in every run's copy: a migration that
    // rebuilds an index over 100,000 rows made each run's core start take 15-25 s.
    openReplica(file).close();
    return dir;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`building a replica of ${DOCUMENTS.toLocaleString('en')} documents (once; cached in ${dir})`);
  const replica = openReplica(file);
  const rows = libraryRows(SEED);
  const start = Date.now() - DOCUMENTS * 1000;
  replica.beginBulkLoad();
  for (let offset = 0; offset < DOCUMENTS; offset += 1000) {
    const page = Array.from({ length: Math.min(1000, DOCUMENTS - offset) }, (_, k) => {
      const i = offset + k;
      const time = new Date(start + i * 1000).toISOString();
      return { ...rows.document(i), id: `bench-${i}`, profile_id: 'bench', created: time, last_modified: time, read: i % 3 === 0, starred: i % 17 === 0, file_attached: i % 5 === 0 };
    });
    replica.applyRemoteBatch('document', page);
  }
  replica.finishBulkLoad();
  replica.close();
  writeFileSync(path.join(dir, 'ready'), '');
  return dir;
}

/**
 * Builds the renderer as it stands, so the figures are this checkout's. UI_BENCH_RENDERER_DIR
 * names a renderer built elsewhere instead (another commit's, for a before/after pair).
 */
function buildRenderer(): string {
  if (process.env.UI_BENCH_RENDERER_DIR) return path.resolve(process.env.UI_BENCH_RENDERER_DIR);
  const dir = path.resolve('dist/renderer');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The renderer build failed');
  return dir;
}

// In-page code goes as source text: tsx names functions with a helper the page lacks.
/** Whether the list shows the rows of a query newer than `version` (and of `search`, if given). */
const ROWS_SHOWN = `((version, search) => {
  const list = document.querySelector('[data-testid="document-list"]');
  if (!list || Number(list.dataset.queryVersion) <= version || list.dataset.loading !== 'false') return false;
  if (list.querySelector('.body-row .cell-title') === null && list.querySelector('.empty-state') === null) return false;
  if (list.querySelector('.loading-cell') !== null) return false;
  if (search === undefined) return true;
  const count = document.querySelector('.search-count');
  return Boolean(count && count.dataset.query === search);
})`;

/** Calls `done({ dom, painted })` once the rows are in the DOM and the frame after that has run. */
const WHEN_SHOWN = `((version, search, done) => {
  const shown = ${ROWS_SHOWN};
  let dom;
  const painted = () => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done({ dom, painted: performance.now() });
    channel.port2.postMessage(0);
  });
  if (shown(version, search)) { dom = performance.now(); painted(); return; }
  const observer = new MutationObserver(() => {
    if (!shown(version, search)) return;
    observer.disconnect();
    dom = performance.now();
    painted();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})`;

const PAINTED_AFTER = `(({ version, search }) => new Promise((resolve) => ${WHEN_SHOWN}(version, search, resolve)))`;

/**
 * A new window's first rows are watched from before its scripts run, and reported on the
 * console: an evaluate sent at DOMContentLoaded would compile Playwright's helper script in
 * the page while the window renders, a cost the app never pays (25-45 ms in traces).
 */
const FIRST_ROWS_MESSAGE = 'refshelf-bench first rows ';
const FIRST_ROWS_SIGNAL = `${WHEN_SHOWN}(-1, undefined, (at) => console.debug(${JSON.stringify(FIRST_ROWS_MESSAGE)} + JSON.stringify(at)))`;

/** When the rows showed in the DOM and when the frame after that ran (page clock). */
interface Painted { dom: number; painted: number }

/** Waits in the page for the list to show the rows of a query newer than `version`, then two frames. */
async function paintedAfter(page: Page, version: number, search?: string): Promise<Painted> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the list did not show ${search === undefined ? 'the sorted rows' : `results for "${search}"`} within 20 s`)), 20_000);
  });
  try {
    return await Promise.race([page.evaluate(`${PAINTED_AFTER}(${JSON.stringify({ version, search })})`) as Promise<Painted>, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sets the search box as a keystroke would (React listens to the input event); answers when. */
const TYPE_INTO_SEARCH = `((value) => {
  const box = document.querySelector('input[aria-label="Search library"]');
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const now = performance.now();
  setter.call(box, value);
  box.dispatchEvent(new Event('input', { bubbles: true }));
  return now;
})`;

/**
 * Counts the page's bridge requests still unanswered: the window's start-up sends a second
 * round of them (saved searches, groups, tags) after its first rows, and mounts the panels
 * they fill; a sort clicked meanwhile queued behind them (39 ms) and painted with them (54 ms).
 */
const BRIDGE_PENDING = `(() => {
  let pending = 0;
  window.__bridgePending = () => pending;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (event) => { if (/^\\{"id":\\d+/.test(String(event.data).slice(0, 24))) pending = Math.max(0, pending - 1); });
    }
    send(data) {
      if (/^\\{"id":\\d+/.test(String(data).slice(0, 24))) pending += 1;
      return super.send(data);
    }
  };
})()`;

/** Waits until the window has finished starting: no bridge request unanswered, its sidebar shown, its thread idle. */
async function settled(page: Page): Promise<void> {
  // Checked frame by frame in the page (the page's policy refuses waitForFunction's string).
  await page.evaluate(`new Promise((resolve) => {
    const check = () => (window.__bridgePending() === 0 && document.querySelector('nav.sidebar') !== null
      ? requestIdleCallback(() => requestIdleCallback(resolve))
      : requestAnimationFrame(check));
    check();
  })`);
}

const queryVersion = (page: Page) => page.evaluate(`Number(document.querySelector('[data-testid="document-list"]')?.dataset.queryVersion ?? -1)`) as Promise<number>;

export async function runUiBench(): Promise<BenchResult[]> {
  const libraryDir = cachedLibraryDir();
  const rendererDir = buildRenderer();
  const dataDir = path.join(os.tmpdir(), `refshelf-bench-ui-app-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  // The app's data directory: a copy of the cached replica, everything else fresh.
  copyFileSync(path.join(libraryDir, 'library.sqlite'), path.join(dataDir, 'library.sqlite'));
  const startCore = async () => {
    const core = await createCore({ dataDir, rendererDir, openExternal: () => undefined, syncIntervalMs: 3_600_000, serviceLogLevel: 'error' });
    return { core, server: await core.serveBrowser() };
  };
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: [...TEST_CHROMIUM_ARGS] });
  // --breakdown: each step split into its phases (uiBreakdown.ts), printed after the figures.
  const breakdown = process.argv.includes('--breakdown');
  // --trace: Chromium's own work (style, layout, paint, raster) per sort and per keystroke (uiTrace.ts).
  const tracing = process.argv.includes('--trace');
  const native: { label: string; work: NativeWork }[] = [];
  const maybeTraced = async (page: Page, label: string, steps: () => Promise<number>) => {
    if (!tracing) return void await steps();
    native.push({ label, work: await traced(browser, page, steps) });
  };
  let coreTrace: ReturnType<typeof traceCore> | undefined;
  const phases = { first: [] as StepPhases[], sort: [] as StepPhases[], key: [] as StepPhases[] };
  const firstTimelines: string[] = [];
  /** The step's phases, when breaking down (the page's and the core's calls since the last step). */
  const split = async (page: Page, into: StepPhases[], start: number, at: { dom: number; painted: number }) => {
    if (!coreTrace) return;
    const taken = await takePageCalls(page);
    into.push(splitStep(start, at.dom, at.painted, taken.calls, coreTrace.take()));
    return taken;
  };
  let running: Awaited<ReturnType<typeof startCore>> | undefined;
  try {
    // First paint: three new windows, the median counts. Each is the first window of an app
    // just started (a core of its own, on the same data): the core's background work after its
    // start (the citation engine's warm-up, the render cache's fill, seconds later) then never
    // meets the opening window, as in the app, where a window opened seconds into the previous
    // one's core met it at random.
    const firstPaint: number[] = [];
    for (let run = 0; run < 3; run++) {
      running = await startCore();
      const { server } = running;
      coreTrace = breakdown ? traceCore(running.core.handlers) : undefined;
      const window = await browser.newPage({ viewport: { width: 1360, height: 820 } });
      await window.addInitScript(FIRST_ROWS_SIGNAL);
      if (breakdown) await window.addInitScript(PAGE_TRACE);
      coreTrace?.take();
      const reported = window.waitForEvent('console', { predicate: (message) => message.text().startsWith(FIRST_ROWS_MESSAGE), timeout: 20_000 });
      await window.goto(server.pageUrl, { waitUntil: 'domcontentloaded' });
      const painted = JSON.parse((await reported).text().slice(FIRST_ROWS_MESSAGE.length)) as Painted;
      const ready = await window.evaluate(`performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd`) as number;
      firstPaint.push(painted.painted - ready);
      const taken = await split(window, phases.first, ready, painted);
      if (taken) {
        const at = (t: number | undefined) => (t === undefined ? '?' : (t - ready).toFixed(0));
        const calls = taken.calls.map((c) => `${c.command} ${at(c.sent)}->${at(c.arrived)}`).join(', ');
        const long = taken.longTasks.map((l) => `${at(l.start)}+${l.ms.toFixed(0)}`).join(' ');
        firstTimelines.push(`    window ${run + 1} (ms from DOMContentLoaded): socket ${at(taken.wsOpenStarted)}->${at(taken.wsOpen)}; ${calls}; rows in DOM ${at(painted.dom)}, painted ${at(painted.painted)}; long tasks ${long || 'none'}`);
      }
      await window.close();
      await running.core.stop();
      running = undefined;
    }
    running = await startCore();
    const { server } = running;
    coreTrace = breakdown ? traceCore(running.core.handlers) : undefined;
    const page = await browser.newPage({ viewport: { width: 1360, height: 820 } });
    await page.addInitScript(BRIDGE_PENDING);
    if (breakdown) await page.addInitScript(PAGE_TRACE);
    await page.goto(server.pageUrl, { waitUntil: 'domcontentloaded' });
    await paintedAfter(page, -1);
    await settled(page);
    if (breakdown) await takePageCalls(page);
    coreTrace?.take();
    firstPaint.sort((a, b) => a - b);
    console.log(`  first rows painted: ${firstPaint.map((t) => t.toFixed(0)).join(', ')} ms`);

    // Sorting: each sortable column, ascending then descending.
    const sortTimes: { column: string; ms: number }[] = [];
    const columns = await page.evaluate(`[...document.querySelectorAll('[role="columnheader"] .sort-button')].map((b) => b.getAttribute('title') || '')`) as string[];
    await maybeTraced(page, 'sorts', async () => {
      for (const title of columns) {
        for (let flip = 0; flip < 2; flip++) {
          const version = await queryVersion(page);
          const started = await page.evaluate(`(() => {
            const now = performance.now();
            document.querySelector(${JSON.stringify(`.sort-button[title="${title}"]`)}).click();
            return now;
          })()`) as number;
          const painted = await paintedAfter(page, version);
          sortTimes.push({ column: title.replace('Sort by ', ''), ms: painted.painted - started });
          await split(page, phases.sort, started, painted);
        }
      }
      return sortTimes.length;
    });
    console.log(`  ${sortTimes.length} sorts measured: ${sortTimes.map((s) => `${s.column} ${s.ms.toFixed(0)}`).join(', ')} ms`);
    const worstSort = sortTimes.reduce((a, b) => (b.ms > a.ms ? b : a));
    const sortMedian = percentile(sortTimes.map((s) => s.ms).sort((a, b) => a - b), 50);

    // Typing: every keystroke of realistic inputs, from the input event to painted results.
    const rows = libraryRows(SEED);
    const sample = Array.from({ length: 2000 }, (_, i) => rows.document(i));
    const inputs = searchInputs(sample, SEARCHES, SEED);
    const keystrokes: number[] = [];
    await maybeTraced(page, 'keystrokes', async () => {
      for (const input of inputs) {
        for (let n = 1; n <= input.length; n++) {
          const text = input.slice(0, n);
          if (!text.trim()) continue;
          const version = await queryVersion(page);
          const started = await page.evaluate(`${TYPE_INTO_SEARCH}(${JSON.stringify(text)})`) as number;
          const painted = await paintedAfter(page, version, text);
          keystrokes.push(painted.painted - started);
          await split(page, phases.key, started, painted);
        }
        await page.evaluate(`${TYPE_INTO_SEARCH}('')`);
      }
      return keystrokes.length;
    });
    keystrokes.sort((a, b) => a - b);
    for (const { label, work } of native) console.log(describeNativeWork(label, work).join('\n'));
    if (breakdown) {
      console.log(['  breakdown (uiBreakdown.ts):', ...firstTimelines, ...describePhases('first rows', phases.first), ...describePhases('sorts', phases.sort), ...describePhases('keystrokes', phases.key)].join('\n'));
    }

    return [
      result(`UI: first rows painted after window ready (${DOCUMENTS / 1000}k docs, median of 3)`, percentile(firstPaint, 50), 'ms', 'max', 300, `runs ${firstPaint.map((t) => t.toFixed(0)).join(', ')} ms`),
      result('UI: sort by any column to painted (worst column)', worstSort.ms, 'ms', 'max', 50, `${worstSort.column}; median over ${sortTimes.length} sorts ${sortMedian.toFixed(1)} ms`),
      result('UI: keystroke to painted search results (p95)', percentile(keystrokes, 95), 'ms', 'max', 30, `median ${percentile(keystrokes, 50).toFixed(1)} ms over ${keystrokes.length} keystrokes`),
    ];
  } finally {
    await browser.close();
    await running?.core.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
