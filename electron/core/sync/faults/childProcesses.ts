// The parent's side of the fault tests' child processes: a device (deviceChild.ts) or the
// service (server/testing/serviceChild.ts), each run with tsx and spoken to over IPC, each
// one SIGKILL away from dying at any point.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DeviceRequestBody, DeviceSnapshot } from './deviceProtocol.ts';
import { freePort } from '../../../../shared/node/freePort.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEVICE_ENTRY = path.join(here, 'deviceChild.ts');
const SERVICE_ENTRY = path.resolve(here, '../../../../server/testing/serviceChild.ts');

/** The child died (killed, or crashed) before it answered. */
export class ChildGoneError extends Error {}

interface Rpc {
  child: ChildProcess;
  /** Sends a message that has no answer. */
  tell(body: Record<string, unknown>): void;
  ready: Promise<Record<string, unknown>>;
  request(body: Record<string, unknown>): Promise<unknown>;
  /** SIGKILL: no cleanup, no flush, as a crash or a pulled plug. Resolves once it is gone. */
  kill(): Promise<void>;
}

function startChild(entry: string, env: NodeJS.ProcessEnv = {}): Rpc {
  const child = fork(entry, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 1;
  let gone = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => {
    gone = true;
    for (const w of waiting.values()) w.reject(new ChildGoneError('The process died before it answered'));
    waiting.clear();
    resolve();
  }));
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    child.once('exit', (code, signal) => reject(new ChildGoneError(`${path.basename(entry)} exited before it was ready (${signal ?? code})`)));
    child.on('message', (message: Record<string, unknown>) => {
      if (message.ready) return resolve(message);
      const w = waiting.get(message.rpc as number);
      if (!w) return;
      waiting.delete(message.rpc as number);
      if (message.ok) w.resolve(message.value);
      else w.reject(new Error(String(message.error)));
    });
  });
  ready.catch(() => undefined);
  return {
    child,
    ready,
    tell: (body) => void child.send(body),
    request(body) {
      if (gone) return Promise.reject(new ChildGoneError('The process is gone'));
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ ...body, rpc: id });
      });
    },
    async kill() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface DeviceProcess {
  request<T = unknown>(body: DeviceRequestBody): Promise<T>;
  snapshot(): Promise<DeviceSnapshot>;
  kill(): Promise<void>;
  /** Closes the replica and lets the process end. */
  stop(): Promise<void>;
}

/** Device processes: each new one is taken from a spare started ahead, as loading the code takes seconds. */
let spareDevice: Rpc | undefined;

/** Ends the spare device process (once no more devices will start). */
export async function stopSpareDevice(): Promise<void> {
  await spareDevice?.kill();
  spareDevice = undefined;
}

export async function startDeviceProcess(): Promise<DeviceProcess> {
  const rpc = spareDevice ?? startChild(DEVICE_ENTRY);
  spareDevice = startChild(DEVICE_ENTRY);
  spareDevice.ready.catch(() => undefined);
  await rpc.ready;
  return {
    request: <T>(body: DeviceRequestBody) => rpc.request(body) as Promise<T>,
    snapshot: () => rpc.request({ op: 'snapshot' }) as Promise<DeviceSnapshot>,
    kill: () => rpc.kill(),
    async stop() {
      await rpc.request({ op: 'close' }).catch(() => undefined);
      await rpc.kill();
    },
  };
}

export interface ServiceUser {
  id: string;
  token: string;
}

export interface ServiceProcess {
  /** The service's own URL (devices reach it through a proxy). */
  url(): string;
  createUser(): Promise<ServiceUser>;
  createGroup(ownerId: string, memberIds: string[]): Promise<string>;
  kill(): Promise<void>;
  /** Starts it again on the same data and port (after a kill). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}


export async function startServiceProcess(): Promise<ServiceProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'refshelf-fault-service-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { REFSHELF_DATA_DIR: dataDir, REFSHELF_PORT: String(port), REFSHELF_STANDBY: '1' };
  // A spare has loaded the service's code and waits for the running one to die.
  let spare = startChild(SERVICE_ENTRY, env);
  let rpc: Rpc;
  const begin = async () => {
    rpc = spare;
    rpc.tell({ op: 'start' });
    spare = startChild(SERVICE_ENTRY, env);
    await rpc.ready;
  };
  await begin();
  return {
    url: () => url,
    createUser: () => rpc.request({ op: 'createUser' }) as Promise<ServiceUser>,
    createGroup: (ownerId, memberIds) => rpc.request({ op: 'createGroup', ownerId, memberIds }) as Promise<string>,
    kill: () => rpc.kill(),
    restart: begin,
    async stop() {
      await rpc.kill();
      await spare.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
