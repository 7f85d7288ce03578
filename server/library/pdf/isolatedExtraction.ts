// PDF details for the service, read in a child process so that a hostile or broken file
// cannot stall the service or take its memory: the child has a heap limit
// (--max-old-space-size), decoded streams are capped before pdf.js runs
// (shared/node/pdf/streamBombCheck.ts), and a time limit kills the child, which stops even synchronous
// work. Each user's files are read one at a time (a per-user queue). A child process rather
// than a worker thread: a thread does not inherit the TypeScript loader a source checkout
// runs with, and a process's memory is its own.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ExtractionResult } from '../../../shared/node/pdf/extractPdfMetadata.ts';
import { DEFAULT_STREAM_CAP, type StreamCap } from '../../../shared/node/pdf/streamBombCheck.ts';
import type { ExtractionJob } from './extractionWorker.ts';

export interface IsolationLimits {
  timeoutMs: number;
  heapMb: number;
  maxBytes: number;
  cap: StreamCap;
}

export const DEFAULT_ISOLATION: IsolationLimits = { timeoutMs: 20_000, heapMb: 192, maxBytes: 200 * 1024 * 1024, cap: DEFAULT_STREAM_CAP };

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_PATH = fileURLToPath(new URL(`./extractionWorker${FROM_SOURCE ? '.ts' : '.js'}`, import.meta.url));

const failure = (reason: 'damaged' | 'too-large', message: string): ExtractionResult => ({ ok: false, reason, message });
const TOO_SLOW = 'This PDF took too long to read; it may be damaged.';
/** Starting the child (loading pdf.js) is slow on a busy machine; it is not the file's time. */
const START_LIMIT_MS = 120_000;

/**
 * One long-lived extraction process, started on first use and started again after it was
 * killed (time limit) or died (memory limit). It reads one file at a time.
 */
class ExtractionProcess {
  private child: ChildProcess | undefined;
  private ready: Promise<ChildProcess> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly heapMb: number) {}

  run(job: ExtractionJob): Promise<ExtractionResult> {
    const next = this.queue.then(() => this.runNow(job));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private start(): Promise<ChildProcess> {
    this.ready ??= new Promise<ChildProcess>((resolve, reject) => {
      const child = fork(WORKER_PATH, [], {
        // A source checkout runs TypeScript through tsx; a bundled service ships .js.
        execArgv: [...(FROM_SOURCE ? ['--import', 'tsx'] : []), `--max-old-space-size=${this.heapMb}`],
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        serialization: 'advanced',
      });
      this.child = child;
      const timer = setTimeout(() => reject(new Error('The PDF reader did not start')), START_LIMIT_MS);
      child.once('message', () => {
        clearTimeout(timer);
        resolve(child);
      });
      child.once('exit', () => {
        clearTimeout(timer);
        if (this.child === child) {
          this.child = undefined;
          this.ready = undefined;
        }
        reject(new Error('The PDF reader stopped'));
      });
      child.unref();
      child.channel?.unref();
    });
    return this.ready;
  }

  private kill(): void {
    this.child?.kill('SIGKILL');
    this.child = undefined;
    this.ready = undefined;
  }

  private async runNow(job: ExtractionJob): Promise<ExtractionResult> {
    let child: ChildProcess;
    try {
      child = await this.start();
    } catch {
      this.kill();
      return failure('damaged', 'The file could not be read now; try again later.');
    }
    return new Promise((resolve) => {
      const finish = (result: ExtractionResult, killIt = false) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (killIt) this.kill();
        resolve(result);
      };
      const onMessage = (result: ExtractionResult) => finish(result);
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        finish(signal === 'SIGABRT' || code === 134 ? failure('too-large', 'This PDF needs too much memory to read.') : failure('damaged', 'The file could not be read.'));
      // A grace period over the extractor's own limit, which cannot interrupt synchronous
      // work: then the process is killed, and the next file gets a fresh one.
      const timer = setTimeout(() => finish(failure('damaged', TOO_SLOW), true), Math.max(0, job.timeoutMs + 2_000));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(job);
    });
  }
}

const processes = new Map<number, ExtractionProcess>();

export function extractInWorker(path: string, limits: IsolationLimits = DEFAULT_ISOLATION): Promise<ExtractionResult> {
  let reader = processes.get(limits.heapMb);
  if (!reader) processes.set(limits.heapMb, (reader = new ExtractionProcess(limits.heapMb)));
  return reader.run({ path, maxBytes: limits.maxBytes, timeoutMs: limits.timeoutMs, cap: limits.cap });
}

/** Runs each user's tasks one after another; different users' tasks run side by side. */
export class PerUserQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(userId: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(userId) ?? Promise.resolve();
    const next = previous.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(userId, tail);
    void tail.then(() => {
      if (this.tails.get(userId) === tail) this.tails.delete(userId);
    });
    return next;
  }
}
