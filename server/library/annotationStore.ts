// Annotations in storage: rows to wire objects, who may see a row, and the writes (each
// with its tombstone or uniqueness check inside one transaction).
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { ServiceDb } from '../storage/database.ts';
import type { AnnotationsTable, Database } from '../storage/tables.ts';
import type { Color } from '../../shared/schemas/common.ts';
import type { Annotation, AnnotationType, HighlightStyle, Position, PrivacyLevel } from '../../shared/schemas/annotation.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { canReadItem, READING_ROLES, roleInGroup } from './access.ts';
import { nextTimestamp } from '../storage/timestamps.ts';

// A mapped type (not the interface itself) so that rows fit paging's Record<string, unknown>.
export type AnnotationRow = { [K in keyof AnnotationsTable]: AnnotationsTable[K] };

/** Privacy levels that let other readers of the group see an annotation. */
export const SHARED_PRIVACY_LEVELS: PrivacyLevel[] = ['group', 'public'];

export function toAnnotation(row: AnnotationRow): Annotation {
  const annotation: Annotation = {
    id: row.id,
    type: row.type as AnnotationType,
    document_id: row.document_id,
    profile_id: row.profile_id,
    privacy_level: row.privacy_level as PrivacyLevel,
    created: row.created,
    last_modified: row.last_modified,
  };
  if (row.group_id !== null) annotation.group_id = row.group_id;
  if (row.filehash !== null) annotation.filehash = row.filehash;
  if (row.text !== null) annotation.text = row.text;
  if (row.color !== null) annotation.color = JSON.parse(row.color) as Color;
  if (row.positions !== null) annotation.positions = JSON.parse(row.positions) as Position[];
  if (row.style !== null) annotation.style = row.style as HighlightStyle;
  return annotation;
}

export async function findAnnotation(db: ServiceDb, id: string): Promise<AnnotationRow | undefined> {
  return db.selectFrom('annotations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Own annotations always; others' only when shared (group or public) in a group the caller reads. */
export async function canSeeAnnotation(db: ServiceDb, profileId: string, row: AnnotationRow): Promise<boolean> {
  if (row.profile_id === profileId) return true;
  if (!row.group_id || !SHARED_PRIVACY_LEVELS.includes(row.privacy_level as PrivacyLevel)) return false;
  const role = await roleInGroup(db, profileId, row.group_id);
  return Boolean(role && (READING_ROLES as readonly string[]).includes(role));
}

/** The annotation if the caller may see it; otherwise 404, whether it exists or not. */
export async function visibleAnnotation(db: ServiceDb, profileId: string, id: string): Promise<AnnotationRow> {
  const row = await findAnnotation(db, id);
  if (!row || !(await canSeeAnnotation(db, profileId, row))) throw notFound('Annotation not found');
  return row;
}

export interface AnnotatedDocument {
  id: string;
  profile_id: string;
  group_id: string | null;
}

/** A document the caller may read (404 otherwise); trashed documents only when asked for. */
export async function readableDocument(
  db: ServiceDb,
  profileId: string,
  documentId: string,
  { allowTrashed = false } = {},
): Promise<AnnotatedDocument> {
  const doc = await db
    .selectFrom('documents')
    .select(['id', 'profile_id', 'group_id', 'trashed_at'])
    .where('id', '=', documentId)
    .executeTakeFirst();
  if (!doc || (doc.trashed_at !== null && !allowTrashed) || !(await canReadItem(db, profileId, doc))) {
    throw notFound('Document not found');
  }
  return { id: doc.id, profile_id: doc.profile_id, group_id: doc.group_id };
}

export interface NewAnnotation {
  type: AnnotationType;
  document: AnnotatedDocument;
  profileId: string;
  text: string | null;
  color: Color | null;
  positions: Position[] | null;
  style: HighlightStyle | null;
  filehash: string | null;
  privacyLevel: PrivacyLevel;
  /** The id to give it (one an idempotency key reserved); a new one otherwise. */
  id?: string;
}

/** Inserts an annotation; a second note of one creator on one document is a 409. */
export async function insertAnnotation(db: ServiceDb, input: NewAnnotation): Promise<AnnotationRow> {
  const now = nextTimestamp();
  const row: AnnotationRow = {
    id: input.id ?? randomUUID(),
    type: input.type,
    document_id: input.document.id,
    profile_id: input.profileId,
    group_id: input.document.group_id,
    filehash: input.filehash,
    text: input.text,
    color: input.color ? JSON.stringify(input.color) : null,
    positions: input.positions ? JSON.stringify(input.positions) : null,
    style: input.style,
    privacy_level: input.privacyLevel,
    created: now,
    last_modified: now,
  };
  await db.transaction().execute(async (trx) => {
    if (input.type === 'note') {
      // Checked in the transaction so that two concurrent POSTs cannot both pass.
      const existing = await trx
        .selectFrom('annotations')
        .select('id')
        .where('document_id', '=', input.document.id)
        .where('profile_id', '=', input.profileId)
        .where('type', '=', 'note')
        .executeTakeFirst();
      if (existing) {
        // existing_id (beyond the spec): lets a client merge its note into the one already there.
        throw new HttpError(409, `This document already has your note (annotation ${existing.id}); change it with PATCH /annotations/${existing.id}`, { existing_id: existing.id });
      }
    }
    await trx.insertInto('annotations').values(row).execute();
  });
  return row;
}

export interface AnnotationChanges {
  text?: string | null;
  color?: Color | null;
  positions?: Position[] | null;
  style?: HighlightStyle | null;
  filehash?: string | null;
  privacy_level?: PrivacyLevel;
}

/** Applies changes and bumps last_modified; returns the stored row. */
export async function updateAnnotation(db: ServiceDb, row: AnnotationRow, changes: AnnotationChanges): Promise<AnnotationRow> {
  const values: Partial<AnnotationRow> = { last_modified: nextTimestamp(row.last_modified) };
  if (changes.text !== undefined) values.text = changes.text;
  if (changes.color !== undefined) values.color = changes.color ? JSON.stringify(changes.color) : null;
  if (changes.positions !== undefined) values.positions = changes.positions?.length ? JSON.stringify(changes.positions) : null;
  if (changes.style !== undefined) values.style = changes.style;
  if (changes.filehash !== undefined) values.filehash = changes.filehash;
  if (changes.privacy_level !== undefined) values.privacy_level = changes.privacy_level;
  await db.updateTable('annotations').set(values).where('id', '=', row.id).execute();
  return { ...row, ...values };
}

async function removeWithTombstones(trx: Transaction<Database>, rows: Pick<AnnotationRow, 'id' | 'profile_id' | 'group_id'>[]): Promise<void> {
  if (!rows.length) return;
  const deletedAt = new Date().toISOString();
  await trx.deleteFrom('annotations').where('id', 'in', rows.map((r) => r.id)).execute();
  for (const r of rows) {
    await trx
      .insertInto('tombstones')
      .values({ kind: 'annotation', id: r.id, profile_id: r.profile_id, group_id: r.group_id, deleted_at: deletedAt })
      .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet({ deleted_at: deletedAt }))
      .execute();
  }
}

/** Deletes one annotation and records a tombstone for `deleted_since`. */
export async function deleteAnnotation(db: ServiceDb, row: AnnotationRow): Promise<void> {
  await db.transaction().execute((trx) => removeWithTombstones(trx, [row]));
}

