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
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('browser mode did not start within 180 s')), 180_000);
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
