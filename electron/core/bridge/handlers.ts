// The bridge's commands over the core: library commands go to the replica (which validates
// and writes the outbox in one transaction), then tell the renderer what changed and ask
// the sync engine for a sync soon. The same map serves Electron IPC and browser mode.
import { stat } from 'node:fs/promises';
import { SEARCH_COUNT_CAP, type LibraryDocument } from '../../../shared/bridge/contract.ts';
import { listRow } from './listRow.ts';
import { resolveLocalIds } from './localIdAliases.ts';
import type {
  AccountStatus, AppInfo, ConflictResolution, CoreCommands, DocumentListQuery, DocumentSearchQuery, EntityKind, Settings, SettingsChange, SyncStatus,
} from '../../../shared/bridge/contract.ts';
import type { AnnotationPatch } from '../../../shared/schemas/annotation.ts';
import type { DocumentPatch } from '../../../shared/schemas/document.ts';
import type { FolderCreate } from '../../../shared/schemas/folder.ts';
import type { NewAnnotation } from '../replica/annotationWrites.ts';
import type { NewDocument } from '../replica/documentWrites.ts';
import type { LibraryApi } from '../../../shared/client/libraryApi.ts';
import type { FileLinks } from '../files/fileLinks.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { PdfLane } from '../import/pdfLane.ts';
import type { ExportShelf } from '../reader/exportShelf.ts';
import { readerHandlers } from '../reader/readerHandlers.ts';
import type { Replica } from '../replica/replica.ts';
import { catalogCommandHandlers } from '../catalog/catalogCommandHandlers.ts';
import { importHandlers } from '../import/importHandlers.ts';
import type { Importer } from '../import/importer.ts';
import { guardGroupWrites } from '../people/groupWriteGuard.ts';
import { peopleHandlers } from '../people/peopleHandlers.ts';
import type { Handlers, HandlersOf } from './dispatch.ts';
import { BridgeFailure } from './errors.ts';
import type { EventHub } from './eventHub.ts';
import { objectOf, requiredObject, stringField, stringList } from './requestChecks.ts';

export interface SyncControl {
  status(): SyncStatus;
  syncNow(): Promise<unknown>;
  requestSync(): void;
  confirmDeletions(accept: boolean): void;
}

export interface AccountControl {
  status(): AccountStatus;
  signIn(): Promise<AccountStatus>;
  signOut(): Promise<AccountStatus>;
}

export interface SettingsControl {
  get(): Settings;
  set(change: unknown): SettingsChange;
}

export interface HandlerDeps {
  replica: Replica;
  /** The service, signed in as the account (online-only commands: groups, catalog, datasets). */
  api: LibraryApi;
  fileStore: FileStore;
  /** URLs the renderer loads stored files from (the reader); absent where nothing serves them. */
  fileLinks?: FileLinks;
  sync: SyncControl;
  account: AccountControl;
  settings: SettingsControl;
  events: EventHub;
  appInfo(): AppInfo;
  /** The import pipeline (electron/core/import). */
  importer: Importer;
  /** The shell's native file dialog; absent in browser mode. */
  chooseFiles?: (options: { title?: string; extensions?: string[] }) => Promise<string[]>;
  /** The shell's native save dialog (undefined when cancelled); absent in browser mode. */
  chooseSavePath?: (options: { title?: string; defaultName: string; extensions?: string[] }) => Promise<string | undefined>;
  /** The core's one lane for pdf.js work (shared with the importer); else the reader makes its own. */
  pdfLane?: PdfLane;
  /** Where browser mode's annotated copies wait for their download; absent where nothing serves them. */
  exportShelf?: ExportShelf;
}

/** Documents as the query's view asks: whole, or cut to what a list row shows. */
function rowsIn(view: unknown, documents: LibraryDocument[]): LibraryDocument[] {
  if (view === undefined || view === 'all') return documents;
  if (view !== 'list') throw new BridgeFailure('invalid', "view must be 'all' or 'list'", 'view');
  return documents.map(listRow);
}

const KINDS: readonly EntityKind[] = ['document', 'folder', 'annotation', 'file'];

/** Every command's handler: the core's below, and each area's from its own module. */
export function createHandlers(deps: HandlerDeps): Handlers {
  // Ids a push replaced are brought up to date first; then writes to a group's library pass
  // the role check (followers only read).
  return resolveLocalIds(guardGroupWrites({
    ...coreHandlers(deps),
    ...catalogCommandHandlers(deps),
    ...importHandlers(deps),
    ...peopleHandlers(deps),
    ...readerHandlers(deps),
  }, deps.replica), deps.replica);
}

