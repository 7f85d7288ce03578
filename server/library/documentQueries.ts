// Query-string filters of document collections (/documents, /trash, /search/documents,
// /deleted_documents) and the SQL they turn into.
import { sql } from 'kysely';
import type { ServiceContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { assertCanReadGroup } from './access.ts';
import { parseIsoTimestamp } from './documentPreconditions.ts';

export type Query = Record<string, unknown>;

/** Whose library a collection shows. 'nobody' answers an empty list (another user's library). */
export type LibraryScope =
  | { kind: 'personal'; profileId: string }
  | { kind: 'group'; groupId: string }
  | { kind: 'nobody' };

/** A query parameter given at most once; repeated parameters are a client error, not a guess. */
export function singleParam(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw badRequest(`${name} must be given only once`);
  return String(value);
}

/** An ISO 8601 query timestamp, normalised to the stored form (UTC, milliseconds) for comparison. */
export function readTimestampParam(query: Query, name: string): string | undefined {
  const value = singleParam(query, name);
  if (value === undefined) return undefined;
  const ms = parseIsoTimestamp(value);
  if (ms === undefined) throw badRequest(`${name} must be an ISO 8601 timestamp, e.g. 2024-05-01T12:00:00.000Z`);
  return new Date(ms).toISOString();
}

/** Maps the `sort` parameter to a column; unknown values are 400. */
export function readSort(query: Query, columns: Record<string, string>, fallback: string): string {
  const value = singleParam(query, 'sort');
  if (value === undefined || value === '') return columns[fallback]!;
  const column = columns[value];
  if (!column) throw badRequest(`sort must be one of: ${Object.keys(columns).join(', ')}`);
  return column;
}

/**
 * group_id: the group's library (members only, else 404); profile_id: that user's documents
 * outside groups, which only that user may list; neither: the caller's own library.
 */
export async function resolveScope(ctx: ServiceContext, callerId: string, query: Query): Promise<LibraryScope> {
  const groupId = singleParam(query, 'group_id');
  const profileId = singleParam(query, 'profile_id');
  if (groupId && profileId) throw badRequest('Conflicting filters specified');
  if (groupId) {
    await assertCanReadGroup(ctx.db, callerId, groupId);
    return { kind: 'group', groupId };
  }
  if (profileId && profileId !== callerId) return { kind: 'nobody' };
  return { kind: 'personal', profileId: callerId };
}

/**
 * Documents of a scope, in the library or in the trash. Rows come with `data_length`, the
 * guard of the serialisation cache (documentJsonCache.ts).
 */
export function scopedDocuments(ctx: ServiceContext, scope: LibraryScope, where: 'library' | 'trash') {
  let q = ctx.db.selectFrom('documents').selectAll().select(sql<number>`octet_length(data)`.as('data_length'));
  if (scope.kind === 'group') q = q.where('group_id', '=', scope.groupId);
  else if (scope.kind === 'personal') q = q.where('profile_id', '=', scope.profileId).where('group_id', 'is', null);
  else q = q.where(sql<boolean>`0 = 1`);
  return q.where('trashed_at', where === 'library' ? 'is' : 'is not', null);
}

/** Tombstones of documents (deleted or trashed) in a scope since a time. */
export function scopedDocumentTombstones(ctx: ServiceContext, scope: LibraryScope, since: string | undefined) {
  let q = ctx.db.selectFrom('tombstones').select(['id', 'deleted_at']).where('kind', '=', 'document');
  if (scope.kind === 'group') q = q.where('group_id', '=', scope.groupId);
  else if (scope.kind === 'personal') q = q.where('profile_id', '=', scope.profileId).where('group_id', 'is', null);
  else q = q.where(sql<boolean>`0 = 1`);
  if (since) q = q.where('deleted_at', '>=', since);
  return q;
}
