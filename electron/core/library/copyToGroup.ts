// Sharing references with a group: each chosen document becomes a new document of the
// group's library (its bibliographic fields and tags; the person's own flags stay behind),
// with its PDF and, on request, the person's annotations and notes, optionally filed in one
// of the group's folders. One copy is one transaction, so a failure leaves no half-copy; the
// sync engine then pushes it like any other edit (the PDF through the one upload path).
import type { CopyToGroupResult, CoreCommands, LibraryFile } from '../../../shared/bridge/contract.ts';
import type { LibraryApi } from '../../../shared/client/libraryApi.ts';
import type { DocumentFieldName } from '../../../shared/schemas/document.ts';
import { documentFieldSchemas } from '../../../shared/schemas/document.ts';
import type { SyncControl } from '../commands/controls.ts';
import type { EventHub } from '../commands/eventHub.ts';
import { BridgeFailure } from '../commands/failure.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { requiredObject, stringField, stringList } from '../commands/requestChecks.ts';
import { downloadIntoStore } from '../files/fileDownloads.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { NewDocument, ReplicaReads, ReplicaWrites } from '../replica/index.ts';

/** Fields that describe the reader's relation to a work, not the work: never copied. */
const PERSONAL_FIELDS: ReadonlySet<DocumentFieldName> = new Set(['read', 'starred', 'authored', 'confirmed', 'hidden', 'file_attached']);
const COPIED_FIELDS = (Object.keys(documentFieldSchemas) as DocumentFieldName[]).filter((name) => !PERSONAL_FIELDS.has(name));

export interface CopyToGroupDeps {
  replica: ReplicaReads & ReplicaWrites;
  fileStore: Pick<FileStore, 'has' | 'pathOf'>;
  /** Brings a service file's bytes here (the one downloader); rejects when it cannot. */
  download(file: { id: string; filehash: string }): Promise<string>;
}

export interface CopyToGroupRequest {
  ids: string[];
  groupId: string;
  /** A folder of the group's library to file the copies in. */
  folderId?: string | null;
  /** Bring the person's annotations and notes along (shared with the group). */
  withAnnotations?: boolean;
}

function fieldsOf(source: Record<string, unknown>, groupId: string): NewDocument {
  const fields: Record<string, unknown> = { group_id: groupId };
  for (const name of COPIED_FIELDS) {
    if (source[name] !== undefined && source[name] !== null) fields[name] = source[name];
  }
  return fields as NewDocument;
}

/** Where the bytes of a file are here, fetching them first if only the service has them. */
async function localBytes(deps: CopyToGroupDeps, file: { id: string; filehash: string }): Promise<string | undefined> {
  if (deps.fileStore.has(file.filehash)) return deps.fileStore.pathOf(file.filehash);
  if (file.id.startsWith('local:')) return undefined;
  try {
    return await deps.download(file);
  } catch {
    return undefined;
  }
}

export async function copyDocumentsToGroup(deps: CopyToGroupDeps, request: CopyToGroupRequest): Promise<CopyToGroupResult> {
  const { replica } = deps;
  const group = replica.listGroups().find((g) => g.id === request.groupId);
  if (!group) throw new BridgeFailure('not_found', 'That group is not among your groups (any more)');
  if (request.folderId) {
    const folder = replica.getFolder(request.folderId);
    if (!folder || folder.group_id !== request.groupId) throw new BridgeFailure('invalid', `That folder is not in “${group.name}”`, 'folderId');
  }
  const result: CopyToGroupResult = { copies: [], skipped: [] };
  for (const id of new Set(request.ids)) {
    const source = replica.getDocument(id);
    if (!source) { result.skipped.push({ id, reason: 'It is no longer in the library.' }); continue; }
    if (source.group_id === request.groupId) { result.skipped.push({ id, reason: `It is already in “${group.name}”.` }); continue; }
    // Bytes first (a download may take a while), then everything in one transaction.
    const files: (LibraryFile & { local_path: string })[] = [];
    let filesLeftBehind = 0;
    for (const file of replica.listFiles(id)) {
      const localPath = await localBytes(deps, file);
      if (localPath) files.push({ ...file, local_path: localPath });
      else filesLeftBehind++;
    }
    const annotations = request.withAnnotations ? replica.listAnnotations(id) : [];
    const copy = replica.transaction(() => {
      const created = replica.createDocument(fieldsOf(source as unknown as Record<string, unknown>, request.groupId));
      for (const file of files) {
        replica.addFile({ document_id: created.id, filehash: file.filehash, file_name: file.file_name, mime_type: file.mime_type, size: file.size, local_path: file.local_path });
      }
      for (const annotation of annotations) {
        replica.createAnnotation({
          document_id: created.id,
          type: annotation.type,
          ...(annotation.text !== undefined ? { text: annotation.text } : {}),
          ...(annotation.color !== undefined ? { color: annotation.color } : {}),
          ...(annotation.positions !== undefined ? { positions: annotation.positions } : {}),
          ...(annotation.style !== undefined ? { style: annotation.style } : {}),
          ...(annotation.filehash !== undefined ? { filehash: annotation.filehash } : {}),
          privacy_level: 'group',
        });
      }
      if (request.folderId) replica.addDocumentToFolder(request.folderId, created.id);
      return created;
    });
    result.copies.push({ from: id, to: copy.id, filesLeftBehind });
  }
  return result;
}

export interface CopyToGroupHandlerDeps {
  replica: ReplicaReads & ReplicaWrites;
  fileStore: FileStore;
  api: Pick<LibraryApi, 'files'>;
  sync: SyncControl;
  events: EventHub;
}

export function copyToGroupHandlers(deps: CopyToGroupHandlerDeps): HandlersOf<Pick<CoreCommands, 'documents.copyToGroup'>> {
  return {
    'documents.copyToGroup': async (request) => {
      const body = requiredObject(request, 'documents.copyToGroup');
      const ids = stringList(body, 'ids');
      const groupId = stringField(body, 'groupId');
      const folderId = body.folderId === undefined || body.folderId === null ? null : stringField(body, 'folderId');
      if (body.withAnnotations !== undefined && typeof body.withAnnotations !== 'boolean') throw new BridgeFailure('invalid', 'withAnnotations must be true or false', 'withAnnotations');
      const result = await copyDocumentsToGroup({
        replica: deps.replica,
        fileStore: deps.fileStore,
        download: (file) => downloadIntoStore({ api: deps.api, fileStore: deps.fileStore }, file, { attempts: 1 }),
      }, { ids, groupId, folderId, withAnnotations: body.withAnnotations === true });
      if (result.copies.length) {
        deps.events.emit('library.changed', { kinds: ['document', 'file', 'annotation', 'folder'], ids: result.copies.map((c) => c.to) });
        deps.sync.requestSync();
      }
      return result;
    },
  };
}
