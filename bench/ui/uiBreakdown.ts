// Where the window's time goes (`npm run bench -- ui --breakdown`): each list request is
// followed from the renderer's send, through the core's handler and the JSON it writes, to
// the answer's arrival in the page, the DOM change React commits, and the frame after it.
// The core's side is timed by wrapping its handlers in place (the browser server calls the
// same object); the page's by a WebSocket that notes each message's time before the
// bridge's own listener sees it.
import { performance } from 'node:perf_hooks';
import type { Page } from '@playwright/test';
import type { Handlers } from '../../electron/core/commands/handlerTypes.ts';
import { percentile } from '../report.ts';

/** A handler run in the core: its time and the time to write its answer as JSON. */
interface CoreCall { command: string; handlerMs: number; jsonMs: number; bytes: number }

/** One request as the page saw it, times relative to the page's time origin. */
interface PageCall { id: number; command: string; sent: number; arrived?: number }

const LIST_COMMANDS = new Set(['documents.list', 'documents.search', 'documents.count']);

export interface CoreTrace {
  /** The calls since the last take, oldest first. */
  take(): CoreCall[];
}

/** Wraps the core's handlers in place so that each call is timed. */
export function traceCore(handlers: Handlers): CoreTrace {
  let calls: CoreCall[] = [];
  const table = handlers as unknown as Record<string, (request: unknown) => unknown>;
  for (const [command, handler] of Object.entries(table)) {
    table[command] = (request) => {
      const start = performance.now();
      const value = handler(request);
      const note = (answer: unknown) => {
        const handlerMs = performance.now() - start;
        const jsonStart = performance.now();
        const bytes = JSON.stringify({ id: 1, result: { ok: true, value: answer ?? null } }).length;
        calls.push({ command, handlerMs, jsonMs: performance.now() - jsonStart, bytes });
        return answer;
      };
      return value instanceof Promise ? value.then(note) : note(value);
    };
  }
  return { take: () => { const taken = calls; calls = []; return taken; } };
}

/** Page code, run before the app's: notes each bridge message's send and arrival. */
export const PAGE_TRACE = `(() => {
  const calls = [];
  const longTasks = [];
  window.__uiTrace = { calls, longTasks, domAt: [] };
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push({ start: e.startTime, ms: e.duration }); }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      window.__uiTrace.wsOpenStarted = performance.now();
      this.addEventListener('open', () => { window.__uiTrace.wsOpen = performance.now(); });
      this.addEventListener('message', (event) => {
        const match = /^\\{"id":(\\d+)/.exec(String(event.data).slice(0, 24));
        if (!match) return;
        const call = calls.find((c) => c.id === Number(match[1]));
        if (call) { call.arrived = performance.now(); call.bytes = String(event.data).length; }
      });
    }
    send(data) {
      try {
        const message = JSON.parse(data);
        calls.push({ id: message.id, command: message.command, sent: performance.now() });
      } catch {}
      return super.send(data);
    }
  };
})()`;

/** The page's calls so far (and forgets them). */
export async function takePageCalls(page: Page): Promise<{ calls: PageCall[]; longTasks: { start: number; ms: number }[]; wsOpen?: number; wsOpenStarted?: number }> {
  return await page.evaluate(`(() => {
    const t = window.__uiTrace;
    const taken = { calls: t.calls.splice(0), longTasks: t.longTasks.splice(0), wsOpen: t.wsOpen, wsOpenStarted: t.wsOpenStarted };
    return taken;
  })()`) as Awaited<ReturnType<typeof takePageCalls>>;
}

/** One measured step (a first paint, a sort, a keystroke) split into its phases. */
export interface StepPhases {
  /** The action (or window ready) to the list request leaving the page. */
  toRequest: number;
  /** The core's handler for the list request(s) that answered this step (sum when several). */
  coreHandler: number;
  /** Writing that answer as JSON in the core. */
  coreJson: number;
  /** Sent to arrived, less the core's handler and JSON: the bridge and waiting in queues. */
  transport: number;
  /** The answer's arrival to the DOM change that shows it (React's render and commit). */
  toDom: number;
  /** The DOM change to the next frame's message (style, layout, paint). */
  toPaint: number;
  total: number;
  requests: number;
  otherRequestsBefore: string[];
}

/**
 * Splits one step. `start` is the action's time (page clock); `dom` the DOM change;
 * `painted` the end. The list request is the last list command sent before `dom`.
 */
export function splitStep(start: number, dom: number, painted: number, page: PageCall[], core: CoreCall[]): StepPhases {
  // The core answers one socket's synchronous list commands in the order they were sent.
  const allLists = page.filter((c) => LIST_COMMANDS.has(c.command));
  const lists = allLists.filter((c) => c.arrived !== undefined && c.arrived <= dom);
  const answer = lists[lists.length - 1];
  const coreLists = core.filter((c) => LIST_COMMANDS.has(c.command));
  const coreAnswer = answer ? coreLists[allLists.indexOf(answer)] : undefined;
  const others = page.filter((c) => !LIST_COMMANDS.has(c.command) && answer !== undefined && c.sent <= answer.sent).map((c) => c.command);
  if (!answer || answer.arrived === undefined) {
    return { toRequest: NaN, coreHandler: NaN, coreJson: NaN, transport: NaN, toDom: dom - start, toPaint: painted - dom, total: painted - start, requests: lists.length, otherRequestsBefore: others };
  }
  const coreHandler = coreAnswer?.handlerMs ?? NaN;
  const coreJson = coreAnswer?.jsonMs ?? NaN;
  return {
    toRequest: answer.sent - start,
    coreHandler,
    coreJson,
    transport: answer.arrived - answer.sent - coreHandler - coreJson,
    toDom: dom - answer.arrived,
    toPaint: painted - dom,
    total: painted - start,
    requests: lists.length,
    otherRequestsBefore: others,
  };
}

const PHASES = ['toRequest', 'coreHandler', 'coreJson', 'transport', 'toDom', 'toPaint', 'total'] as const;

/** Median and p95 of each phase over the steps, as lines for the console. */
export function describePhases(label: string, steps: StepPhases[]): string[] {
  const lines = [`  ${label}: ${steps.length} steps (median / p95 / max ms)`];
  for (const phase of PHASES) {
    const values = steps.map((s) => s[phase]).filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
    if (!values.length) continue;
    lines.push(`    ${phase.padEnd(12)} ${percentile(values, 50).toFixed(1).padStart(7)} ${percentile(values, 95).toFixed(1).padStart(7)} ${values[values.length - 1]!.toFixed(1).padStart(7)}`);
  }
  return lines;
}
