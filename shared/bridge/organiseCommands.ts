// The organising commands that live on this device only: saved searches (a search with its
// filters, kept under a name in the sidebar) and related items (two-way links between
// documents). The service's document has no field for either (service-interface.md), so
// neither syncs; both are kept in the replica and survive a restart.
import type { DocumentType } from '../schemas/document.ts';
import type { LibraryDocument } from './libraryTypes.ts';

interface Command<Req, Res> {
  request: Req;
  response: Res;
}

/** The part of the library a saved search looks in: the sidebar's collections. */
export type SavedCollection =
  | { kind: 'all' }
  | { kind: 'recent' }
  | { kind: 'read-recently' }
  | { kind: 'starred' }
  | { kind: 'review' }
  | { kind: 'trash' }
  | { kind: 'folder'; id: string; groupId?: string }
  | { kind: 'tag'; tag: string }
  | { kind: 'group'; id: string };

export const SAVED_COLLECTION_KINDS = ['all', 'recent', 'read-recently', 'starred', 'review', 'trash', 'folder', 'tag', 'group'] as const;

/** The filter bar's narrowing, as saved. */
export interface SavedFilters {
  yearFrom?: number;
  yearTo?: number;
  type?: DocumentType;
  unread?: boolean;
  hasFile?: boolean;
  folderId?: string;
}

/** What a saved search runs: the collection, the search box's text and the filters. */
export interface SavedSearchCriteria {
  collection: SavedCollection;
  text: string;
  filters: SavedFilters;
}

export interface SavedSearch {
  id: string;
  name: string;
  criteria: SavedSearchCriteria;
  created: string;
}

/** A saved search's name: shown in the sidebar, so short, and one per name. */
export const SAVED_SEARCH_NAME_MAX = 100;
/** The search box's text as saved. */
export const SAVED_SEARCH_TEXT_MAX = 1000;

/** A related document as the details pane lists it. */
export type RelatedDocument = Pick<LibraryDocument, 'id' | 'title' | 'year' | 'type'>;

export interface OrganiseCommands {
  /** Saved searches, by name. */
  'savedSearches.list': Command<void, SavedSearch[]>;
  'savedSearches.save': Command<{ name: string; criteria: SavedSearchCriteria }, SavedSearch>;
  'savedSearches.rename': Command<{ id: string; name: string }, SavedSearch>;
  'savedSearches.delete': Command<{ id: string }, void>;
  /** The documents related to one, by title; documents in the trash are left out until restored. */
  'relations.list': Command<{ documentId: string }, RelatedDocument[]>;
  /** Links two documents of the same library both ways (linking twice is harmless). */
  'relations.add': Command<{ documentId: string; relatedId: string }, void>;
  /** Removes the link in both directions. */
  'relations.remove': Command<{ documentId: string; relatedId: string }, void>;
}

export const ORGANISE_COMMAND_NAMES = [
  'savedSearches.list', 'savedSearches.save', 'savedSearches.rename', 'savedSearches.delete',
  'relations.list', 'relations.add', 'relations.remove',
] as const satisfies readonly (keyof OrganiseCommands)[];
