// Test helper: an importer over a temporary replica and file store, talking to a given
// service URL (a dead loopback port stands for "offline").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportProgress } from '../../../shared/bridge/contract.ts';
import { createLibraryApi } from '../../../shared/client/libraryApi.ts';
import { createFileStore } from '../files/fileStore.ts';
import { openReplica } from '../replica/index.ts';
import { createImporter } from './importer.ts';
import { sharedPdfReader } from '../../../shared/node/pdf/isolatedPdfReader.ts';
import { createStagingArea } from '../files/stagingArea.ts';
import type { Clock } from '../clock.ts';

/** Nothing listens on port 9 (discard) on loopback: every call fails with a network error. */
export const OFFLINE_URL = 'http://127.0.0.1:9';

export function testImporter(options: { baseUrl?: string; token?: string; retryMs?: number; clock?: Clock; onChanged?: (ids: string[]) => void } = {}) {
  // PDFs are read in a worker thread shared by the process; start it while the test sets up.
  sharedPdfReader().warm();
  const dir = mkdtempSync(path.join(tmpdir(), 'refshelf-import-'));
  const replica = openReplica(path.join(dir, 'library.sqlite'));
  const fileStore = createFileStore(path.join(dir, 'files'));
  const api = createLibraryApi({ baseUrl: options.baseUrl ?? OFFLINE_URL, getAccessToken: async () => options.token });
  const progress: ImportProgress[] = [];
  const changed: string[] = [];
  const importer = createImporter({
    replica, fileStore, api, staging: createStagingArea(path.join(dir, 'staging')),
    onChanged: (ids) => {
      changed.push(...ids);
      options.onChanged?.(ids);
    },
    onProgress: (p) => progress.push(p),
    canLookup: () => true,
    ...(options.retryMs !== undefined ? { retryMs: options.retryMs } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return {
    dir, replica, fileStore, importer, progress, changed,
    async dispose() {
      await importer.stop();
      replica.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
