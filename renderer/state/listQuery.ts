// What the document list shows, as data: a collection of the sidebar, a sort, the search
// text and filters. The core filters by library, folder, trash, starred, unconfirmed and
// added-since; year range, type and unread are applied here on a bounded scan (the bridge
// has no such filters yet, see the report in docs).
import type { DocumentFilter, DocumentSort, LibraryDocument } from '../../shared/bridge/contract.ts';
import type { DocumentType } from '../../shared/schemas/document.ts';

export type Collection =
  | { kind: 'all' }
  | { kind: 'recent' }
  | { kind: 'starred' }
  | { kind: 'review' }
  | { kind: 'trash' }
  | { kind: 'folder'; id: string }
  /** A group's library, as synced into the replica. */
  | { kind: 'group'; id: string };

export interface ClientFilters {
  yearFrom?: number;
  yearTo?: number;
  type?: DocumentType;
  unread?: boolean;
  /** A folder to narrow any collection to (a folder collection already is one). */
  folderId?: string;
}

export const RECENT_DAYS = 30;
export const PAGE_SIZE = 200;
/** Documents read at most when a client-side filter is on (50 pages of 1,000). */
export const SCAN_LIMIT = 50_000;
export const SCAN_PAGE = 1000;

export function collectionKey(collection: Collection): string {
  if (collection.kind === 'folder' || collection.kind === 'group') return `${collection.kind}:${collection.id}`;
  return collection.kind;
}

export function sameCollection(a: Collection, b: Collection): boolean {
  return collectionKey(a) === collectionKey(b);
}

/** The core's filter for a collection (and a folder narrowing, if any). */
export function coreFilter(collection: Collection, filters: ClientFilters, now: number = Date.now()): DocumentFilter {
  const filter: DocumentFilter = {};
  switch (collection.kind) {
    case 'recent':
      filter.addedSince = new Date(now - RECENT_DAYS * 86_400_000).toISOString();
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
      break;
    case 'group':
      filter.groupId = collection.id;
      break;
    default:
      break;
  }
  if (filters.folderId && collection.kind !== 'folder') filter.folderId = filters.folderId;
  return filter;
}

export function hasClientFilters(filters: ClientFilters): boolean {
  return filters.yearFrom !== undefined || filters.yearTo !== undefined || filters.type !== undefined || filters.unread === true;
}

export function passesClientFilters(doc: LibraryDocument, filters: ClientFilters): boolean {
  if (filters.type !== undefined && doc.type !== filters.type) return false;
  if (filters.unread && doc.read) return false;
  if (filters.yearFrom !== undefined && (doc.year === undefined || doc.year < filters.yearFrom)) return false;
  if (filters.yearTo !== undefined && (doc.year === undefined || doc.year > filters.yearTo)) return false;
  return true;
}

/** Column header -> the core's sort; columns the core cannot sort by answer undefined. */
export const COLUMN_SORTS: Record<string, DocumentSort | undefined> = {
  title: 'title', authors: 'first_author', year: 'year', source: 'source', type: 'type', added: 'added', modified: 'modified',
};
