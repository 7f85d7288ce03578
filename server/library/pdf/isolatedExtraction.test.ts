// PDF extraction isolated from the service: a PDF bomb sent to POST /documents is answered
// with a bounded 201 (the file-name title) while a concurrent request stays fast and the
// process's resident memory stays low; ordinary PDFs still give their details.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../../testing/testService.ts';
import { syntheticPdf } from '../../../shared/node/pdf/syntheticPdf.ts';
import { pdfBomb } from '../../../shared/node/pdf/pdfBomb.ts';
import { extractInWorker, PerUserQueue, DEFAULT_ISOLATION } from './isolatedExtraction.ts';

let service: TestService;
let user: TestUser;
let dir: string;
const bomb = pdfBomb(300);

beforeAll(async () => {
  service = await startTestService();
  user = await service.createUser();
  dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-isolation-'));
  // Start the reader process (loading pdf.js takes seconds on a busy machine).
  const warm = path.join(dir, 'warm.pdf');
  writeFileSync(warm, syntheticPdf({ pages: [[{ text: 'Warm up', x: 72, y: 700, size: 18 }]] }));
  expect((await extractInWorker(warm)).ok).toBe(true);
}, 180_000);
afterAll(async () => {
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
});

const uploadPdf = (bytes: Buffer, name: string) =>
  service.fetch('/documents', {
    method: 'POST',
    headers: { ...user.auth, 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"`, Accept: service.ctx.mediaTypes.document },
    body: new Uint8Array(bytes),
  });

describe('PDF extraction in a child process', () => {
  it('refuses to expand a bomb: 300 MB from one 300 KB stream', async () => {
    const file = path.join(dir, 'bomb.pdf');
    writeFileSync(file, bomb);
    expect(bomb.length).toBeLessThan(400_000);
    const result = await extractInWorker(file);
    expect(result).toEqual({ ok: false, reason: 'too-large', message: expect.stringMatching(/expands to more than 64 MB/) });
  });

  it('answers a bomb upload with a bounded 201 while another request stays under 200 ms and memory stays under 300 MB', async () => {
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const latencies: number[] = [];
    let done = false;
    const upload = uploadPdf(bomb, 'Bomb_file.pdf').finally(() => {
      done = true;
    });
    let probes = 0;
    while (!done || probes < 3) {
      const started = performance.now();
      const me = await service.fetch('/profiles/me', { headers: user.auth });
      latencies.push(performance.now() - started);
      expect(me.status).toBe(200);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      probes++;
    }
    const res = await upload;
    expect(res.status).toBe(201);
    expect((await res.json()).title).toBe('Bomb file');
    latencies.sort((a, b) => a - b);
    const median = latencies[Math.floor(latencies.length / 2)]!;
    const slowest = latencies.at(-1)!;
    console.log(`bomb upload: ${probes} concurrent requests, median ${median.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms; RSS ${(rssBefore / 2 ** 20).toFixed(0)} -> peak ${(peakRss / 2 ** 20).toFixed(0)} MiB`);
    // The target is 200 ms; a single request is allowed more on a machine shared with other
    // work (before isolation, the bomb stalled every request for 17.6 s).
    expect(median).toBeLessThan(200);
    expect(slowest).toBeLessThan(1000);
    expect(peakRss).toBeLessThan(300 * 2 ** 20);
  });

  it('still reads the details of an ordinary PDF', async () => {
    const pdf = syntheticPdf({ pages: [[{ text: 'Isolated Extraction of Scholarly Metadata', x: 72, y: 700, size: 18 }, { text: 'Some body text on the first page.', x: 72, y: 600, size: 10 }]] });
    const res = await uploadPdf(pdf, 'scan_0001.pdf');
    expect(res.status).toBe(201);
    expect((await res.json()).title).toBe('Isolated Extraction of Scholarly Metadata');
  });

  it('kills the child at its time limit', async () => {
    const file = path.join(dir, 'ordinary.pdf');
    writeFileSync(file, syntheticPdf({ pages: [[{ text: 'A title', x: 72, y: 700, size: 18 }]] }));
    // No time at all: the grace period alone decides, and the thread is terminated.
    const started = performance.now();
    const result = await extractInWorker(file, { ...DEFAULT_ISOLATION, timeoutMs: -2_000 });
    expect(result).toEqual({ ok: false, reason: 'damaged', message: 'This PDF took too long to read; it may be damaged.' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('per-user queue', () => {
  it('runs one user\'s tasks one at a time, other users\' alongside', async () => {
    const queue = new PerUserQueue();
    const log: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const a1 = queue.run('a', async () => { log.push('a1 start'); await gate; log.push('a1 end'); });
    const a2 = queue.run('a', async () => { log.push('a2 start'); });
    const b1 = queue.run('b', async () => { log.push('b1 start'); });
    await b1;
    expect(log).toEqual(['a1 start', 'b1 start']);
    release();
    await Promise.all([a1, a2]);
    expect(log).toEqual(['a1 start', 'b1 start', 'a1 end', 'a2 start']);
  });
});
