// Follow relationships: storage and the rules of who sees and changes which.
// A follow starts pending and becomes following when the followed profile accepts it;
// deleting it is cancel (by the follower), reject or remove (by the followed).
import { randomUUID } from 'node:crypto';
import type { ServiceDb } from '../storage/database.ts';
import type { Follow, FollowStatus } from '../../shared/schemas/follower.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { FollowsTable } from './followTables.ts';
import './followTables.ts';

export function followJson(row: FollowsTable): Follow {
  return { id: row.id, follower_id: row.follower_id, followed_id: row.followed_id, status: row.status as FollowStatus };
}

export function isParty(row: FollowsTable, profileId: string): boolean {
  return row.follower_id === profileId || row.followed_id === profileId;
}

/** Others may see a relationship once it is accepted; a pending one only its two profiles see. */
export function canSee(row: FollowsTable, profileId: string): boolean {
  return row.status === 'following' || isParty(row, profileId);
}

/** A relationship the caller may see, else 404 (no hint that it exists). */
export async function visibleFollow(db: ServiceDb, profileId: string, id: string): Promise<FollowsTable> {
  const row = await db.selectFrom('follows').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !canSee(row, profileId)) throw notFound('follow relationship not found');
  return row;
}

/** A relationship the caller is part of (follower or followed), else 404. */
export async function ownFollow(db: ServiceDb, profileId: string, id: string): Promise<FollowsTable> {
  const row = await db.selectFrom('follows').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || !isParty(row, profileId)) throw notFound('follow relationship not found');
  return row;
}

export async function profileExists(db: ServiceDb, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('profiles').select('id').where('id', '=', id).executeTakeFirst());
}

/**
 * Creates a pending follow, or returns the existing relationship between the two profiles
 * (created: false) so that a retried request does not fail.
 */
export async function requestFollow(db: ServiceDb, followerId: string, followedId: string): Promise<{ row: FollowsTable; created: boolean }> {
  if (followerId === followedId) throw badRequest('A profile cannot follow itself');
  if (!(await profileExists(db, followedId))) throw notFound('profile not found');
  const existing = await db
    .selectFrom('follows')
    .selectAll()
    .where('follower_id', '=', followerId)
    .where('followed_id', '=', followedId)
    .executeTakeFirst();
  if (existing) return { row: existing, created: false };
  const now = new Date().toISOString();
  const row: FollowsTable = { id: randomUUID(), follower_id: followerId, followed_id: followedId, status: 'pending', created: now, last_modified: now };
  const inserted = await db.insertInto('follows').values(row).onConflict((oc) => oc.columns(['follower_id', 'followed_id']).doNothing()).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    // A concurrent request created it first.
    const winner = await db.selectFrom('follows').selectAll().where('follower_id', '=', followerId).where('followed_id', '=', followedId).executeTakeFirstOrThrow();
    return { row: winner, created: false };
  }
  return { row, created: true };
}

export async function acceptFollow(db: ServiceDb, row: FollowsTable): Promise<FollowsTable> {
  if (row.status === 'following') return row;
  const accepted = { ...row, status: 'following', last_modified: new Date().toISOString() };
  await db.updateTable('follows').set({ status: accepted.status, last_modified: accepted.last_modified }).where('id', '=', row.id).execute();
  return accepted;
}

export async function removeFollow(db: ServiceDb, id: string): Promise<void> {
  await db.deleteFrom('follows').where('id', '=', id).execute();
}
