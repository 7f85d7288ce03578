// The shapes the replica hands to the core, the bridge and the sync engine.
import type { DocumentFields, DocumentType } from '../../../shared/schemas/document.ts';
import type { AnnotationType, PrivacyLevel, Position } from '../../../shared/schemas/annotation.ts';
import type { Color } from '../../../shared/schemas/common.ts';

export type EntityKind = 'document' | 'folder' | 'annotation' | 'file';
export type OutboxOp = 'create' | 'update' | 'trash' | 'restore' | 'delete' | 'link' | 'unlink';

/** A library document as the replica holds it: every field of every view, plus local state. */
export interface LocalDocument extends DocumentFields {
  id: string;
  title: string;
  type: DocumentType;
  group_id?: string;
  profile_id?: string;
  /** Server times: absent until the document has been pushed. */
  created?: string;
  last_modified?: string;
  trashed: boolean;
  added_local: string;
  modified_local: string;
}

export interface LocalFolder {
  id: string;
  name: string;
  parent_id?: string;
  group_id?: string;
  created?: string;
  modified?: string;
}

export interface FolderNode extends LocalFolder {
  children: FolderNode[];
}

export interface LocalAnnotation {
  id: string;
  document_id: string;
  type: AnnotationType;
  filehash?: string;
  text?: string;
  color?: Color;
  positions?: Position[];
  privacy_level: PrivacyLevel;
  profile_id?: string;
  group_id?: string;
  created?: string;
  last_modified?: string;
}

export interface LocalFile {
  id: string;
  document_id: string;
  filehash: string;
  file_name: string;
  mime_type: string;
  size: number;
  /** Where the bytes are on this machine; absent until downloaded or imported. */
  local_path?: string;
}

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
}

export interface Conflict {
  kind: EntityKind;
  id: string;
  field: string;
  local_value: unknown;
  remote_value: unknown;
  base_value: unknown;
  detected_at: string;
}

export type ConflictResolution = { keep: 'mine' } | { keep: 'theirs' } | { value: unknown };

export interface Watermark {
  modified: string | null;
  deleted: string | null;
}
