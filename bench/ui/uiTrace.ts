// Chromium's own work per step (`npm run bench -- ui --trace`): the sorts and the keystrokes
// are each recorded in a Chromium trace, and the trace's events are summed by kind (script,
// style, layout, paint, layers, raster) and divided by the steps taken. It shows what the
// engine does to show each new set of rows, beside the page-side times uiBreakdown.ts gives.
// Tracing slows the page: the step times of a traced run are not comparable with others.
import type { Browser, Page } from '@playwright/test';

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/** The trace events summed, by what they stand for; names as Chromium's timeline emits them. */
const KINDS: Record<string, readonly string[]> = {
  script: ['FunctionCall', 'EvaluateScript', 'RunMicrotasks', 'TimerFire', 'FireAnimationFrame'],
  style: ['UpdateLayoutTree', 'ParseAuthorStyleSheet'],
  layout: ['Layout'],
  paint: ['PrePaint', 'Paint'],
  layers: ['Layerize', 'UpdateLayer', 'Commit', 'CompositeLayers'],
  raster: ['RasterTask'],
};

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number }

/** Milliseconds per step of each kind, and how many of each kind's events a step had. */
export interface NativeWork { steps: number; ms: Record<string, number>; events: Record<string, number> }

/**
 * Sums a trace's complete events by kind, per step. Events of the same kind nested in each
 * other (a FunctionCall inside a TimerFire) are counted once, by their outermost.
 */
export function summariseTrace(trace: { traceEvents: TraceEvent[] }, steps: number): NativeWork {
  const kindOf = new Map<string, string>();
  for (const [kind, names] of Object.entries(KINDS)) for (const name of names) kindOf.set(name, kind);
  const ms: Record<string, number> = Object.fromEntries(Object.keys(KINDS).map((k) => [k, 0]));
  const events: Record<string, number> = { ...ms };
  const complete = trace.traceEvents.filter((e) => e.ph === 'X' && e.dur !== undefined && kindOf.has(e.name)).sort((a, b) => a.ts - b.ts);
  // Per thread, where the outermost event of each kind open so far ends.
  const openUntil = new Map<string, number>();
  for (const event of complete) {
    const kind = kindOf.get(event.name)!;
    const start = event.ts;
    const key = `${event.pid}:${event.tid}:${kind}`;
    if ((openUntil.get(key) ?? -1) > start) continue;
    openUntil.set(key, start + event.dur!);
    ms[kind]! += event.dur! / 1000;
    events[kind]! += 1;
  }
  const per = (n: number) => (steps > 0 ? n / steps : 0);
  return { steps, ms: Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, per(v)])), events: Object.fromEntries(Object.entries(events).map(([k, v]) => [k, per(v)])) };
}

/** Runs `steps` (answering how many it took) inside a Chromium trace of `page`; the work per step. */
export async function traced(browser: Browser, page: Page, steps: () => Promise<number>): Promise<NativeWork> {
  await browser.startTracing(page, { categories: CATEGORIES });
  let taken: number;
  try {
    taken = await steps();
  } catch (error) {
    await browser.stopTracing();
    throw error;
  }
  const buffer = await browser.stopTracing();
  return summariseTrace(JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }, taken);
}

/** One line per kind: ms per step and events per step. */
export function describeNativeWork(label: string, work: NativeWork): string[] {
  const lines = [`  ${label}, Chromium's work per step over ${work.steps} steps (ms, events):`];
  let sum = 0;
  for (const kind of Object.keys(KINDS)) {
    sum += work.ms[kind]!;
    lines.push(`    ${kind.padEnd(8)} ${work.ms[kind]!.toFixed(2).padStart(8)} ${work.events[kind]!.toFixed(1).padStart(7)}`);
  }
  lines.push(`    ${'sum'.padEnd(8)} ${sum.toFixed(2).padStart(8)}`);
  return lines;
}
