// The service in a process of its own for benchmarks: it gets one core, the measuring
// process the other, as a real client and server would.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../shared/node/freePort.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServiceProcess {
  port: number;
  base: string;
  child: ChildProcess;
}

/** Starts `npm run server` on a free loopback port over `dataDir` and waits until it listens. */
export async function startServiceProcess(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<ServiceProcess> {
  return startListening((port) => [path.join(root, 'server/cli/serve.ts'), '--port', String(port), '--data-dir', dataDir, '--log-level', 'silent'], env);
}

/** The bench floor (floorServer.ts) serving the bodies in `dir`, in a process of its own. */
export async function startFloorProcess(dir: string): Promise<ServiceProcess> {
  return startListening((port) => [path.join(root, 'bench/service/floorServer.ts'), dir, String(port)]);
}

/**
 * Node options for the service process alone, e.g. `BENCH_SERVICE_NODE_ARGS="--cpu-prof
 * --cpu-prof-dir=DIR"` to profile the service during a bench (NODE_OPTIONS refuses
 * --cpu-prof, and would profile the measuring process too).
 */
function serviceNodeArgs(): string[] {
  return (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
}

/** A TypeScript entry point run with tsx on a free port, once it says it is listening. */
async function startListening(argsFor: (port: number) => string[], env: NodeJS.ProcessEnv = {}): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...serviceNodeArgs(), '--import', 'tsx', ...argsFor(port)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  try {
    await waitForListening(child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return { port, base: `http://127.0.0.1:${port}`, child };
}

/**
 * Stops a service process and waits until it has exited (its database is free again). A
 * process that already exited (a crash during the run) is not waited for.
 */
export async function stopServiceProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function waitForListening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('service did not start within 120 s')), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with code ${code}`));
    });
  });
}
