// A saved search's criteria as the window sends them, checked field by field before they
// are stored: a stored search is re-run on every click, so nothing malformed may get in.
import {
  SAVED_COLLECTION_KINDS, SAVED_SEARCH_TEXT_MAX, type SavedCollection, type SavedFilters, type SavedSearchCriteria,
} from '../../../shared/bridge/organiseCommands.ts';
import { DOCUMENT_TYPES, type DocumentType } from '../../../shared/schemas/document.ts';
import { BridgeFailure } from '../commands/failure.ts';
import { requiredObject, stringField } from '../commands/requestChecks.ts';

const fail = (message: string, field: string): never => { throw new BridgeFailure('invalid', message, field); };

function collectionOf(value: unknown): SavedCollection {
  const body = requiredObject(value, 'criteria.collection');
  const kind = body.kind as SavedCollection['kind'];
  if (!SAVED_COLLECTION_KINDS.includes(kind)) fail(`collection.kind must be one of ${SAVED_COLLECTION_KINDS.join(', ')}`, 'collection');
  switch (kind) {
    case 'folder': {
      const groupId = body.groupId === undefined ? undefined : stringField(body, 'groupId');
      return groupId ? { kind, id: stringField(body, 'id'), groupId } : { kind, id: stringField(body, 'id') };
    }
    case 'group': return { kind, id: stringField(body, 'id') };
    case 'tag': return { kind, tag: stringField(body, 'tag') };
    default: return { kind } as SavedCollection;
  }
}

function yearOf(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || (value as number) < -9999 || (value as number) > 9999) fail(`${field} must be a whole year`, field);
  return value as number;
}

function flagOf(value: unknown, field: string): true | undefined {
  if (value === undefined || value === false) return undefined;
  if (value !== true) fail(`${field} must be true or false`, field);
  return true;
}

function filtersOf(value: unknown): SavedFilters {
  const body = value === undefined ? {} : requiredObject(value, 'criteria.filters');
  const filters: SavedFilters = {};
  const yearFrom = yearOf(body.yearFrom, 'yearFrom');
  const yearTo = yearOf(body.yearTo, 'yearTo');
  if (yearFrom !== undefined) filters.yearFrom = yearFrom;
  if (yearTo !== undefined) filters.yearTo = yearTo;
  if (body.type !== undefined) {
    if (!DOCUMENT_TYPES.includes(body.type as DocumentType)) fail('type must be a document type', 'type');
    filters.type = body.type as DocumentType;
  }
  if (flagOf(body.unread, 'unread')) filters.unread = true;
  if (flagOf(body.hasFile, 'hasFile')) filters.hasFile = true;
  if (body.folderId !== undefined) filters.folderId = stringField(body, 'folderId');
  return filters;
}

/** The criteria with only the fields a saved search keeps; a readable failure for anything else. */
export function checkedCriteria(value: unknown): SavedSearchCriteria {
  const body = requiredObject(value, 'criteria');
  const text = body.text ?? '';
  if (typeof text !== 'string') fail('text must be a string', 'text');
  if ((text as string).length > SAVED_SEARCH_TEXT_MAX) fail(`The search text is at most ${SAVED_SEARCH_TEXT_MAX} characters`, 'text');
  return { collection: collectionOf(body.collection), text: text as string, filters: filtersOf(body.filters) };
}
