// Which annotations (or tombstones) `GET /annotations` lists for its filters. Every query
// is limited to what the caller may see: own annotations, plus others' shared ones in
// groups the caller reads. "Since" is inclusive: a client that passes the timestamp of
// the last change it saw gets that change again rather than missing one made in the same
// millisecond.
import type { SelectQueryBuilder } from 'kysely';
import type { ServiceDb } from '../storage/database.ts';
import type { Database } from '../storage/tables.ts';
import { badRequest } from '../http/errors.ts';
import { parseIsoTimestamp } from './documentPreconditions.ts';
import { assertCanReadGroup } from './access.ts';
import { readableDocument, SHARED_PRIVACY_LEVELS } from './annotationStore.ts';

export interface AnnotationFilters {
  type?: string;
  document_id?: string;
  group_id?: string;
  modified_since?: string;
  deleted_since?: string;
}

/**
 * Reads an ISO 8601 date or date-time into the stored form (toISOString) so that text
 * comparison with stored timestamps is exact. A time without a zone is taken as UTC. Same
 * reading as the documents' since filters.
 */
export function parseTimestamp(value: string, name: string): string {
  const ms = parseIsoTimestamp(value);
  if (ms === undefined) throw badRequest(`${name} must be an ISO 8601 date or date-time, such as 2024-05-01T12:00:00Z`);
  return new Date(ms).toISOString();
}

type AnnotationQuery = SelectQueryBuilder<Database, 'annotations', Database['annotations']>;
type TombstoneQuery = SelectQueryBuilder<Database, 'tombstones', { id: string; deleted_at: string }>;

/** The annotations the filters select, before paging. */
export async function annotationListQuery(db: ServiceDb, profileId: string, filters: AnnotationFilters): Promise<AnnotationQuery> {
  let query = db.selectFrom('annotations').selectAll() as AnnotationQuery;
  let sharedGroup: string | null = null;
  if (filters.group_id !== undefined) {
    await assertCanReadGroup(db, profileId, filters.group_id);
    query = query.where('group_id', '=', filters.group_id);
    sharedGroup = filters.group_id;
  }
  if (filters.document_id !== undefined) {
    const doc = await readableDocument(db, profileId, filters.document_id, { allowTrashed: true });
    query = query.where('document_id', '=', doc.id);
    // Annotations take their group from their document, so the document's group is theirs.
    if (doc.group_id && (sharedGroup === null || sharedGroup === doc.group_id)) sharedGroup = doc.group_id;
  }
  if (sharedGroup !== null) {
    const group = sharedGroup;
    query = query.where((eb) =>
      eb.or([
        eb('profile_id', '=', profileId),
        eb.and([eb('group_id', '=', group), eb('privacy_level', 'in', SHARED_PRIVACY_LEVELS)]),
      ]),
    );
  } else {
    query = query.where('profile_id', '=', profileId);
  }
  if (filters.modified_since !== undefined) {
    query = query.where('last_modified', '>=', parseTimestamp(filters.modified_since, 'modified_since'));
  }
  if (filters.type !== undefined) query = query.where('type', '=', filters.type);
  return query;
}

/**
 * Tombstones of annotations deleted since `deleted_since`: the caller's own, or a group's.
 * Tombstones do not record the document, so with document_id the answer is every deletion
 * in that document's library (its group's, or the caller's own): a superset, harmless to a
 * syncing client, which drops the ids it holds and ignores the rest.
 */
export async function deletedAnnotationQuery(db: ServiceDb, profileId: string, filters: AnnotationFilters): Promise<TombstoneQuery> {
  if (filters.modified_since !== undefined) throw badRequest('Use either modified_since or deleted_since, not both');
  const since = parseTimestamp(filters.deleted_since ?? '', 'deleted_since');
  let groupId: string | null = null;
  if (filters.group_id !== undefined) {
    await assertCanReadGroup(db, profileId, filters.group_id);
    groupId = filters.group_id;
  }
  if (filters.document_id !== undefined) {
    const doc = await readableDocument(db, profileId, filters.document_id, { allowTrashed: true });
    if (groupId !== null && doc.group_id !== groupId) throw badRequest('document_id is not a document of group_id');
    groupId = doc.group_id;
  }
  const query = db
    .selectFrom('tombstones')
    .select(['id', 'deleted_at'])
    .where('kind', '=', 'annotation')
    .where('deleted_at', '>=', since);
  return groupId !== null ? query.where('group_id', '=', groupId) : query.where('profile_id', '=', profileId);
}
