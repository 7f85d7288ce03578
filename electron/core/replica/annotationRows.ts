// Annotation rows and the shape the reader and the sync engine read.
import type { AnnotationType, HighlightStyle, Position, PrivacyLevel } from '../../../shared/schemas/annotation.ts';
import type { Color } from '../../../shared/schemas/common.ts';
import type { Db } from './database.ts';
import { stmt } from './statements.ts';
import type { LocalAnnotation } from './types.ts';

export interface AnnotationRow {
  id: string;
  document_id: string;
  type: AnnotationType;
  filehash: string | null;
  text: string | null;
  color: string | null;
  positions: string | null;
  style: HighlightStyle | null;
  privacy_level: PrivacyLevel;
  profile_id: string | null;
  group_id: string | null;
  created: string | null;
  last_modified: string | null;
  added_local: string;
  modified_local: string;
}

/** The fields a person edits (and a PATCH sends). */
export const ANNOTATION_EDITABLE_FIELDS = ['text', 'color', 'positions', 'style', 'privacy_level', 'filehash'] as const;

export function readAnnotationRow(db: Db, id: string): AnnotationRow | undefined {
  return stmt(db, 'SELECT * FROM annotations WHERE id = ?').get(id) as AnnotationRow | undefined;
}

export function toLocalAnnotation(row: AnnotationRow): LocalAnnotation {
  const a: LocalAnnotation = { id: row.id, document_id: row.document_id, type: row.type, privacy_level: row.privacy_level };
  if (row.filehash !== null) a.filehash = row.filehash;
  if (row.text !== null) a.text = row.text;
  if (row.color !== null) a.color = JSON.parse(row.color) as Color;
  if (row.positions !== null) a.positions = JSON.parse(row.positions) as Position[];
  if (row.style !== null) a.style = row.style;
  if (row.profile_id !== null) a.profile_id = row.profile_id;
  if (row.group_id !== null) a.group_id = row.group_id;
  if (row.created !== null) a.created = row.created;
  if (row.last_modified !== null) a.last_modified = row.last_modified;
  return a;
}

export function writeAnnotation(db: Db, a: LocalAnnotation, added: string, modified: string): void {
  stmt(db, `
    INSERT INTO annotations (id, document_id, type, filehash, text, color, positions, style, privacy_level, profile_id,
      group_id, created, last_modified, added_local, modified_local)
    VALUES (@id, @document_id, @type, @filehash, @text, @color, @positions, @style, @privacy_level, @profile_id,
      @group_id, @created, @last_modified, @added_local, @modified_local)
    ON CONFLICT (id) DO UPDATE SET document_id = excluded.document_id, type = excluded.type,
      filehash = excluded.filehash, text = excluded.text, color = excluded.color, positions = excluded.positions, style = excluded.style,
      privacy_level = excluded.privacy_level, profile_id = excluded.profile_id, group_id = excluded.group_id,
      created = excluded.created, last_modified = excluded.last_modified, modified_local = excluded.modified_local`).run({
    id: a.id,
    document_id: a.document_id,
    type: a.type,
    filehash: a.filehash ?? null,
    text: a.text ?? null,
    color: a.color ? JSON.stringify(a.color) : null,
    positions: a.positions ? JSON.stringify(a.positions) : null,
    style: a.style ?? null,
    privacy_level: a.privacy_level,
    profile_id: a.profile_id ?? null,
    group_id: a.group_id ?? null,
    created: a.created ?? null,
    last_modified: a.last_modified ?? null,
    added_local: added,
    modified_local: modified,
  });
}
