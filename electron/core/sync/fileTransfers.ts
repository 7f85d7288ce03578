// Bytes of library files between the service and the local content-addressed store.
import { readFile } from 'node:fs/promises';
import type { LibraryApi } from '../../../shared/client/index.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { ReplicaSync } from '../replica/index.ts';
import { downloadIntoStore, type DownloadContext } from '../files/fileDownloads.ts';

export interface TransferContext {
  replica: Pick<ReplicaSync, 'fileRecord' | 'setFileLocalPath'>;
  api: LibraryApi;
  fileStore: FileStore;
  signal?: AbortSignal;
  clock?: DownloadContext['clock'];
}

type FileRow = NonNullable<ReturnType<ReplicaSync['fileRecord']>>;

export const fileRow = (replica: Pick<ReplicaSync, 'fileRecord'>, id: string): FileRow | undefined => replica.fileRecord(id);

/** Makes sure the bytes of a file are in the store and answers where they are. */
export async function downloadFile(ctx: TransferContext, id: string): Promise<string> {
  const row = fileRow(ctx.replica, id);
  if (!row) throw new Error(`There is no file ${id} in this library`);
  const where = await downloadIntoStore(ctx, row);
  // The row may have gone while the bytes travelled; the bytes stay for whoever needs them.
  if (fileRow(ctx.replica, id)) ctx.replica.setFileLocalPath(id, where);
  return where;
}

/** The bytes of a file added here: from the store, else from where the import left them. */
export async function localBytes(ctx: TransferContext, row: Pick<FileRow, 'filehash' | 'local_path' | 'file_name'>): Promise<Uint8Array> {
  if (ctx.fileStore.has(row.filehash)) return ctx.fileStore.read(row.filehash);
  if (row.local_path) {
    const bytes = await readFile(row.local_path);
    await ctx.fileStore.put(bytes, { expectedSha1: row.filehash });
    return bytes;
  }
  throw new Error(`The bytes of file ${row.file_name} (${row.filehash}) are not on this machine`);
}
