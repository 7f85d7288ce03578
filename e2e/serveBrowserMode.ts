// Runs the real desktop core in browser mode for the e2e tests: a temp data directory, the
// embedded service (or, as another device, the first one's service as a remote service),
// a real replica, the bridge over a loopback WebSocket, and the built renderer. It prints
// one JSON line when ready and stops cleanly on SIGTERM.
//   REFSHELF_E2E_REMOTE='{"serviceUrl":..., "clientId":...}': a second device, signed out,
//   that signs in through the service's real OAuth pages (e2e/devices.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore } from '../electron/core/core.ts';
import { createFileStore } from '../electron/core/files/fileStore.ts';
import { seedLibrary } from './seedLibrary.ts';
import { seedReaderDocuments } from './seedReader.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-e2e-'));
const remote = process.env.REFSHELF_E2E_REMOTE ? JSON.parse(process.env.REFSHELF_E2E_REMOTE) as { serviceUrl: string; clientId: string } : undefined;
if (remote) writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ serviceUrl: remote.serviceUrl, clientId: remote.clientId }));
const core = await createCore({
  dataDir,
  rendererDir: path.resolve('dist/renderer'),
  openExternal: () => undefined,
  syncIntervalMs: 60_000,
  syncDebounceMs: 500,
  serviceLogLevel: 'warn',
});
await core.start();
if (!remote) {
  seedLibrary(core.replica);
  await seedReaderDocuments(core.replica, createFileStore(path.join(dataDir, 'files')));
}
const server = await core.serveBrowser();
// The first device also names its service, app client and local account, so that other
// devices can sign in to the same service as the same person or as someone else.
const local = core.embedded ? await core.embedded.localAccount() : undefined;
process.stdout.write(`${JSON.stringify({
  pageUrl: server.pageUrl,
  dataDir,
  serviceUrl: core.serviceUrl,
  clientId: local?.clientId,
  localAccount: local ? { email: local.email, password: local.password } : undefined,
})}\n`);

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
