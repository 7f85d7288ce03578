// Starts e2e/serveBrowserMode.ts in a child process and waits for its ready line: the
// first device (globalSetup) and any further device (devices.ts) start the same way.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export interface BrowserModeReady {
  pageUrl: string;
  dataDir: string;
  serviceUrl: string;
  /** The app's OAuth client at the first device's embedded service. */
  clientId?: string;
  /** The first device's local account at its embedded service. */
  localAccount?: { email: string; password: string };
}

export interface BrowserModeProcess extends BrowserModeReady {
  stop(): Promise<void>;
}

const START_LIMIT_MS = 600_000;

export async function startBrowserMode(env: Record<string, string> = {}): Promise<BrowserModeProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/serveBrowserMode.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = new Promise<BrowserModeReady>((resolve, reject) => {
    lines.on('line', (line) => {
      try {
        const message = JSON.parse(line) as Partial<BrowserModeReady>;
        if (message.pageUrl) resolve(message as BrowserModeReady);
      } catch {
        // not the ready line
      }
    });
    child.once('exit', (code) => reject(new Error(`browser mode exited early (code ${code})`)));
  });
  // The wait is on the ready line (or an early exit); this limit only catches a child that hangs.
  // It is generous because a start (a new service's migrations, the core, the bundled catalog)
  // took over 180 s on a 2-core machine at load 40; a test's own timeout bounds it anyway.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`browser mode did not start within ${START_LIMIT_MS / 1000} s`)), START_LIMIT_MS);
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await Promise.race([once(child, 'exit'), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  };
  try {
    return { ...(await Promise.race([ready, timeout])), stop };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
