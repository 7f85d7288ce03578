// The bridge commands of "Retrieve metadata" (shared/bridge/retrieveCommands.ts).
import type { RetrieveCommands } from '../../../shared/bridge/retrieveCommands.ts';
import type { LibraryApi } from '../../../shared/client/libraryApi.ts';
import type { SyncControl } from '../commands/controls.ts';
import type { EventHub } from '../commands/eventHub.ts';
import { BridgeFailure } from '../commands/failure.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { objectOf, requiredObject, stringField, stringList } from '../commands/requestChecks.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { PdfLane } from '../import/pdfLane.ts';
import type { Replica } from '../replica/index.ts';
import { createPdfLane } from '../import/pdfLane.ts';
import { assertGroupWritable } from '../people/groupWriteGuard.ts';
import { applyMetadata, previewMetadata } from './retrieveMetadata.ts';

export interface RetrieveHandlerDeps {
  replica: Replica;
  api: LibraryApi;
  fileStore: FileStore;
  /** The core's one lane for pdf.js work; else a lane of its own. */
  pdfLane?: PdfLane;
  events: EventHub;
  sync: SyncControl;
}

/** At most this many documents per preview: each may read a PDF and ask the service. */
const MAX_DOCUMENTS = 200;

export function retrieveHandlers(deps: RetrieveHandlerDeps): HandlersOf<RetrieveCommands> {
  const lane = deps.pdfLane ?? createPdfLane();
  return {
    'metadata.preview': (request) => {
      const documentIds = stringList(requiredObject(request, 'metadata.preview'), 'documentIds');
      if (documentIds.length > MAX_DOCUMENTS) throw new BridgeFailure('invalid', `Retrieve metadata for at most ${MAX_DOCUMENTS} documents at a time`, 'documentIds');
      return previewMetadata({ ...deps, lane }, documentIds);
    },
    'metadata.apply': (request) => {
      const body = requiredObject(request, 'metadata.apply');
      if (!Array.isArray(body.changes)) throw new BridgeFailure('invalid', 'changes must be a list', 'changes');
      const changes = body.changes.map((entry) => {
        const item = objectOf(entry, 'a change');
        return { documentId: stringField(item, 'documentId'), fields: objectOf(item.fields, 'fields') };
      });
      for (const { documentId } of changes) {
        const groupId = deps.replica.getDocument(documentId)?.group_id;
        if (groupId) assertGroupWritable(deps.replica, groupId);
      }
      const result = applyMetadata(deps.replica, changes);
      if (result.updated.length) {
        deps.events.emit('library.changed', { kinds: ['document'], ids: result.updated });
        deps.sync.requestSync();
      }
      return result;
    },
  };
}
