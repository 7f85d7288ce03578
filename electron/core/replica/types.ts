// The shapes the replica hands to the core, the bridge and the sync engine. The library
// shapes are the bridge contract's (shared/bridge/libraryTypes.ts): one definition for the
// replica, the core's handlers and the renderer.
import type {
  LibraryAnnotation, LibraryDocument, LibraryFile, LibraryFolder, LibraryFolderNode, SyncConflict,
} from '../../../shared/bridge/libraryTypes.ts';
import type { EntityKind } from '../../../shared/bridge/libraryTypes.ts';

export type { ConflictResolution, EntityKind } from '../../../shared/bridge/libraryTypes.ts';
export type OutboxOp = 'create' | 'update' | 'trash' | 'restore' | 'delete' | 'link' | 'unlink';

/** A library document as the replica holds it: every field of every view, plus local state. */
export type LocalDocument = LibraryDocument;
export type LocalFolder = LibraryFolder;
export type FolderNode = LibraryFolderNode;
export type LocalAnnotation = LibraryAnnotation;
/** local_path: where the bytes are on this machine; absent until downloaded or imported. */
export type LocalFile = LibraryFile;
export type Conflict = SyncConflict;

export interface OutboxEntry {
  seq: number;
  kind: EntityKind;
  entity_id: string;
  op: OutboxOp;
  /** The document a link/unlink is about (entity_id is the folder). */
  target_id: string | null;
  /** Fields changed by an update, read from the row when pushing; null for other ops. */
  changed: string[] | null;
  /** The server last_modified (folders: modified) the local edit was based on. */
  base_last_modified: string | null;
  revision: number;
  attempts: number;
  last_error: string | null;
  created_at: string;
  /** Creates (and deletions of rows whose create may have reached the service): the Idempotency-Key. */
  idempotency_key: string | null;
  /** The body a create was first sent with (JSON); a resend under the same key sends it again. */
  sent_body: string | null;
  /** The entry's revision when sent_body was taken. */
  sent_revision: number | null;
  /** A trash, restore, link or unlink already sent once: its opposite no longer cancels it. */
  sent_at: string | null;
  /** Set when the service refused the push for good: out of the retry loop until the person decides. */
  held_at: string | null;
}

export interface Watermark {
  modified: string | null;
  deleted: string | null;
}
