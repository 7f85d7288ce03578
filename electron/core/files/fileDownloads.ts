// The one way the bytes of a service file come into the local store (the sync engine's
// eager downloads, the reader opening a PDF only the service has, catalog add's
// open-access PDF): bytes already here are not fetched again; fetched ones are checked
// against their SHA-1 on the way in.
import type { LibraryApi } from '../../../shared/client/index.ts';
import type { Clock } from '../clock.ts';
import { withRetry } from '../sync/retry.ts';
import type { FileStore } from './fileStore.ts';

export interface DownloadContext {
  api: Pick<LibraryApi, 'files'>;
  fileStore: FileStore;
  signal?: AbortSignal;
  /** The clock the waits between tries run on (the core's). */
  clock?: Clock;
}

/**
 * Makes sure the bytes of a service file are in the store and answers where they are.
 * Transient failures are tried again (`attempts`, 5 by default); 1 answers at once.
 */
export async function downloadIntoStore(ctx: DownloadContext, file: { id: string; filehash: string }, options: { attempts?: number } = {}): Promise<string> {
  if (!ctx.fileStore.has(file.filehash)) {
    const bytes = await withRetry(() => ctx.api.files.download(file.id, { signal: ctx.signal }), { signal: ctx.signal, attempts: options.attempts, clock: ctx.clock });
    await ctx.fileStore.put(new Uint8Array(bytes), { expectedSha1: file.filehash });
  }
  return ctx.fileStore.pathOf(file.filehash);
}
