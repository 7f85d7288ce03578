// recordBatches.ts run on a worker thread: the import's parsing (about a third of its CPU)
// overlaps its writes to the database instead of taking turns with them.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RecordFormat } from './catalogImport.ts';
import type { BatchSizes, RecordBatch } from './recordBatches.ts';
import type { ThreadMessage } from './parseThread.ts';

const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** From a source checkout the thread registers tsx first: a worker does not inherit its parent's loader. */
const BOOT_FROM_SOURCE = `
const { workerData } = require('node:worker_threads');
import(workerData.tsxApi).then((tsx) => { tsx.register(); return import(workerData.entry); });
`;

/**
 * The thread holds a chunk's text and records, a few MB: a small heap makes it collect
 * often instead of growing the process by hundreds of MB of garbage.
 */
const resourceLimits = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 };

function startThread(job: { file: string; format: RecordFormat; sizes: BatchSizes }): Worker {
  if (FROM_SOURCE) {
    const entry = new URL('./parseThread.ts', import.meta.url).href;
    const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
    return new Worker(BOOT_FROM_SOURCE, { eval: true, workerData: { ...job, entry, tsxApi }, resourceLimits });
  }
  const beside = fileURLToPath(new URL('./parseThread.js', import.meta.url));
  return new Worker(existsSync(beside) ? beside : fileURLToPath(new URL('../parseThread.js', import.meta.url)), { workerData: job, resourceLimits });
}

/** The same batches as recordBatches(file, format, sizes), parsed on a thread of their own. */
export async function* batchesInThread(file: string, format: RecordFormat, sizes: BatchSizes): AsyncGenerator<RecordBatch> {
  const worker = startThread({ file, format, sizes: { chunkChars: sizes.chunkChars, pieceBytes: sizes.pieceBytes } });
  const waiting: ThreadMessage[] = [];
  let wake: (() => void) | undefined;
  const arrive = (message: ThreadMessage) => {
    waiting.push(message);
    wake?.();
  };
  worker.on('message', arrive);
  worker.on('error', (error) => arrive({ error: error.message }));
  worker.on('exit', (code) => arrive(code === 0 ? { done: true } : { error: `the parsing thread stopped (${code})` }));
  try {
    for (;;) {
      while (!waiting.length) await new Promise<void>((resolve) => (wake = resolve));
      const message = waiting.shift()!;
      if ('error' in message) throw new Error(message.error);
      if ('done' in message) return;
      worker.postMessage('more');
      yield message.batch;
    }
  } finally {
    await worker.terminate();
  }
}
