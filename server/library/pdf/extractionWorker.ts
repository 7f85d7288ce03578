// The child process that reads PDF details for the service: loads pdf.js once, says
// 'ready', then answers jobs one at a time: checks the decoded size of the file's streams,
// then runs the shared extractor.
import { readFile } from 'node:fs/promises';
import { extractPdfMetadata, type ExtractionResult } from '../../../shared/node/pdf/extractPdfMetadata.ts';
import { loadPdfJs } from '../../../shared/node/pdf/openPdf.ts';
import { decodedStreamProblem, type StreamCap } from '../../../shared/node/pdf/streamBombCheck.ts';

export interface ExtractionJob {
  path: string;
  maxBytes: number;
  timeoutMs: number;
  cap: StreamCap;
}

async function run(job: ExtractionJob): Promise<ExtractionResult> {
  const bytes = await readFile(job.path);
  if (bytes.length > job.maxBytes) return { ok: false, reason: 'too-large', message: 'The file is too large to be read for details.' };
  const problem = decodedStreamProblem(bytes, job.cap);
  if (problem) return { ok: false, reason: 'too-large', message: `${problem} Its details are not read.` };
  return extractPdfMetadata(bytes, { timeoutMs: job.timeoutMs, maxBytes: job.maxBytes });
}

process.on('message', (job: ExtractionJob) => {
  const reply = (result: ExtractionResult) => process.send?.(result);
  run(job).then(reply, (error: unknown) => reply({ ok: false, reason: 'damaged', message: `The file could not be read (${String(error)}).` }));
});
// The service going away closes the channel: go too.
process.on('disconnect', () => process.exit(0));
void loadPdfJs().then(() => process.send?.('ready'));
