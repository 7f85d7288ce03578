// Builds the renderer, then starts the real core in browser mode (e2e/serveBrowserMode.ts)
// in a child process and hands its page URL (with the per-run secret) and its service to
// the tests.
import { spawnSync } from 'node:child_process';
import { startBrowserMode } from './browserModeProcess.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The renderer build failed (vite build)');

  // The embedded service resolves no identifiers upstream here: e2e never reaches the
  // internet (resolution is tested against a stand-in upstream in server/metadata/).
  const first = await startBrowserMode({ SERVICE_RESOLVE_IDENTIFIERS: 'false' });
  process.env.REFSHELF_E2E_URL = first.pageUrl;
  process.env.REFSHELF_E2E_SERVICE = JSON.stringify({ serviceUrl: first.serviceUrl, clientId: first.clientId, localAccount: first.localAccount, dataDir: first.dataDir });
  return first.stop;
}
