// SIGTERM on a real service process: what is in flight finishes, nothing new gets in, the
// live-sync streams end cleanly and the process exits 0.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestUser } from '../testing/testService.ts';
import { startServeProcess } from '../testing/serveProcess.ts';
import { openEventStream } from '../testing/eventStream.ts';
import { mediaTypes } from '../../shared/vendor.ts';
import { DEFAULT_VENDOR } from '../../shared/vendor.ts';

const documentType = mediaTypes(DEFAULT_VENDOR).document;
let dataDir: string;
const serveFlags: string[] = [];
let user: TestUser;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-shutdown-'));
  const setup = await startTestService({ dataDir });
  user = await setup.createUser();
  // The process serves the same database (PostgreSQL in the PostgreSQL pass).
  const databaseUrl = setup.ctx.config.databaseUrl;
  if (databaseUrl) serveFlags.push('--database', databaseUrl);
  await setup.stop();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A POST whose body is sent in two halves: the first once the service has taken the request. */
function postInTwoHalves(url: string, body: string) {
  const half = Math.floor(body.length / 2);
  const request = http.request(`${url}/documents`, {
    method: 'POST',
    headers: { ...user.auth, 'Content-Type': documentType, Accept: documentType, 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
  // 100 Continue: the service has read the request's head and waits for its body.
  const accepted = new Promise<void>((resolve) =>
    request.on('continue', () => {
      request.write(body.slice(0, half));
      resolve();
    }),
  );
  request.flushHeaders();
  return { accepted, answer, sendRest: () => request.end(body.slice(half)) };
}

/** Resolves once a new connection to the service is refused. */
async function refusedAtNewConnections(url: string): Promise<unknown> {
  for (;;) {
    try {
      await fetch(`${url}/health`, { headers: { Connection: 'close' } });
    } catch (error) {
      return error;
    }
  }
}

describe('graceful shutdown', () => {
  it('finishes a request in flight, refuses new ones, ends the event streams and exits 0', async () => {
    const service = await startServeProcess(dataDir, serveFlags);
    const events = await openEventStream(service.url, user.token);
    const upload = postInTwoHalves(service.url, JSON.stringify({ type: 'journal', title: 'Sent while the service stops' }));
    await upload.accepted;

    service.child.kill('SIGTERM');
    const refusal = await refusedAtNewConnections(service.url);
    // Refused, or reset when it reached the backlog just as the socket closed: never served.
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(String((refusal as { cause?: { code?: string } }).cause?.code));
    expect(await events.ended).toBe('ended');

    upload.sendRest();
    const answer = await upload.answer;
    expect(answer.status).toBe(201);
    const created = JSON.parse(answer.body) as { id: string };
    expect(await service.exited).toBe(0);

    // The document was committed before the process went away.
    const after = await startTestService({ dataDir });
    try {
      const res = await after.fetch(`/documents/${created.id}`, { headers: { ...user.auth, Accept: documentType } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { title: string }).title).toBe('Sent while the service stops');
    } finally {
      await after.stop();
    }
  });

  it('cuts a request that outlasts the grace period and exits 1', async () => {
    const service = await startServeProcess(dataDir, [...serveFlags, '--shutdown-grace-seconds', '1']);
    const upload = postInTwoHalves(service.url, JSON.stringify({ type: 'journal', title: 'Never finished' }));
    await upload.accepted;
    service.child.kill('SIGTERM');
    await expect(upload.answer).rejects.toThrow();
    expect(await service.exited).toBe(1);
    expect(service.output()).toContain('were cut');
  });
});
