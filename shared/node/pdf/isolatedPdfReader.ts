// PDF reading off the caller's thread, with limits that really stop it: a worker thread
// (extractionThread.ts) with a heap limit (resourceLimits), a cap on decoded stream size
// checked before pdf.js sees the file, and a time limit that terminates the thread, which
// stops even synchronous work; the next job gets a fresh thread. The desktop core reads
// every imported PDF through it, so a hostile file cannot stall the core or take its
// memory. A thread, not a child process: the desktop runs inside Electron, whose fuses
// forbid running its binary as plain Node, while worker threads work there as in Node.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_STREAM_CAP, type StreamCap } from './streamBombCheck.ts';
import type { ThreadAnswer, ThreadJob } from './extractionThread.ts';
import type { ExtractionOptions, ExtractionResult } from './types.ts';

export interface ReaderLimits {
  /** Past this the thread is terminated and the file reported as too slow. */
  timeoutMs: number;
  /** The thread's V8 heap (old generation), in MB. */
  heapMb: number;
  maxBytes: number;
  cap: StreamCap;
}

export const DEFAULT_READER_LIMITS: ReaderLimits = { timeoutMs: 30_000, heapMb: 256, maxBytes: 200 * 1024 * 1024, cap: DEFAULT_STREAM_CAP };

const FROM_SOURCE = import.meta.url.endsWith('.ts');
/** Loading pdf.js is slow on a busy machine; it is not the file's time. */
const START_LIMIT_MS = 120_000;
const TOO_SLOW = 'This PDF took too long to read; it may be damaged.';
const TOO_BIG = 'This PDF needs too much memory to read.';

/**
 * From a source checkout the thread must load TypeScript: it registers tsx first (a worker
 * does not inherit the loader its parent runs with), then imports the entry.
 */
const BOOT_FROM_SOURCE = `
const { workerData } = require('node:worker_threads');
import(workerData.tsxApi).then((tsx) => { tsx.register(); return import(workerData.entry); });
`;

function startThread(heapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.max(16, Math.round(heapMb / 8)) };
  if (FROM_SOURCE) {
    const entry = new URL('./extractionThread.ts', import.meta.url).href;
    // tsx's ES module API (its CommonJS one resolves its own files wrongly from an eval'd script).
    const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
    return new Worker(BOOT_FROM_SOURCE, { eval: true, workerData: { entry, tsxApi }, resourceLimits });
  }
  // A bundled build ships the entry as extractionThread.js beside the bundle
  // (scripts/build-electron.ts); this module may sit in a shared chunk one folder below.
  const beside = fileURLToPath(new URL('./extractionThread.js', import.meta.url));
  const entry = existsSync(beside) ? beside : fileURLToPath(new URL('../extractionThread.js', import.meta.url));
  return new Worker(entry, { resourceLimits });
}

const failure = (reason: 'damaged' | 'too-large', message: string): ExtractionResult => ({ ok: false, reason, message });

export class IsolatedPdfReader {
  private thread: Promise<Worker> | undefined;
  private current: Worker | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly limits: ReaderLimits = DEFAULT_READER_LIMITS) {}

  /** Undefined when the file may be read; otherwise a sentence saying why not (a PDF bomb). */
  async screen(path: string): Promise<string | undefined> {
    const answer = await this.enqueue({ kind: 'screen', path, options: {} });
    return answer.ok ? undefined : answer.message;
  }

  /** `screened`: these bytes passed `screen` already, so their streams are not measured again. */
  async extract(path: string, options: Omit<ExtractionOptions, 'signal'> = {}, screened = false): Promise<ExtractionResult> {
    const timeoutMs = Math.min(options.timeoutMs ?? this.limits.timeoutMs, this.limits.timeoutMs);
    const answer = await this.enqueue({ kind: 'extract', path, options: { ...options, timeoutMs }, screened });
    return 'screened' in answer ? failure('damaged', 'The file could not be read.') : answer;
  }

  /** Starts the thread ahead of the first file (loading pdf.js takes a while on a busy machine). */
  warm(): void {
    void this.ready();
  }

  /** Resolves once the thread has loaded pdf.js (or failed to start: the next job says so). */
  async ready(): Promise<void> {
    await this.start().catch(() => undefined);
  }

  /** Ends the thread (a later job starts a new one). */
  async close(): Promise<void> {
    const worker = this.current;
    this.current = undefined;
    this.thread = undefined;
    await worker?.terminate();
  }

  private enqueue(job: Omit<ThreadJob, 'maxBytes' | 'cap'>): Promise<ThreadAnswer> {
    const next = this.queue.then(() => this.runNow({ ...job, maxBytes: this.limits.maxBytes, cap: this.limits.cap }));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private start(): Promise<Worker> {
    this.thread ??= new Promise<Worker>((resolve, reject) => {
      const worker = startThread(this.limits.heapMb);
      this.current = worker;
      // The core must be able to exit while the thread idles.
      worker.unref();
      const timer = setTimeout(() => reject(new Error('The PDF reader did not start')), START_LIMIT_MS);
      worker.once('message', () => {
        clearTimeout(timer);
        resolve(worker);
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        if (this.current === worker) {
          this.current = undefined;
          this.thread = undefined;
        }
        reject(new Error('The PDF reader stopped'));
      });
    });
    return this.thread;
  }

  private async runNow(job: ThreadJob): Promise<ThreadAnswer> {
    let worker: Worker;
    try {
      worker = await this.start();
    } catch {
      await this.close();
      return failure('damaged', 'The file could not be read now; try again later.');
    }
    return new Promise<ThreadAnswer>((resolve) => {
      const finish = (answer: ThreadAnswer, stop = false) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (stop) void this.close();
        resolve(answer);
      };
      const onMessage = (answer: ThreadAnswer) => finish(answer);
      const onError = (error: Error & { code?: string }) =>
        finish(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? failure('too-large', TOO_BIG) : failure('damaged', 'The file could not be read.'), true);
      const onExit = () => finish(failure('damaged', 'The file could not be read.'));
      // A grace period over the extractor's own limit, which cannot interrupt synchronous
      // work; then the thread is terminated and the next job gets a fresh one.
      const timer = setTimeout(() => finish(failure('damaged', TOO_SLOW), true), this.limits.timeoutMs + 2_000);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage(job);
    });
  }
}

let shared: IsolatedPdfReader | undefined;

/** The process's one reader with the default limits: its thread loads pdf.js once for every lane. */
export function sharedPdfReader(): IsolatedPdfReader {
  shared ??= new IsolatedPdfReader();
  return shared;
}
