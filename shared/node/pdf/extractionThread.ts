// The worker thread that reads PDFs for the desktop (isolatedPdfReader.ts starts it): loads
// pdf.js once, says 'ready', then answers one job at a time. Every job first checks the
// decoded size of the file's streams (streamBombCheck.ts), so a PDF bomb is refused
// without being expanded; 'screen' stops there, 'extract' then runs the shared extractor.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { extractPdfMetadata } from './extractPdfMetadata.ts';
import { loadPdfJs } from './openPdf.ts';
import { decodedStreamProblem, type StreamCap } from './streamBombCheck.ts';
import type { ExtractionOptions, ExtractionResult } from './types.ts';

export interface ThreadJob {
  kind: 'screen' | 'extract';
  path: string;
  options: Omit<ExtractionOptions, 'signal'>;
  maxBytes: number;
  cap: StreamCap;
  /** The same bytes passed a screen already: skip the decoded-size check. */
  screened?: boolean;
}

/** A screen answers `{ ok: true }` or the failure an extraction would give. */
export type ThreadAnswer = ExtractionResult | { ok: true; screened: true };

async function run(job: ThreadJob): Promise<ThreadAnswer> {
  const bytes = await readFile(job.path);
  if (bytes.length > job.maxBytes) return { ok: false, reason: 'too-large', message: 'The file is too large to be read for details.' };
  const problem = job.screened ? undefined : decodedStreamProblem(bytes, job.cap);
  if (problem) return { ok: false, reason: 'too-large', message: job.kind === 'screen' ? problem : `${problem} Its details are not read.` };
  if (job.kind === 'screen') return { ok: true, screened: true };
  return extractPdfMetadata(bytes, { ...job.options, maxBytes: job.maxBytes });
}

const port = parentPort;
if (port) {
  port.on('message', (job: ThreadJob) => {
    const reply = (answer: ThreadAnswer) => port.postMessage(answer);
    run(job).then(reply, (error: unknown) => reply({ ok: false, reason: 'damaged', message: `The file could not be read (${String(error)}).` }));
  });
  void loadPdfJs().then(() => port.postMessage('ready'));
}
