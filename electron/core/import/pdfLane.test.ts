import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPdfLane } from './pdfLane.ts';
import { sharedPdfReader } from '../../../shared/node/pdf/isolatedPdfReader.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/node/pdf/fixtures');
const pdf = (name: string) => path.join(fixtures, name);

// PDFs are read in a worker thread that loads pdf.js once per test process (slow on a busy
// machine): wait for it here rather than inside the first test's time limit.
beforeAll(() => sharedPdfReader().ready(), 180_000);

describe('the PDF lane', () => {
  it('reads one PDF at a time, waiting metadata before waiting full text', async () => {
    const lane = createPdfLane();
    const order: string[] = [];
    const track = (name: string, p: Promise<{ ok: boolean }>) => p.then((r) => { order.push(name); return r; });
    const results = await Promise.all([
      track('first', lane.extract(pdf('actuar-intro.pdf'), { maxPages: 1, fullText: true }, 'fulltext')),
      track('fulltext', lane.extract(pdf('rcpp-extending.pdf'), { maxPages: 1, fullText: true }, 'fulltext')),
      track('metadata', lane.extract(pdf('survival-approximate.pdf'), {}, 'metadata')),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(order).toEqual(['first', 'metadata', 'fulltext']);
  }, 90_000); // three real PDFs, two read whole: slow on a busy machine, and order is what counts

  it('gives up on a read that takes longer than its limit, and goes on with the next', async () => {
    const lane = createPdfLane(1);
    expect(await lane.extract(pdf('rcpp-extending.pdf'), { fullText: true }, 'metadata')).toMatchObject({ ok: false, message: expect.stringMatching(/too long/) });
    const patient = createPdfLane();
    expect(await patient.extract(pdf('actuar-intro.pdf'), {}, 'metadata')).toMatchObject({ ok: true });
  });

  it('runs what a person waits for before waiting extractions, and aborts a job past its limit before the next one starts', async () => {
    const lane = createPdfLane(50);
    const order: string[] = [];
    let release: () => void = () => undefined;
    const first = lane.run(() => new Promise<string>((done) => { release = () => done('first'); }), 'fulltext', () => 'late');
    const metadata = lane.run(async () => { order.push('metadata'); return 'read'; }, 'metadata', () => 'late');
    let abortedAt = -1;
    const slow = lane.run((signal) => new Promise<string>((done) => {
      order.push('slow started');
      signal.addEventListener('abort', () => { abortedAt = order.length; setTimeout(() => done('gave up'), 5); });
    }), 'user', () => 'too long');
    release();
    expect(await first).toBe('first');
    expect(await slow).toBe('too long');
    expect(await metadata).toBe('read');
    // The aborted job let go before the next one started.
    expect(order).toEqual(['slow started', 'metadata']);
    expect(abortedAt).toBe(1);
    await expect(lane.run(() => Promise.reject(new Error('broken')), 'user', () => 'late')).rejects.toThrow('broken');
  });
});
