// The thread that parses a file being imported (parsedInThread.ts starts it): it sends the
// record batches of recordBatches.ts to its parent, at most AHEAD of them not yet taken,
// so memory stays bounded while parsing overlaps the parent's writes.
import { parentPort, workerData } from 'node:worker_threads';
import { recordBatches, type BatchSizes } from './recordBatches.ts';
import type { RecordFormat } from './catalogImport.ts';

export type ThreadMessage = { batch: import('./recordBatches.ts').RecordBatch } | { done: true } | { error: string };

const AHEAD = 2;

async function run(port: NonNullable<typeof parentPort>, job: { file: string; format: RecordFormat; sizes: BatchSizes }) {
  let credit = AHEAD;
  let wake: (() => void) | undefined;
  port.on('message', () => {
    credit++;
    wake?.();
  });
  try {
    for await (const batch of recordBatches(job.file, job.format, job.sizes)) {
      while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
      credit--;
      port.postMessage({ batch } satisfies ThreadMessage);
    }
    port.postMessage({ done: true } satisfies ThreadMessage);
  } catch (error) {
    port.postMessage({ error: (error as Error).message } satisfies ThreadMessage);
  }
}

if (parentPort) void run(parentPort, workerData as { file: string; format: RecordFormat; sizes: BatchSizes });
