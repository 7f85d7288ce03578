// Honest status and live sync, measured with started engines (the app's own schedule, the
// periodic pull an hour away): how soon a device shows "offline" after the service process
// is SIGKILLed (idle: the change channel closes; after an edit: the push fails), and how
// soon an edit on one online device shows on another, through the service's change hints.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLibraryApi } from '../../shared/client/index.ts';
import { createFileStore } from '../../electron/core/files/fileStore.ts';
import { openReplica, type Replica } from '../../electron/core/replica/index.ts';
import { createSyncEngine, type SyncEngine, type SyncStatus } from '../../electron/core/sync/syncEngine.ts';
import { startServiceProcess, type ServiceProcess } from '../../electron/core/sync/faults/childProcesses.ts';
import { percentile } from '../report.ts';

const LIVE_EDITS = Number(process.env.SYNC_LIVE_EDITS ?? 20);
const OFFLINE_TRIALS = Number(process.env.SYNC_OFFLINE_TRIALS ?? 5);
const HOUR = 3_600_000;

export interface LiveSyncFigures {
  edits: number;
  medianMs: number;
  slowestMs: number;
  offlineTrials: number;
  offlineMedianMs: number;
  offlineSlowestMs: number;
  editOfflineSlowestMs: number;
}

interface Device {
  replica: Replica;
  engine: SyncEngine;
  close(): Promise<void>;
}

function openDevice(service: ServiceProcess, token: string): Device {
  const dir = mkdtempSync(path.join(tmpdir(), 'refshelf-live-'));
  const replica = openReplica(path.join(dir, 'library.sqlite'));
  const api = createLibraryApi({ baseUrl: service.url(), getAccessToken: async () => token });
  const engine = createSyncEngine({ replica, api, fileStore: createFileStore(path.join(dir, 'files')), intervalMs: HOUR });
  return {
    replica, engine,
    async close() {
      await engine.stop();
      replica.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves when the engine's status satisfies `check` (at once if it already does). */
function whenStatus(engine: SyncEngine, check: (status: SyncStatus) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (check(engine.status())) return resolve();
    const off = engine.onStatus((status) => {
      if (check(status)) {
        off();
        resolve();
      }
    });
  });
}

const sorted = (values: number[]) => [...values].sort((x, y) => x - y);

export async function measureLiveSync(): Promise<LiveSyncFigures> {
  const service = await startServiceProcess();
  const user = await service.createUser();
  const a = openDevice(service, user.token);
  const b = openDevice(service, user.token);
  try {
    const local = a.replica.createDocument({ title: 'Live 0', type: 'journal' } as never);
    await a.engine.syncNow();
    const id = a.replica.currentIdOf(local.id)!;
    await b.engine.syncNow();
    a.engine.start();
    b.engine.start();
    await whenStatus(b.engine, (s) => s.state === 'idle');

    const delays: number[] = [];
    for (let i = 1; i <= LIVE_EDITS; i++) {
      const title = `Live ${i}`;
      const arrived = new Promise<void>((resolve) => {
        const off = b.engine.onStatus(() => {
          if (b.replica.getDocument(id)?.title === title) {
            off();
            resolve();
          }
        });
      });
      const startedAt = performance.now();
      a.replica.updateDocument(id, { title } as never);
      a.engine.requestSync();
      await arrived;
      delays.push(performance.now() - startedAt);
    }

    // The service dies while both are idle (b), and right after an edit (a).
    const idleOffline: number[] = [];
    const editOffline: number[] = [];
    for (let trial = 0; trial < OFFLINE_TRIALS; trial++) {
      await Promise.all([a, b].map((d) => whenStatus(d.engine, (s) => s.state === 'idle')));
      const killedAt = performance.now();
      const bOffline = whenStatus(b.engine, (s) => s.state === 'offline').then(() => idleOffline.push(performance.now() - killedAt));
      await service.kill();
      const editedAt = performance.now();
      const aOffline = whenStatus(a.engine, (s) => s.state === 'offline').then(() => editOffline.push(performance.now() - editedAt));
      a.replica.updateDocument(id, { title: `Offline ${trial}` } as never);
      a.engine.requestSync();
      await Promise.all([aOffline, bOffline]);
      await service.restart();
    }
    return {
      edits: delays.length,
      medianMs: percentile(sorted(delays), 50),
      slowestMs: Math.max(...delays),
      offlineTrials: OFFLINE_TRIALS,
      offlineMedianMs: percentile(sorted(idleOffline), 50),
      offlineSlowestMs: Math.max(...idleOffline),
      editOfflineSlowestMs: Math.max(...editOffline),
    };
  } finally {
    await a.close();
    await b.close();
    await service.stop();
  }
}
