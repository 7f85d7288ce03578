// The reader's bridge commands (shared/bridge/readerCommands.ts): a document's PDF made
// local, then handed to the renderer as a URL it may load (fileLinks.ts); and a copy of it
// with the annotations written in (exportAnnotatedPdf.ts).
import type { ReaderCommands, ReaderFile } from '../../../shared/bridge/readerCommands.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { BridgeFailure } from '../commands/failure.ts';
import { requiredObject, stringField } from '../commands/requestChecks.ts';
import { createPdfLane } from '../import/pdfLane.ts';
import { exportAnnotatedPdf, type ExportDeps } from './exportAnnotatedPdf.ts';
import { chooseFile, ensureLocal } from './readerFiles.ts';

export type ReaderDeps = Omit<ExportDeps, 'lane'> & {
  /** The core's one lane for pdf.js work (shared with the importer); else the reader makes its own. */
  pdfLane?: ExportDeps['lane'];
};

export function readerHandlers(deps: ReaderDeps): HandlersOf<ReaderCommands> {
  const lane = deps.pdfLane ?? createPdfLane();
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
    'reader.exportAnnotatedPdf': (request) => {
      const body = requiredObject(request, 'reader.exportAnnotatedPdf');
      return exportAnnotatedPdf({ ...deps, lane }, {
        documentId: stringField(body, 'documentId'),
        ...(body.fileId === undefined ? {} : { fileId: stringField(body, 'fileId') }),
        ...(body.path === undefined ? {} : { path: stringField(body, 'path') }),
      });
    },
  };
}
