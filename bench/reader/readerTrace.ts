// `npm run bench -- reader --trace`: the reading-pace scroll recorded in a Chromium trace
// (written to a file for chrome://tracing or Perfetto), and its slow frames summed here: where
// the window's main thread and the display compositor spent the time of frames that missed a
// refresh. Each canvas put in the page is marked (`canvas-<n>[-new]`), so a slow frame can be
// told apart as a new canvas's first buffers (Canvas2DResourceProvider::ProduceCanvasResource).
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'viz', 'blink.user_timing'];

/** Marks each canvas added to the page, with `-new` the first time that canvas is seen. Runs in the page. */
export const CANVAS_MARKS = `(() => {
  const seen = new WeakSet(); const ids = new WeakMap(); let next = 0;
  const mark = (canvas) => {
    if (!ids.has(canvas)) ids.set(canvas, ++next);
    performance.mark('canvas-' + ids.get(canvas) + (seen.has(canvas) ? '' : '-new'));
    seen.add(canvas);
  };
  new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes) {
    if (n.tagName === 'CANVAS') mark(n); else if (n.querySelectorAll) n.querySelectorAll('canvas').forEach(mark);
  } }).observe(document, { childList: true, subtree: true });
})()`;

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string } }

/** Runs `scroll` inside a trace written to `file`; answers the trace's lines of summary. */
export async function tracedScroll<T>(browser: Browser, page: Page, file: string, refreshMs: number, scroll: () => Promise<T>): Promise<{ result: T; lines: string[] }> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES, path: file });
  let result: T;
  try {
    result = await scroll();
  } finally {
    await browser.stopTracing();
  }
  const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  return { result, lines: [`  trace of the reading-pace scroll: ${file}`, ...summariseSlowFrames(trace.traceEvents, refreshMs)] };
}

/** The slow frames of the last scroll in the trace (animation frames over 1.5 refreshes apart), by what filled them. */
export function summariseSlowFrames(events: TraceEvent[], refreshMs: number): string[] {
  const threads = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const on = (name: string) => (e: TraceEvent) => threads.get(`${e.pid}:${e.tid}`) === name && e.ph === 'X';
  const main = events.filter(on('CrRendererMain')).sort((a, b) => a.ts - b.ts);
  const frames = main.filter((e) => e.name === 'FireAnimationFrame').slice(-240);
  const slow: [number, number][] = [];
  for (let i = 1; i < frames.length; i++) if (frames[i]!.ts - frames[i - 1]!.ts > 1500 * refreshMs) slow.push([frames[i - 1]!.ts, frames[i]!.ts]);
  const inSlow = (e: TraceEvent) => slow.some(([a, b]) => e.ts >= a && e.ts < b);
  const sum = (list: TraceEvent[]) => list.reduce((ms, e) => ms + (e.dur ?? 0) / 1000, 0);
  const produces = main.filter((e) => e.name === 'Canvas2DResourceProvider::ProduceCanvasResource' && inSlow(e) && (e.dur ?? 0) > 5000);
  const draws = events.filter(on('VizCompositorThread')).filter((e) => e.name === 'DirectRenderer::DrawFrame' && inSlow(e));
  const byName = new Map<string, number>();
  for (const e of main) if (inSlow(e) && ['FunctionCall', 'HandlePostMessage', 'UpdateLayoutTree', 'Layout', 'Paint', 'Commit', 'HitTest', 'IntersectionObserverController::computeIntersections'].includes(e.name)) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  return [
    `  ${slow.length} of ${frames.length - 1} frames over ${(1.5 * refreshMs).toFixed(1)} ms; in them:`,
    `    new canvas buffers: ${produces.length} (${sum(produces).toFixed(0)} ms); display compositor drawing: ${sum(draws).toFixed(0)} ms`,
    ...[...byName].sort((a, b) => b[1] - a[1]).map(([name, ms]) => `    main thread ${name}: ${ms.toFixed(0)} ms`),
  ];
}
