// The library store's commands on one document and its notes, for the details pane, the
// notes section, the new-document and conflicts dialogs: the screen reaches the core through
// its store, never the bridge. They answer the bridge's result values, so a pane can show the
// failure's sentence where it happened. Ids are sent as they are now (state/idRenames.ts).
import type { BridgeClient } from '../bridge/bridgeClient.ts';
import type { BridgeEvents, BridgeResult, CommandRequest, CommandResponse } from '../../shared/bridge/contract.ts';

type Answer<K extends 'documents.get' | 'documents.create' | 'documents.update' | 'annotations.list' | 'annotations.create' | 'annotations.update'> =
  Promise<BridgeResult<CommandResponse<K>>>;

export interface DocumentCommands {
  getDocument(id: string): Answer<'documents.get'>;
  createDocument(document: CommandRequest<'documents.create'>): Answer<'documents.create'>;
  updateDocument(id: string, patch: CommandRequest<'documents.update'>['patch']): Answer<'documents.update'>;
  annotationsOf(documentId: string): Answer<'annotations.list'>;
  createAnnotation(annotation: CommandRequest<'annotations.create'>): Answer<'annotations.create'>;
  updateAnnotation(id: string, patch: CommandRequest<'annotations.update'>['patch']): Answer<'annotations.update'>;
  /** Hears what the core changed (an edit here, an import, a sync); returns the function that stops it. */
  onLibraryChanged(listener: (change: BridgeEvents['library.changed']) => void): () => void;
}

export function documentCommands(bridge: BridgeClient, currentId: (id: string) => string): DocumentCommands {
  return {
    getDocument: (id) => bridge.invoke('documents.get', { id: currentId(id) }),
    createDocument: (document) => bridge.invoke('documents.create', document),
    updateDocument: (id, patch) => bridge.invoke('documents.update', { id: currentId(id), patch }),
    annotationsOf: (documentId) => bridge.invoke('annotations.list', { documentId: currentId(documentId) }),
    createAnnotation: (annotation) => bridge.invoke('annotations.create', { ...annotation, document_id: currentId(annotation.document_id) }),
    updateAnnotation: (id, patch) => bridge.invoke('annotations.update', { id: currentId(id), patch }),
    onLibraryChanged: (listener) => bridge.on('library.changed', listener),
  };
}
