// Which file of a document the reader works on, and making its bytes local.
import { access } from 'node:fs/promises';
import type { LibraryFile } from '../../../shared/bridge/libraryTypes.ts';
import type { LibraryApi } from '../../../shared/client/libraryApi.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { ReplicaSync } from '../replica/index.ts';
import { BridgeFailure } from '../commands/failure.ts';
import { downloadFile } from '../sync/fileTransfers.ts';

export interface FileDeps {
  /** A download records where the bytes are. */
  replica: Pick<ReplicaSync, 'fileRecord' | 'setFileLocalPath'>;
  api: LibraryApi;
  fileStore: FileStore;
}

const isPdf = (file: LibraryFile) => file.mime_type === 'application/pdf' || /\.pdf$/i.test(file.file_name);

/** The file to open: the one asked for, else the document's first PDF. */
export function chooseFile(files: LibraryFile[], documentId: string, fileId: string | undefined): LibraryFile {
  if (fileId !== undefined) {
    const file = files.find((f) => f.id === fileId);
    if (!file) throw new BridgeFailure('not_found', `File ${fileId} is not attached to document ${documentId}`, 'fileId');
    return file;
  }
  const pdf = files.find(isPdf);
  if (!pdf) throw new BridgeFailure('not_found', files.length ? 'This document has files, but none of them is a PDF' : 'This document has no file attached');
  return pdf;
}

/** Puts the bytes in the store: from where an import left them, else from the service. */
export async function ensureLocal(deps: FileDeps, file: LibraryFile): Promise<void> {
  if (deps.fileStore.has(file.filehash)) return;
  const importedAt = file.local_path && file.local_path !== deps.fileStore.pathOf(file.filehash) ? file.local_path : undefined;
  if (importedAt && (await access(importedAt).then(() => true, () => false))) {
    await deps.fileStore.put({ path: importedAt }, { expectedSha1: file.filehash });
    return;
  }
  if (file.id.startsWith('local:')) throw new BridgeFailure('not_found', `The bytes of ${file.file_name} are not on this machine`);
  await downloadFile({ replica: deps.replica, api: deps.api, fileStore: deps.fileStore }, file.id);
}
