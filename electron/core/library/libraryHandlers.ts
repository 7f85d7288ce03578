// The library's commands over the replica: reads answer from it; each write goes through it
// (which validates and writes the outbox in one transaction), then tells the renderer what
// changed and asks the sync engine for a sync soon.
import { SEARCH_COUNT_CAP, type LibraryDocument } from '../../../shared/bridge/contract.ts';
import type {
  ConflictResolution, CoreCommands, DocumentListQuery, DocumentSearchQuery, EntityKind,
} from '../../../shared/bridge/contract.ts';
import type { AnnotationPatch } from '../../../shared/schemas/annotation.ts';
import type { DocumentPatch } from '../../../shared/schemas/document.ts';
import type { FolderCreate } from '../../../shared/schemas/folder.ts';
import type { SyncControl } from '../commands/controls.ts';
import type { EventHub } from '../commands/eventHub.ts';
import { BridgeFailure } from '../commands/failure.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { objectOf, requiredObject, stringField } from '../commands/requestChecks.ts';
import type { NewAnnotation, NewDocument, ReplicaReads, ReplicaSync, ReplicaWrites } from '../replica/index.ts';
import type { AppCommands } from '../app/appHandlers.ts';
import { listRow } from './listRow.ts';

/** Copy to group is its own module (copyToGroup.ts): it needs the file store and the downloader. */
export type LibraryCommands = Omit<CoreCommands, keyof AppCommands | 'documents.copyToGroup'>;

export interface LibraryDeps {
  /** Changes the service refused for good wait on the person (sync.heldChanges). */
  replica: ReplicaReads & ReplicaWrites & Pick<ReplicaSync, 'listHeldPushes' | 'resolveHeldPush'>;
  sync: SyncControl;
  /** Asked before syncing now: signed out, there is nobody to sync as. */
  account: { status(): { signedIn: boolean } };
  events: EventHub;
}

/** Documents as the query's view asks: whole, or cut to what a list row shows. */
function rowsIn(view: unknown, documents: LibraryDocument[]): LibraryDocument[] {
  if (view === undefined || view === 'all') return documents;
  if (view !== 'list') throw new BridgeFailure('invalid', "view must be 'all' or 'list'", 'view');
  return documents.map(listRow);
}

const KINDS: readonly EntityKind[] = ['document', 'folder', 'annotation', 'file'];

export function libraryHandlers(deps: LibraryDeps): HandlersOf<LibraryCommands> {
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
    'documents.list': (request) => {
      const query = objectOf(request, 'documents.list') as DocumentListQuery;
      return { items: rowsIn(query.view, replica.listDocuments(query)), total: replica.countDocuments(query) };
    },
    'documents.position': (request) => {
      // The list's filter and sort; its page (limit, offset) does not matter here.
      const query = requiredObject(request, 'documents.position') as unknown as DocumentListQuery;
      return { index: replica.documentPosition(stringField(query as Record<string, unknown>, 'id'), query) };
    },
    'documents.search': (request) => {
      const query = requiredObject(request, 'documents.search') as unknown as DocumentSearchQuery;
      if (typeof query.text !== 'string') throw new BridgeFailure('invalid', 'text must be a string', 'text');
      const { text, ...filter } = query;
      // Counting every match of a common prefix costs a walk over them all: the list shows
      // "5,000+" instead, and nobody scrolls past that many search results.
      const found = replica.searchDocuments(text, filter);
      const inNotes = replica.noteMatches(text, found.map((d) => d.id));
      const items = found.map((d) => (inNotes.has(d.id) ? { ...d, note_match: inNotes.get(d.id)! } : d));
      const total = replica.countSearchResults(text, { ...filter, atMost: SEARCH_COUNT_CAP });
      const index = replica.searchIndexState();
      return { items: rowsIn(query.view, items), total, ...(index.building ? { indexing: { done: index.done, total: index.total } } : {}) };
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
      // The trash is read-only: an edit there would be lost from sight, or restored unseen.
      if (replica.getDocument(id)?.trashed) throw new BridgeFailure('invalid', 'This document is in the trash: restore it to edit it.');
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
