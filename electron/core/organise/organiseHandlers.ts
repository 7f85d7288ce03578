// The bridge commands of saved searches and related items (shared/bridge/organiseCommands.ts),
// over the replica's device-local tables: nothing to push, so no sync is asked for. A change
// of links tells the window which documents' related lists to read again.
import type { OrganiseCommands } from '../../../shared/bridge/organiseCommands.ts';
import type { EventHub } from '../commands/eventHub.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { requiredObject, stringField } from '../commands/requestChecks.ts';
import type { ReplicaReads, ReplicaWrites } from '../replica/index.ts';
import { checkedCriteria } from './savedSearchCriteria.ts';

export interface OrganiseDeps {
  replica: Pick<ReplicaReads, 'listSavedSearches' | 'listRelated'>
    & Pick<ReplicaWrites, 'saveSearch' | 'renameSavedSearch' | 'deleteSavedSearch' | 'relateDocuments' | 'unrelateDocuments'>;
  events: EventHub;
}

function nameOf(body: Record<string, unknown>): string {
  if (typeof body.name !== 'string') return stringField(body, 'name');
  return body.name;
}

export function organiseHandlers({ replica, events }: OrganiseDeps): HandlersOf<OrganiseCommands> {
  const pair = (request: unknown, what: string) => {
    const body = requiredObject(request, what);
    return { documentId: stringField(body, 'documentId'), relatedId: stringField(body, 'relatedId') };
  };
  return {
    'savedSearches.list': () => replica.listSavedSearches(),
    'savedSearches.save': (request) => {
      const body = requiredObject(request, 'savedSearches.save');
      return replica.saveSearch(nameOf(body), checkedCriteria(body.criteria));
    },
    'savedSearches.rename': (request) => {
      const body = requiredObject(request, 'savedSearches.rename');
      return replica.renameSavedSearch(stringField(body, 'id'), nameOf(body));
    },
    'savedSearches.delete': (request) => {
      replica.deleteSavedSearch(stringField(requiredObject(request, 'savedSearches.delete'), 'id'));
    },
    'relations.list': (request) => replica.listRelated(stringField(requiredObject(request, 'relations.list'), 'documentId')),
    'relations.add': (request) => {
      const { documentId, relatedId } = pair(request, 'relations.add');
      replica.relateDocuments(documentId, relatedId);
      events.emit('library.changed', { kinds: ['document'], ids: [documentId, relatedId] });
    },
    'relations.remove': (request) => {
      const { documentId, relatedId } = pair(request, 'relations.remove');
      replica.unrelateDocuments(documentId, relatedId);
      events.emit('library.changed', { kinds: ['document'], ids: [documentId, relatedId] });
    },
  };
}
