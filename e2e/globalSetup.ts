// Builds the renderer, then starts the real core in browser mode (e2e/serveBrowserMode.ts)
// in a child process and hands its page URL (with the per-run secret) to the tests.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The renderer build failed (vite build)');

  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/serveBrowserMode.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const ready = new Promise<{ pageUrl: string }>((resolve, reject) => {
    lines.on('line', (line) => {
      try {
        const message = JSON.parse(line) as { pageUrl?: string };
        if (message.pageUrl) resolve(message as { pageUrl: string });
      } catch {
        // not the ready line
      }
    });
    child.once('exit', (code) => reject(new Error(`browser mode exited early (code ${code})`)));
  });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('browser mode did not start within 60 s')), 60_000));
  const { pageUrl } = await Promise.race([ready, timeout]);
  process.env.REFSHELF_E2E_URL = pageUrl;

  return async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([once(child, 'exit'), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
  };
}