function coreHandlers(deps: HandlerDeps): HandlersOf<CoreCommands> {
  const { replica, sync, events } = deps;

  /** After a local write: the UI hears about it and the sync engine pushes it soon. */
  function changed(kind: EntityKind, ...ids: string[]): void {
    events.emit('library.changed', { kinds: [kind], ids });
    sync.requestSync();
  }

  function idOf(request: unknown, what: string): string {
    return stringField(requiredObject(request, what), 'id');
  }

  function kindOf(value: unknown): EntityKind | undefined {
    if (value === undefined) return undefined;
    if (!KINDS.includes(value as EntityKind)) throw new BridgeFailure('invalid', `kind must be one of ${KINDS.join(', ')}`, 'kind');
    return value as EntityKind;
  }

  return {
    'app.info': () => deps.appInfo(),
    'app.chooseFiles': async (request) => {
      if (!deps.chooseFiles) throw new BridgeFailure('unsupported', 'File dialogs exist only in the desktop app; drop files on the window instead');
      const options = objectOf(request, 'app.chooseFiles');
      const extensions = options.extensions === undefined ? undefined : stringList(options, 'extensions');
      const title = typeof options.title === 'string' ? options.title : undefined;
      return { paths: await deps.chooseFiles({ title, extensions }) };
    },
    'app.chooseSavePath': async (request) => {
      if (!deps.chooseSavePath) throw new BridgeFailure('unsupported', 'Save dialogs exist only in the desktop app');
      const options = requiredObject(request, 'app.chooseSavePath');
      const defaultName = stringField(options, 'defaultName');
      const extensions = options.extensions === undefined ? undefined : stringList(options, 'extensions');
      const title = typeof options.title === 'string' ? options.title : undefined;
      const chosen = await deps.chooseSavePath({ title, defaultName, extensions });
      return chosen ? { path: chosen } : {};
    },

    'account.status': () => deps.account.status(),
    'account.signIn': () => deps.account.signIn(),
    'account.signOut': () => deps.account.signOut(),

    'settings.get': () => deps.settings.get(),
    'settings.set': (request) => deps.settings.set(request),

    'documents.list': (request) => {
      const query = objectOf(request, 'documents.list') as DocumentListQuery;
      return { items: rowsIn(query.view, replica.listDocuments(query)), total: replica.countDocuments(query) };
    },
    'documents.search': (request) => {
      const query = requiredObject(request, 'documents.search') as unknown as DocumentSearchQuery;
      if (typeof query.text !== 'string') throw new BridgeFailure('invalid', 'text must be a string', 'text');
      const { text, ...filter } = query;
      // Counting every match of a common prefix costs a walk over them all: the list shows
      // "5,000+" instead, and nobody scrolls past that many search results.
      return { items: rowsIn(query.view, replica.searchDocuments(text, filter)), total: replica.countSearchResults(text, { ...filter, atMost: SEARCH_COUNT_CAP }) };
    },
    'documents.get': (request) => {
      const id = idOf(request, 'documents.get');
      const document = replica.getDocument(id);
      if (!document) throw new BridgeFailure('not_found', `Document ${id} is not in the library`);
      return document;
    },
    'documents.tags': (request) => {
      const groupId = objectOf(request, 'documents.tags').groupId;
      if (groupId !== undefined && groupId !== null && typeof groupId !== 'string') throw new BridgeFailure('invalid', 'groupId must be a string or null', 'groupId');
      return replica.listTags(groupId ?? null);
    },
    'documents.markOpened': (request) => {
      const id = idOf(request, 'documents.markOpened');
      if (!replica.markOpened(id)) throw new BridgeFailure('not_found', `Document ${id} is not in the library`);
      events.emit('library.changed', { kinds: ['document'], ids: [id] });
    },
    'documents.create': (request) => {
      const document = replica.createDocument(requiredObject(request, 'documents.create') as unknown as NewDocument);
      changed('document', document.id);
      return document;
    },
    'documents.update': (request) => {
      const body = requiredObject(request, 'documents.update');
      const id = stringField(body, 'id');
      const document = replica.updateDocument(id, requiredObject(body.patch, 'patch') as DocumentPatch);
      changed('document', id);
      return document;
    },
    'documents.trash': (request) => {
      const id = idOf(request, 'documents.trash');
      replica.trashDocument(id);
      changed('document', id);
    },
    'documents.restore': (request) => {
      const id = idOf(request, 'documents.restore');
      replica.restoreDocument(id);
      changed('document', id);
    },
    'documents.delete': (request) => {
      const id = idOf(request, 'documents.delete');
      replica.deleteDocument(id);
      changed('document', id);
    },

    'folders.tree': (request) => {
      const groupId = objectOf(request, 'folders.tree').groupId;
      if (groupId !== undefined && groupId !== null && typeof groupId !== 'string') throw new BridgeFailure('invalid', 'groupId must be a string or null', 'groupId');
      return replica.folderTree(groupId ?? null);
    },
    'folders.create': (request) => {
      const folder = replica.createFolder(requiredObject(request, 'folders.create') as unknown as FolderCreate);
      changed('folder', folder.id);
      return folder;
    },
    'folders.rename': (request) => {
      const body = requiredObject(request, 'folders.rename');
      const id = stringField(body, 'id');
      const folder = replica.renameFolder(id, body.name as string);
      changed('folder', id);
      return folder;
    },
    'folders.move': (request) => {
      const body = requiredObject(request, 'folders.move');
      const id = stringField(body, 'id');
      const parentId = body.parentId ?? null;
      if (parentId !== null && typeof parentId !== 'string') throw new BridgeFailure('invalid', 'parentId must be a string or null', 'parentId');
      const folder = replica.moveFolder(id, parentId);
      changed('folder', id);
      return folder;
    },
    'folders.delete': (request) => {
      const id = idOf(request, 'folders.delete');
      replica.deleteFolder(id);
      changed('folder', id);
    },
    'folders.addDocument': (request) => {
      const body = requiredObject(request, 'folders.addDocument');
      const folderId = stringField(body, 'folderId');
      const documentId = stringField(body, 'documentId');
      replica.addDocumentToFolder(folderId, documentId);
      changed('folder', folderId, documentId);
    },
    'folders.removeDocument': (request) => {
      const body = requiredObject(request, 'folders.removeDocument');
      const folderId = stringField(body, 'folderId');
      const documentId = stringField(body, 'documentId');
      replica.removeDocumentFromFolder(folderId, documentId);
      changed('folder', folderId, documentId);
    },

    'annotations.list': (request) => replica.listAnnotations(stringField(requiredObject(request, 'annotations.list'), 'documentId')),
    'annotations.create': (request) => {
      const annotation = replica.createAnnotation(requiredObject(request, 'annotations.create') as unknown as NewAnnotation);
      changed('annotation', annotation.id, annotation.document_id);
      return annotation;
    },
    'annotations.update': (request) => {
      const body = requiredObject(request, 'annotations.update');
      const id = stringField(body, 'id');
      const annotation = replica.updateAnnotation(id, requiredObject(body.patch, 'patch') as AnnotationPatch);
      changed('annotation', id, annotation.document_id);
      return annotation;
    },
    'annotations.delete': (request) => {
      const id = idOf(request, 'annotations.delete');
      replica.deleteAnnotation(id);
      changed('annotation', id);
    },

    'files.list': (request) => replica.listFiles(stringField(requiredObject(request, 'files.list'), 'documentId')),
    'files.receivePaths': async (request) => {
      const paths = stringList(requiredObject(request, 'files.receivePaths'), 'paths');
      const accepted: string[] = [];
      const rejected: { path: string; reason: string }[] = [];
      for (const path of paths) {
        const info = await stat(path).catch(() => undefined);
        if (!info) rejected.push({ path, reason: 'The file does not exist or cannot be read' });
        else if (!info.isFile()) rejected.push({ path, reason: 'Not a file' });
        else accepted.push(path);
      }
      return { accepted, rejected };
    },

    'sync.status': () => sync.status(),
    'sync.syncNow': async () => {
      if (!deps.account.status().signedIn) throw new BridgeFailure('signed_out', 'Sign in to sync your library');
      await sync.syncNow();
      return sync.status();
    },
    'sync.confirmDeletions': (request) => {
      const accept = requiredObject(request, 'sync.confirmDeletions').accept;
      if (typeof accept !== 'boolean') throw new BridgeFailure('invalid', 'accept must be true or false', 'accept');
      sync.confirmDeletions(accept);
      return sync.status();
    },
    'conflicts.list': (request) => {
      const filter = objectOf(request, 'conflicts.list');
      const id = filter.id === undefined ? undefined : stringField(filter, 'id');
      return replica.listConflicts({ kind: kindOf(filter.kind), id });
    },
    'conflicts.resolve': (request) => {
      const body = requiredObject(request, 'conflicts.resolve');
      const kind = kindOf(body.kind);
      if (!kind) throw new BridgeFailure('invalid', 'kind is required', 'kind');
      const id = stringField(body, 'id');
      replica.resolveConflict(kind, id, stringField(body, 'field'), requiredObject(body.resolution, 'resolution') as ConflictResolution);
      changed(kind, id);
    },
    'sync.heldChanges': () =>
      replica.listHeldPushes().map((e) => ({ seq: e.seq, kind: e.kind, id: e.entity_id, op: e.op, reason: e.last_error ?? 'The service refused this change.', since: e.held_at! })),
    'sync.resolveHeldChange': (request) => {
      const body = requiredObject(request, 'sync.resolveHeldChange');
      const choice = body.choice;
      if (choice !== 'retry' && choice !== 'discard' && choice !== 'keep-local') throw new BridgeFailure('invalid', 'Choose retry, discard or keep-local', 'choice');
      if (typeof body.seq !== 'number') throw new BridgeFailure('invalid', 'seq must be the number of a held change', 'seq');
      const held = replica.listHeldPushes().find((e) => e.seq === body.seq);
      replica.resolveHeldPush(body.seq, choice);
      if (held) changed(held.kind, held.entity_id);
      if (choice === 'retry') sync.requestSync();
      return sync.status();
    },
  };
}
