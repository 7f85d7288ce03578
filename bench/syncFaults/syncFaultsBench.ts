// `npm run bench -- sync-faults`: creates whose replies are dropped after the service
// committed them (a loopback proxy), some followed by the service going away and the app
// restarting on the same replica, seeded and reproducible; then counts lost edits,
// duplicates, corrupt replicas and outboxes that did not drain. Also the median time for an
// edit on one online device to show on another through the live change hints.
// In-process: the full suite of the issue (child processes, SIGKILL, group members) is not
// built yet.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLibraryApi } from '../../shared/client/index.ts';
import { startTestService } from '../../server/testing/testService.ts';
import { createFileStore } from '../../electron/core/files/fileStore.ts';
import { openReplica } from '../../electron/core/replica/index.ts';
import { sqlOf } from '../../electron/core/replica/testing.ts';
import { createSyncEngine } from '../../electron/core/sync/syncEngine.ts';
import { startReplyDroppingProxy } from '../../electron/core/sync/faults/replyDroppingProxy.ts';
import { random as seededRandom } from '../catalog/catalogRecords.ts';
import { percentile, result, type BenchResult } from '../report.ts';

const TRIALS = Number(process.env.SYNC_FAULT_TRIALS ?? 60);
const LIVE_EDITS = Number(process.env.SYNC_LIVE_EDITS ?? 20);


export async function runSyncFaultsBench(): Promise<BenchResult[]> {
  const random = seededRandom(Number(process.env.SYNC_FAULT_SEED ?? 13));
  const service = await startTestService();
  const proxy = await startReplyDroppingProxy(service.url);
  const counts = { trials: 0, dropped: 0, restarts: 0, lost: 0, duplicates: 0, corrupt: 0, stuck: 0 };
  const dirs: string[] = [];
  try {
    for (let trial = 0; trial < TRIALS; trial++) {
      const user = await service.createUser();
      const dir = mkdtempSync(path.join(tmpdir(), 'refshelf-faults-'));
      dirs.push(dir);
      const api = createLibraryApi({ baseUrl: proxy.url, getAccessToken: async () => user.token });
      const fileStore = createFileStore(path.join(dir, 'files'));
      let replica = openReplica(path.join(dir, 'library.sqlite'));
      const titles: string[] = [];
      const docs = 1 + Math.floor(random() * 3);
      for (let i = 0; i < docs; i++) {
        const title = `Trial ${trial} paper ${i}`;
        const doc = replica.createDocument({ title, type: 'journal' } as never);
        replica.createAnnotation({ document_id: doc.id, type: 'note', text: `Note ${i}` } as never);
        titles.push(title);
      }
      replica.createFolder({ name: `Trial ${trial} folder` } as never);
      const collection = ['documents', 'annotations', 'folders'][Math.floor(random() * 3)]!;
      const thenOffline = random() < 0.5;
      proxy.dropNext((method, p) => method === 'POST' && p.split('?')[0] === `/${collection}`, 1, { thenOffline });
      const before = proxy.dropped.length;
      let engine = createSyncEngine({ replica, api, fileStore, pageSize: 100, liveChanges: false });
      await engine.syncNow().catch(() => undefined);
      counts.dropped += proxy.dropped.length - before;
      if (thenOffline) {
        // The app quits while the service is away, then starts again on the same file.
        await engine.stop();
        replica.close();
        proxy.setOffline(false);
        replica = openReplica(path.join(dir, 'library.sqlite'));
        engine = createSyncEngine({ replica, api, fileStore, pageSize: 100, liveChanges: false });
        counts.restarts++;
      }
      await engine.syncNow().catch(() => undefined);
      if (replica.countOutbox() > 0) await engine.syncNow().catch(() => undefined);
      counts.trials++;
      if (replica.countOutbox() > 0) counts.stuck++;
      if (sqlOf(replica).pragma('integrity_check', { simple: true }) !== 'ok') counts.corrupt++;
      const onService = (await (await service.fetch('/documents?limit=500', { headers: { ...user.auth, Accept: service.ctx.mediaTypes.document } })).json()) as { title: string }[];
      for (const title of titles) {
        const n = onService.filter((d) => d.title === title).length;
        if (n === 0) counts.lost++;
        if (n > 1) counts.duplicates += n - 1;
      }
      const folders = (await (await service.fetch('/folders', { headers: { ...user.auth, Accept: service.ctx.mediaTypes.folder } })).json()) as unknown[];
      if (folders.length > 1) counts.duplicates += folders.length - 1;
      if (folders.length === 0) counts.lost++;
      await engine.stop();
      replica.close();
    }

    // Live: two started devices of one user, periodic pull an hour away.
    const user = await service.createUser();
    const open = (name: string, options: { debounceMs?: number; hintDebounceMs?: number }) => {
      const dir = mkdtempSync(path.join(tmpdir(), `refshelf-live-${name}-`));
      dirs.push(dir);
      const replica = openReplica(path.join(dir, 'library.sqlite'));
      const api = createLibraryApi({ baseUrl: service.url, getAccessToken: async () => user.token });
      return { replica, engine: createSyncEngine({ replica, api, fileStore: createFileStore(path.join(dir, 'files')), intervalMs: 3_600_000, ...options }) };
    };
    const a = open('a', {});
    const b = open('b', {});
    const local = a.replica.createDocument({ title: 'Live 0', type: 'journal' } as never);
    await a.engine.syncNow();
    const id = a.replica.currentIdOf(local.id)!;
    await b.engine.syncNow();
    a.engine.start();
    b.engine.start();
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
      const started = performance.now();
      a.replica.updateDocument(id, { title } as never);
      a.engine.requestSync();
      await arrived;
      delays.push(performance.now() - started);
    }
    await a.engine.stop();
    await b.engine.stop();
    a.replica.close();
    b.replica.close();
    const median = percentile([...delays].sort((x, y) => x - y), 50);

    const note = `${counts.trials} trials, ${counts.dropped} replies dropped after commit, ${counts.restarts} app restarts`;
    return [
      result('sync faults: lost edits', counts.lost, 'edits', 'max', 0, note),
      result('sync faults: duplicates on the service', counts.duplicates, 'rows', 'max', 0),
      result('sync faults: corrupt replicas (integrity_check)', counts.corrupt, 'files', 'max', 0),
      result('sync faults: outboxes not drained', counts.stuck, 'files', 'max', 0),
      result(`live edit reaches a second device, median of ${LIVE_EDITS}`, median / 1000, 's', 'max', 5),
    ];
  } finally {
    await proxy.close();
    await service.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
