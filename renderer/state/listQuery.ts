// What the document list shows, as data: a collection of the sidebar, a sort, the search
// text and filters. Every filter is the core's (an index walk in the replica), so a
// filtered list of 100,000 documents pages as fast as an unfiltered one.
import type { DocumentFilter, DocumentSort } from '../../shared/bridge/contract.ts';
import type { DocumentType } from '../../shared/schemas/document.ts';

export type Collection =
  | { kind: 'all' }
  | { kind: 'recent' }
  | { kind: 'read-recently' }
  | { kind: 'starred' }
  | { kind: 'review' }
  | { kind: 'trash' }
  /** A folder of the personal library, or of a group's when groupId is set. */
  | { kind: 'folder'; id: string; groupId?: string }
  | { kind: 'tag'; tag: string }
  /** A group's library, as synced into the replica. */
  | { kind: 'group'; id: string };

/** The filter bar's narrowing of any collection. */
export interface ListFilters {
  yearFrom?: number;
  yearTo?: number;
  type?: DocumentType;
  unread?: boolean;
  hasFile?: boolean;
  /** A folder to narrow any collection to (a folder collection already is one). */
  folderId?: string;
}

export const RECENT_DAYS = 30;
/**
 * Rows fetched per request: about what a window shows (28 rows at 820 px, 40 on a tall
 * screen). A new query, sort or search keystroke fetches the visible pages only, so every
 * row more per page is one more row the core reads and the bridge carries before the list
 * can paint; a taller window asks for two pages at once.
 */
export const PAGE_SIZE = 50;

export function collectionKey(collection: Collection): string {
  switch (collection.kind) {
    case 'folder': return `folder:${collection.id}`;
    case 'group': return `group:${collection.id}`;
    case 'tag': return `tag:${collection.tag}`;
    default: return collection.kind;
  }
}

export function sameCollection(a: Collection, b: Collection): boolean {
  return collectionKey(a) === collectionKey(b);
}

/** The core's filter for a collection narrowed by the filter bar. */
export function coreFilter(collection: Collection, filters: ListFilters, now: number = Date.now()): DocumentFilter {
  const filter: DocumentFilter = {};
  switch (collection.kind) {
    case 'recent':
      filter.addedSince = new Date(now - RECENT_DAYS * 86_400_000).toISOString();
      break;
    case 'read-recently':
      filter.opened = true;
      break;
    case 'starred':
      filter.starred = true;
      break;
    case 'review':
      filter.unconfirmed = true;
      break;
    case 'trash':
      filter.trashed = true;
      break;
    case 'folder':
      filter.folderId = collection.id;
      if (collection.groupId) filter.groupId = collection.groupId;
      break;
    case 'tag':
      filter.tag = collection.tag;
      break;
    case 'group':
      filter.groupId = collection.id;
      break;
    default:
      break;
  }
  if (filters.folderId && collection.kind !== 'folder') filter.folderId = filters.folderId;
  if (filters.yearFrom !== undefined) filter.yearFrom = filters.yearFrom;
  if (filters.yearTo !== undefined) filter.yearTo = filters.yearTo;
  if (filters.type !== undefined) filter.type = filters.type;
  if (filters.unread) filter.unread = true;
  if (filters.hasFile) filter.hasFile = true;
  return filter;
}

/** How many of the filter bar's filters are on (the Filters button shows it). */
export function activeFilterCount(filters: ListFilters): number {
  return (filters.yearFrom !== undefined || filters.yearTo !== undefined ? 1 : 0)
    + (filters.type !== undefined ? 1 : 0) + (filters.unread ? 1 : 0) + (filters.hasFile ? 1 : 0) + (filters.folderId ? 1 : 0);
}

/** A collection's own order, when it has one (Recently Read: the latest opened first). */
export function collectionSort(collection: Collection): { sort: DocumentSort; order: 'asc' | 'desc' } | undefined {
  return collection.kind === 'read-recently' ? { sort: 'opened', order: 'desc' } : undefined;
}

/** Column header -> the core's sort. */
export const COLUMN_SORTS: Record<string, DocumentSort | undefined> = {
  title: 'title', authors: 'first_author', year: 'year', source: 'source', type: 'type', added: 'added', modified: 'modified',
  starred: 'starred', read: 'read', file: 'file',
};

/** The group whose library a collection shows (a group, or one of its folders), if any. */
export function groupOf(collection: Collection): string | undefined {
  if (collection.kind === 'group') return collection.id;
  if (collection.kind === 'folder') return collection.groupId;
  return undefined;
}
