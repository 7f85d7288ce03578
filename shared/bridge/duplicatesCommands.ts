// The Duplicates view's bridge commands: the sets of documents in a library that are the
// same work, and merging a set into the master the user chose.
import type { LibraryDocument } from './libraryTypes.ts';

interface Command<Req, Res> {
  request: Req;
  response: Res;
}

/** Why a set's documents are taken for one work: a shared identifier, or a near-equal title, year and first author. */
export type DuplicateReason = 'doi' | 'pmid' | 'arxiv' | 'isbn' | 'title';

export interface DuplicateMember {
  /** The member's key in the view: the id it first had, kept when a sync renames the document. */
  key: string;
  document: LibraryDocument;
  files: number;
  annotations: number;
}

export interface DuplicateSetView {
  reason: DuplicateReason;
  /** Oldest first: the first is the suggested master. */
  members: DuplicateMember[];
}

/** Fields whose value the user picks from a member; the rest merge by rule (tags, keywords and identifiers joined). */
export const MERGE_CHOOSABLE_FIELDS = [
  'title', 'type', 'authors', 'year', 'source', 'abstract', 'volume', 'issue', 'pages', 'publisher', 'city', 'edition',
  'editors', 'month', 'day', 'institution', 'series', 'chapter', 'language', 'websites', 'citation_key',
] as const;
export type MergeChoosableField = (typeof MERGE_CHOOSABLE_FIELDS)[number];

export interface DuplicatesMergeRequest {
  masterId: string;
  duplicateIds: string[];
  /** Field -> id of the member whose value the master takes. */
  choices?: Partial<Record<MergeChoosableField, string>>;
}

export interface DuplicatesMergeResult {
  masterId: string;
  deleted: string[];
  filesMoved: number;
  annotationsMoved: number;
  foldersJoined: number;
}

export interface DuplicatesCommands {
  /** The duplicate sets of the personal library (or of the group `groupId`), not trashed documents only. */
  'duplicates.list': Command<{ groupId?: string } | void, DuplicateSetView[]>;
  /**
   * Merges the duplicates into the master in one local transaction, synced as an edit of the
   * master and a deletion of each duplicate. Files of the duplicates are made local first
   * (downloaded when only the service has them), so they can move to the master.
   */
  'duplicates.merge': Command<DuplicatesMergeRequest, DuplicatesMergeResult>;
}

export const DUPLICATES_COMMAND_NAMES = ['duplicates.list', 'duplicates.merge'] as const satisfies readonly (keyof DuplicatesCommands)[];
