// Runs the real desktop core in browser mode for the e2e tests: a temp data directory, the
// embedded service, a real replica, the bridge over a loopback WebSocket, and the built
// renderer. It prints one JSON line {pageUrl} when ready and stops cleanly on SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore } from '../electron/core/core.ts';
import { createFileStore } from '../electron/core/files/fileStore.ts';
import { seedLibrary } from './seedLibrary.ts';
import { seedReaderDocuments } from './seedReader.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-e2e-'));
const core = await createCore({
  dataDir,
  rendererDir: path.resolve('dist/renderer'),
  openExternal: () => undefined,
  syncIntervalMs: 60_000,
  syncDebounceMs: 500,
  serviceLogLevel: 'warn',
});
await core.start();
seedLibrary(core.replica);
await seedReaderDocuments(core.replica, createFileStore(path.join(dataDir, 'files')));
const server = await core.serveBrowser();
process.stdout.write(`${JSON.stringify({ pageUrl: server.pageUrl, dataDir })}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await core.stop().catch((error: unknown) => console.error('[e2e] core did not stop cleanly:', error));
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
