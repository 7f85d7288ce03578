// The Duplicates view's bridge commands (shared/bridge/duplicatesCommands.ts). A merge first
// makes the duplicates' files local (downloading what only the service has), then merges in
// one replica transaction and asks for a sync.
import { MERGE_CHOOSABLE_FIELDS, type DuplicatesCommands, type MergeChoosableField } from '../../../shared/bridge/duplicatesCommands.ts';
import type { LibraryApi } from '../../../shared/client/libraryApi.ts';
import type { SyncControl } from '../commands/controls.ts';
import type { EventHub } from '../commands/eventHub.ts';
import { BridgeFailure } from '../commands/failure.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { objectOf, requiredObject, stringField, stringList } from '../commands/requestChecks.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { Replica } from '../replica/index.ts';
import { assertGroupWritable } from '../people/groupWriteGuard.ts';
import { ensureLocal } from '../reader/readerFiles.ts';
import type { DuplicateFinder } from './libraryDuplicates.ts';
import { mergeDuplicates } from './mergeDuplicates.ts';

export interface DuplicatesDeps {
  replica: Replica;
  api: LibraryApi;
  fileStore: FileStore;
  events: EventHub;
  sync: SyncControl;
  /** The library's duplicate index, kept up to date as documents come and change (shared with the import's checks). */
  finder: DuplicateFinder;
}

function choicesOf(value: unknown): Partial<Record<MergeChoosableField, string>> | undefined {
  if (value === undefined) return undefined;
  const body = objectOf(value, 'choices');
  const out: Partial<Record<MergeChoosableField, string>> = {};
  for (const [field, id] of Object.entries(body)) {
    if (!(MERGE_CHOOSABLE_FIELDS as readonly string[]).includes(field)) throw new BridgeFailure('invalid', `${field} is not a field whose value can be chosen`, 'choices');
    if (typeof id !== 'string') throw new BridgeFailure('invalid', `choices.${field} must be a document id`, 'choices');
    out[field as MergeChoosableField] = id;
  }
  return out;
}

export function duplicatesHandlers(deps: DuplicatesDeps): HandlersOf<DuplicatesCommands> {
  const { replica } = deps;
  return {
    'duplicates.list': (request) => {
      const body = request === undefined ? {} : objectOf(request, 'duplicates.list');
      const groupId = body.groupId === undefined ? null : stringField(body, 'groupId');
      return deps.finder.setsOf(groupId);
    },
    'duplicates.merge': async (request) => {
      const body = requiredObject(request, 'duplicates.merge');
      const masterId = stringField(body, 'masterId');
      const duplicateIds = stringList(body, 'duplicateIds');
      const choices = choicesOf(body.choices);
      const master = replica.getDocument(masterId);
      if (!master) throw new BridgeFailure('not_found', `Document ${masterId} is not in the library`, 'masterId');
      if (master.group_id) assertGroupWritable(replica, master.group_id);
      for (const id of duplicateIds) {
        for (const file of replica.listFiles(id)) await ensureLocal(deps, file);
      }
      const result = mergeDuplicates({ replica, hasBytes: (hash) => deps.fileStore.has(hash) }, { masterId, duplicateIds, ...(choices ? { choices } : {}) });
      deps.events.emit('library.changed', { kinds: ['document', 'annotation', 'file', 'folder'], ids: [result.masterId, ...result.deleted] });
      deps.sync.requestSync();
      return result;
    },
  };
}
