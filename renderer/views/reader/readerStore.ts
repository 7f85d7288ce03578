// The reader's way to the core: the document and its PDF, the document's annotations and
// word of their changes (a sync), and "Export PDF" (a copy of the PDF with the annotations
// written in by the core; on the desktop the shell's save dialog asks where, in a browser
// the copy is downloaded from the URL the core answers).
import type { EventListener, ReaderFile } from '../../../shared/bridge/contract.ts';
import type { BridgeClient } from '../../bridge/bridgeClient.ts';
import { BridgeCallError } from '../../bridge/bridgeClient.ts';
import { downloadUrl } from '../../lib/download.ts';
import { command, useAreaStore } from '../../state/areaCommands.ts';
import { annotatedName, exportSummary } from './exportPdf.ts';

/** Answers the summary, or undefined when the person cancelled the save dialog. */
async function exportAnnotatedPdf(bridge: BridgeClient, documentId: string, file: ReaderFile): Promise<string | undefined> {
  const chosen = await bridge.invoke('app.chooseSavePath', { title: 'Export PDF with annotations', defaultName: annotatedName(file.fileName), extensions: ['pdf'] });
  if (!chosen.ok && chosen.error.code !== 'unsupported') throw new BridgeCallError(chosen.error);
  if (chosen.ok && !chosen.value.path) return undefined;
  const path = chosen.ok ? chosen.value.path : undefined;
  const result = await bridge.call('reader.exportAnnotatedPdf', { documentId, fileId: file.fileId, ...(path ? { path } : {}) });
  if (result.url) downloadUrl(result.url, result.fileName);
  return exportSummary(result);
}

export function createReaderStore(bridge: BridgeClient) {
  return {
    document: command(bridge, 'documents.get'),
    openFile: command(bridge, 'reader.openFile'),
    listAnnotations: command(bridge, 'annotations.list'),
    createAnnotation: command(bridge, 'annotations.create'),
    updateAnnotation: command(bridge, 'annotations.update'),
    deleteAnnotation: command(bridge, 'annotations.delete'),
    /** Calls `listener` on every library change; answers the unsubscribe. */
    onLibraryChanged: (listener: EventListener<'library.changed'>) => bridge.on('library.changed', listener),
    exportAnnotatedPdf: (documentId: string, file: ReaderFile) => exportAnnotatedPdf(bridge, documentId, file),
  };
}

export type ReaderStore = ReturnType<typeof createReaderStore>;

export function useReaderStore(): ReaderStore {
  return useAreaStore(createReaderStore);
}
