// The import panel's store (renderer/import/importStore.ts) over a real core in browser mode,
// reached through the renderer's own WebSocket bridge client: its counts and each file's state
// follow the work as it happens (the bytes handed over one file after another, then each file
// imported), not only when the whole batch's report arrives.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bridgeClient, connectWebSocketBridge, type WebSocketLike } from '../../../renderer/bridge/bridgeClient.ts';
import { createImportStore, isFinished, type ImportState } from '../../../renderer/import/importStore.ts';
import { sharedPdfReader } from '../../../shared/node/pdf/isolatedPdfReader.ts';
import type { BrowserServer } from '../bridge/browserServer.ts';
import { createCore, type Core } from '../core.ts';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/node/pdf/fixtures');
const NAMES = ['actuar-intro.pdf', 'rcpp-extending.pdf', 'survival-approximate.pdf', 'actuar-intro.pdf'];

let dataDir: string;
let core: Core;
let server: BrowserServer;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-import-panel-'));
  const rendererDir = path.join(dataDir, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>RefShelf</title>');
  core = await createCore({ dataDir: path.join(dataDir, 'app'), rendererDir, openExternal: () => {}, serviceLogLevel: 'silent', syncIntervalMs: 60_000 });
  await core.start();
  server = await core.serveBrowser();
});
afterAll(async () => {
  await core?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
// pdf.js loads once per test process in the reader's worker thread: not inside the test's limit.
beforeAll(() => sharedPdfReader().ready(), 180_000);

/** What the panel would show at one moment. */
interface Seen { busy: boolean; phase?: string; read: number; done: number; statuses: string[] }

describe('the import panel store over a real core', () => {
  it('counts files as they are read and as each is imported, and shows each file\'s state', async () => {
    const client = bridgeClient(await connectWebSocketBridge(server.origin, server.secret, (url, protocols) => new WebSocket(url, protocols, { origin: server.origin }) as unknown as WebSocketLike));
    const store = createImportStore(client);
    const off = client.on('import.progress', (progress) => store.getState().onProgress(progress));
    const seen: Seen[] = [];
    const record = (s: ImportState) => seen.push({ busy: s.busy, phase: s.phase, read: s.read, done: s.rows.filter(isFinished).length, statuses: s.rows.map((r) => r.status) });
    const unsubscribe = store.subscribe(record);

    // Each file its own bytes (a comment after its end), so none is "already in the library".
    const files = NAMES.map((name, i) => new File([readFileSync(path.join(fixtures, name)), `\n% copy ${i}\n`], `${i}-${name}`, { type: 'application/pdf' }));
    await store.getState().importFiles(files);
    unsubscribe();
    off();

    const total = files.length;
    // While the bytes went over, the count of files read rose one by one, each row "reading" in turn.
    const reading = seen.filter((s) => s.phase === 'reading');
    expect([...new Set(reading.map((s) => s.read))]).toEqual([0, 1, 2, 3, 4]);
    expect(reading.some((s) => s.statuses[1] === 'reading' && s.statuses[0] === 'waiting')).toBe(true);
    // While importing, the finished count rose before the batch ended, with the file at work marked.
    const importing = seen.filter((s) => s.busy && s.phase === 'importing');
    expect(importing.some((s) => s.done > 0 && s.done < total)).toBe(true);
    expect(importing.some((s) => s.statuses.includes('importing'))).toBe(true);
    const doneCounts = importing.map((s) => s.done);
    expect(doneCounts).toEqual([...doneCounts].sort((a, b) => a - b));
    expect(new Set(doneCounts)).toEqual(new Set([0, 1, 2, 3, 4]));
    // At the end: every file finished, the panel no longer busy. The second copy of a paper
    // (same metadata, other bytes) waits for the user's word as a likely duplicate.
    const end = store.getState();
    expect(end.busy).toBe(false);
    expect(end.rows.map((r) => r.status)).toEqual(['imported', 'imported', 'imported', 'held']);
    expect(end.rows.slice(0, 3).every((r) => r.documentId)).toBe(true);
    expect(end.held).toHaveLength(1);
  }, 240_000);
});
