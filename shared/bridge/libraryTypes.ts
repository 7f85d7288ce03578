// The library shapes that cross the bridge: the one definition the replica
// (electron/core/replica/types.ts), the core's handlers and the renderer all use.
import type { AnnotationCreate, AnnotationPatch, AnnotationType, HighlightStyle, Position, PrivacyLevel } from '../schemas/annotation.ts';
import type { Color } from '../schemas/common.ts';
import type { DocumentCreate, DocumentFields, DocumentPatch, DocumentType } from '../schemas/document.ts';
import type { FolderCreate, FolderPatch } from '../schemas/folder.ts';

export type { AnnotationPatch, DocumentPatch, FolderCreate, FolderPatch };

export type EntityKind = 'document' | 'folder' | 'annotation' | 'file';

export interface LibraryDocument extends DocumentFields {
  id: string;
  title: string;
  type: DocumentType;
  group_id?: string;
  profile_id?: string;
  created?: string;
  last_modified?: string;
  trashed: boolean;
  added_local: string;
  modified_local: string;
  /** When this device last opened the document (not synced). */
  last_opened_local?: string;
  /** Search results only: words around where the search was found in the document's notes. */
  note_match?: string;
}

export interface LibraryFolder {
  id: string;
  name: string;
  parent_id?: string;
  group_id?: string;
  created?: string;
  modified?: string;
}

export interface LibraryFolderNode extends LibraryFolder {
  children: LibraryFolderNode[];
}

export interface LibraryAnnotation {
  id: string;
  document_id: string;
  type: AnnotationType;
  filehash?: string;
  text?: string;
  color?: Color;
  positions?: Position[];
  /** How a highlight is drawn: underlined text or a rectangle over a figure (absent: highlighted). */
  style?: HighlightStyle;
  privacy_level: PrivacyLevel;
  profile_id?: string;
  group_id?: string;
  created?: string;
  last_modified?: string;
}

export interface LibraryFile {
  id: string;
  document_id: string;
  filehash: string;
  file_name: string;
  mime_type: string;
  size: number;
  local_path?: string;
}

export interface SyncConflict {
  kind: EntityKind;
  id: string;
  field: string;
  local_value: unknown;
  remote_value: unknown;
  base_value: unknown;
  detected_at: string;
}

export type ConflictResolution = { keep: 'mine' } | { keep: 'theirs' } | { value: unknown };

export type NewDocument = Omit<DocumentCreate, 'id' | 'profile_id'>;
export type NewAnnotation = Omit<AnnotationCreate, 'id' | 'profile_id'>;

export const DOCUMENT_SORTS = ['title', 'first_author', 'year', 'source', 'type', 'added', 'modified', 'read', 'starred', 'file', 'opened'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export interface DocumentFilter {
  /** null or absent: the personal library; else a group id. */
  groupId?: string | null;
  folderId?: string;
  trashed?: boolean;
  starred?: boolean;
  unconfirmed?: boolean;
  addedSince?: string;
  /** Only documents opened on this device (Recently Read). */
  opened?: boolean;
  /** Inclusive; a document without a year passes neither bound. */
  yearFrom?: number;
  yearTo?: number;
  type?: DocumentType;
  unread?: boolean;
  hasFile?: boolean;
  tag?: string;
}

/** A tag of the library and how many documents (not in the trash) carry it. */
export interface TagCount {
  tag: string;
  count: number;
}

/**
 * 'list': only what a list row shows (no abstract, notes, identifiers...), a fraction of
 * the bytes per row for a window that pages through 100,000 documents; 'all' by default.
 */
export type DocumentRowView = 'all' | 'list';

/** The fields a 'list' row keeps besides the local ones (id, dates, flags of the row). */
export const LIST_ROW_FIELDS = [
  'title', 'type', 'year', 'source', 'authors', 'tags', 'read', 'starred', 'confirmed', 'file_attached', 'group_id', 'profile_id',
  'created', 'last_modified',
] as const;

export interface DocumentListQuery extends DocumentFilter {
  view?: DocumentRowView;
  sort?: DocumentSort;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

export interface DocumentSearchQuery extends DocumentFilter {
  view?: DocumentRowView;
  text: string;
  limit?: number;
  offset?: number;
}

/** A search counts its matches up to this many; a total above it means "more than this". */
export const SEARCH_COUNT_CAP = 5000;

/** A page of documents with the total count of the query, for virtual lists. */
export interface DocumentPage {
  items: LibraryDocument[];
  total: number;
  /** A search answered while the search index is still being built: it found only what the index holds so far. */
  indexing?: { done: number; total: number };
}
