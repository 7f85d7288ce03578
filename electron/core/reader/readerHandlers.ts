// The reader's bridge commands (shared/bridge/readerCommands.ts): a document's PDF made
// local, then handed to the renderer as a URL it may load (fileLinks.ts).
import { access } from 'node:fs/promises';
import type { ReaderCommands, ReaderFile } from '../../../shared/bridge/readerCommands.ts';
import type { LibraryFile } from '../../../shared/bridge/libraryTypes.ts';
import type { HandlerDeps } from '../bridge/handlers.ts';
import type { HandlersOf } from '../bridge/dispatch.ts';
import { BridgeFailure } from '../bridge/errors.ts';
import { requiredObject, stringField } from '../bridge/requestChecks.ts';
import { downloadFile } from '../sync/fileTransfers.ts';

export type ReaderDeps = Pick<HandlerDeps, 'replica' | 'api' | 'fileStore' | 'fileLinks'>;

const isPdf = (file: LibraryFile) => file.mime_type === 'application/pdf' || /\.pdf$/i.test(file.file_name);

/** The file to open: the one asked for, else the document's first PDF. */
function chooseFile(files: LibraryFile[], documentId: string, fileId: string | undefined): LibraryFile {
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
async function ensureLocal(deps: ReaderDeps, file: LibraryFile): Promise<void> {
  if (deps.fileStore.has(file.filehash)) return;
  const importedAt = file.local_path && file.local_path !== deps.fileStore.pathOf(file.filehash) ? file.local_path : undefined;
  if (importedAt && (await access(importedAt).then(() => true, () => false))) {
    await deps.fileStore.put({ path: importedAt }, { expectedSha1: file.filehash });
    return;
  }
  if (file.id.startsWith('local:')) throw new BridgeFailure('not_found', `The bytes of ${file.file_name} are not on this machine`);
  await downloadFile({ replica: deps.replica, api: deps.api, fileStore: deps.fileStore }, file.id);
}

export function readerHandlers(deps: ReaderDeps): HandlersOf<ReaderCommands> {
  return {
    'reader.openFile': async (request): Promise<ReaderFile> => {
      const body = requiredObject(request, 'reader.openFile');
      const documentId = stringField(body, 'documentId');
      const fileId = body.fileId === undefined ? undefined : stringField(body, 'fileId');
      if (!deps.fileLinks) throw new BridgeFailure('unsupported', 'This transport cannot serve files to the reader');
      if (!deps.replica.getDocument(documentId)) throw new BridgeFailure('not_found', `Document ${documentId} is not in the library`);
      const file = chooseFile(deps.replica.listFiles(documentId), documentId, fileId);
      await ensureLocal(deps, file);
      return {
        documentId,
        fileId: file.id,
        filehash: file.filehash,
        fileName: file.file_name,
        size: file.size,
        url: deps.fileLinks.urlFor(file.filehash),
      };
    },
  };
}
