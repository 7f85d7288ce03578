// "Add to library" in one action, once per record: the catalog document becomes a document
// of the personal library, unless the library holds it already (then that document is the
// answer), and the catalog's open-access file, when the service lists one, is downloaded
// into the file store and attached, so the next sync uploads it with the document. A file
// that cannot be fetched leaves the document in place and says why.
import type { CatalogCommands, CatalogRecordRef } from '../../../shared/bridge/catalogCommands.ts';
import type { LibraryFile } from '../../../shared/bridge/contract.ts';
import { NetworkError, ServiceError } from '../../../shared/client/serviceErrors.ts';
import type { CatalogDocument } from '../../../shared/schemas/catalog.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { BridgeFailure } from '../commands/failure.ts';
import type { CatalogDeps } from './catalogDeps.ts';
import { requiredObject, stringField } from '../commands/requestChecks.ts';
import { attachedFileName, documentFromCatalog } from './catalogRecord.ts';
import { requireSignedIn } from './onlineAccess.ts';
import { downloadIntoStore } from '../files/fileDownloads.ts';

type AddHandlers = Pick<HandlersOf<CatalogCommands>, 'catalog.addToLibrary' | 'catalog.inLibrary'>;

const MAX_RECORDS = 500;

/** Why the file did not come, in words for the person who asked for it. */
export function fileProblem(error: unknown): string {
  const reason = error instanceof NetworkError
    ? 'the service cannot be reached'
    : error instanceof ServiceError
      ? `the service answered ${error.status}: ${error.message}`
      : error instanceof Error ? error.message : String(error);
  return `Its open-access PDF could not be fetched (${reason}). The document is in your library without it; add it again to retry.`;
}

function recordRefs(body: Record<string, unknown>): CatalogRecordRef[] {
  const list = body.records;
  if (!Array.isArray(list) || list.length > MAX_RECORDS) throw new BridgeFailure('invalid', `records must be a list of at most ${MAX_RECORDS} catalog documents`, 'records');
  return list.map((item: unknown) => {
    const record = (item ?? {}) as Record<string, unknown>;
    if (typeof record.id !== 'string' || !record.id) throw new BridgeFailure('invalid', 'Every record needs its catalog id', 'records');
    const identifiers = record.identifiers && typeof record.identifiers === 'object'
      ? Object.fromEntries(Object.entries(record.identifiers).filter(([, v]) => typeof v === 'string'))
      : undefined;
    return { id: record.id, type: typeof record.type === 'string' ? record.type : undefined, identifiers };
  });
}

export function catalogAddHandlers(deps: CatalogDeps): AddHandlers {
  const { api, replica, fileStore, events, sync, account } = deps;

  /** The catalog's open-access file of a record, when the service lists one. */
  async function attachOpenAccessFile(catalogId: string, record: CatalogDocument, documentId: string): Promise<LibraryFile | undefined> {
    let found: LibraryFile | undefined;
    for await (const page of api.files.list({ catalog_id: catalogId, limit: 20 })) {
      found = page.items.find((f) => f.mime_type === 'application/pdf') ?? page.items[0];
      break;
    }
    if (!found) return undefined;
    // The same bytes may be here already (an import, another document): no download then.
    // One try: a failure is answered at once (fileError), and adding again retries.
    await downloadIntoStore({ api, fileStore }, found, { attempts: 1 });
    return replica.addFile({
      // A sync may have pushed the new document meanwhile and given it the service's id.
      document_id: replica.currentIdOf(documentId) ?? documentId,
      filehash: found.filehash,
      file_name: attachedFileName(record, found.file_name, found.mime_type),
      mime_type: found.mime_type,
      size: found.size,
      local_path: fileStore.pathOf(found.filehash),
    });
  }

  return {
    'catalog.addToLibrary': async (request) => {
      requireSignedIn(account, 'the catalog');
      const id = stringField(requiredObject(request, 'catalog.addToLibrary'), 'id');
      const record = await api.catalog.get(id, { view: 'all' });
      const heldId = replica.libraryCopiesOf([{ id, type: record.type, identifiers: record.identifiers }]).get(id);
      const held = heldId ? replica.getDocument(heldId) : undefined;
      const document = held ?? replica.createDocument(documentFromCatalog(record));
      replica.linkCatalogRecord(document.id, id);

      let file: LibraryFile | undefined;
      let fileError: string | undefined;
      if (!held || replica.listFiles(held.id).length === 0) {
        try {
          file = await attachOpenAccessFile(id, record, document.id);
        } catch (error) {
          fileError = fileProblem(error);
        }
      }
      const documentId = replica.currentIdOf(document.id) ?? document.id;
      if (!held || file) {
        events.emit('library.changed', { kinds: file ? ['document', 'file'] : ['document'], ids: [documentId] });
        sync.requestSync();
      }
      return {
        document: replica.getDocument(documentId) ?? document,
        ...(file ? { file } : {}),
        ...(held ? { alreadyInLibrary: true } : {}),
        ...(fileError ? { fileError } : {}),
      };
    },

    'catalog.inLibrary': async (request) => {
      const records = recordRefs(requiredObject(request, 'catalog.inLibrary'));
      return Object.fromEntries(replica.libraryCopiesOf(records));
    },
  };
}
