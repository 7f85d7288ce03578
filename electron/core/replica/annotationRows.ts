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

const ANNOTATION_COLUMNS = [
  'id', 'document_id', 'type', 'filehash', 'text', 'color', 'positions', 'style', 'privacy_level', 'profile_id',
  'group_id', 'created', 'last_modified', 'added_local', 'modified_local',
] as const;

/** The columns of an annotation row, in ANNOTATION_COLUMNS order (positional values bind faster than named ones). */
function annotationValues(a: LocalAnnotation, added: string, modified: string): unknown[] {
  return [
    a.id, a.document_id, a.type, a.filehash ?? null, a.text ?? null, a.color ? JSON.stringify(a.color) : null,
    a.positions ? JSON.stringify(a.positions) : null, a.style ?? null, a.privacy_level, a.profile_id ?? null,
    a.group_id ?? null, a.created ?? null, a.last_modified ?? null, added, modified,
  ];
}

const INSERT_ANNOTATION = `INSERT INTO annotations (${ANNOTATION_COLUMNS.join(', ')}) VALUES (${ANNOTATION_COLUMNS.map(() => '?').join(', ')})`;

// added_local is kept: it says when this replica first held the annotation.
const UPSERT_ANNOTATION = `${INSERT_ANNOTATION}
  ON CONFLICT (id) DO UPDATE SET ${ANNOTATION_COLUMNS.filter((c) => c !== 'id' && c !== 'added_local').map((c) => `${c} = excluded.${c}`).join(', ')}`;

export function writeAnnotation(db: Db, a: LocalAnnotation, added: string, modified: string): void {
  stmt(db, UPSERT_ANNOTATION).run(annotationValues(a, added, modified));
}

/** Inserts an annotation the replica does not hold (the caller has just looked it up in this transaction). */
export function insertNewAnnotation(db: Db, a: LocalAnnotation, added: string, modified: string): void {
  stmt(db, INSERT_ANNOTATION).run(annotationValues(a, added, modified));
}
