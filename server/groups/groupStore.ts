// Groups in storage: name, owner and access level in columns, the other fields in the `data`
// JSON column. Memberships are group_members rows; a follower is a row with role follower.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ServiceContext } from '../context.ts';
import type { ServiceDb } from '../storage/database.ts';
import type { GroupsTable } from '../storage/tables.ts';
import type { GroupAccessLevel, GroupCreate, GroupPatch } from '../../shared/schemas/group.ts';
import { documentStore } from '../library/documentStore.ts';
import { MEMBER_ROLES } from './membershipRules.ts';
import './groupTables.ts';

export type GroupRow = GroupsTable;

/** Fields kept in the data column; null or absent means not set. */
export interface GroupData {
  description?: string;
  disciplines?: string[];
  tags?: string[];
  webpage?: string;
  photo?: { original?: string; standard?: string; square?: string };
}

const DATA_FIELDS = ['description', 'disciplines', 'tags', 'webpage'] as const;

export function groupData(row: GroupRow): GroupData {
  try {
    const data = JSON.parse(row.data) as unknown;
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as GroupData) : {};
  } catch {
    return {};
  }
}

export function accessLevelOf(row: GroupRow): GroupAccessLevel {
  return row.access_level === 'public' || row.access_level === 'invite_only' ? row.access_level : 'private';
}

export async function findGroup(db: ServiceDb, id: string): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function roleOf(db: ServiceDb, groupId: string, profileId: string): Promise<string | undefined> {
  const row = await db.selectFrom('group_members').select('role').where('group_id', '=', groupId).where('profile_id', '=', profileId).executeTakeFirst();
  return row?.role;
}

/** The creator becomes the owner. A group is private unless asked otherwise (nothing leaks by default). */
export async function createGroup(db: ServiceDb, ownerId: string, body: GroupCreate): Promise<GroupRow> {
  const now = new Date().toISOString();
  const data: GroupData = {};
  for (const field of DATA_FIELDS) {
    const value = body[field];
    if (value !== undefined) (data as Record<string, unknown>)[field] = value;
  }
  const row: GroupRow = {
    id: randomUUID(),
    name: body.name.trim() || body.name,
    owning_profile_id: ownerId,
    access_level: body.access_level ?? 'private',
    created: now,
    last_modified: now,
    data: JSON.stringify(data),
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('groups').values(row).execute();
    await trx.insertInto('group_members').values({ group_id: row.id, profile_id: ownerId, role: 'owner', joined: now }).execute();
  });
  return row;
}

/** Applies a PATCH (null clears a field). A group made private loses its followers and join requests. */
export async function patchGroup(db: ServiceDb, row: GroupRow, patch: GroupPatch): Promise<GroupRow> {
  const data: Record<string, unknown> = { ...groupData(row) };
  const next: GroupRow = { ...row };
  for (const field of DATA_FIELDS) {
    const value = patch[field];
    if (value === undefined) continue;
    if (value === null) delete data[field];
    else data[field] = value;
  }
  if (patch.name !== undefined) next.name = patch.name.trim() || patch.name;
  if (patch.access_level !== undefined) next.access_level = patch.access_level;
  next.data = JSON.stringify(data);
  next.last_modified = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('groups')
      .set({ name: next.name, access_level: next.access_level, data: next.data, last_modified: next.last_modified })
      .where('id', '=', row.id)
      .execute();
    if (next.access_level === 'private' && row.access_level !== 'private') {
      await trx.deleteFrom('group_members').where('group_id', '=', row.id).where('role', '=', 'follower').execute();
      await trx.deleteFrom('group_join_requests').where('group_id', '=', row.id).execute();
    }
  });
  return next;
}

/**
 * Deleting a group deletes its library with it (documents with their files and annotations,
 * folders), leaving tombstones so that members' sync clients drop their copies. Detaching the
 * documents into someone's personal library was rejected: they were written by many members
 * and none of them asked for the copies.
 */
export async function deleteGroup(ctx: ServiceContext, row: GroupRow): Promise<void> {
  const documents = await ctx.db.selectFrom('documents').selectAll().where('group_id', '=', row.id).execute();
  const store = documentStore(ctx);
  for (const document of documents) await store.destroy(document);
  await ctx.db.transaction().execute(async (trx) => {
    const folders = trx.selectFrom('folders').select('id').where('group_id', '=', row.id);
    await trx.deleteFrom('folder_documents').where('folder_id', 'in', folders).execute();
    await trx.deleteFrom('folders').where('group_id', '=', row.id).execute();
    await trx.deleteFrom('annotations').where('group_id', '=', row.id).execute();
    await trx.deleteFrom('group_invitations').where('group_id', '=', row.id).execute();
    await trx.deleteFrom('group_join_requests').where('group_id', '=', row.id).execute();
    await trx.deleteFrom('group_members').where('group_id', '=', row.id).execute();
    await trx.deleteFrom('groups').where('id', '=', row.id).execute();
  });
}

/** Public and invite-only groups with the most members first (followers do not count). */
export async function popularGroups(db: ServiceDb, limit: number): Promise<GroupRow[]> {
  const counts = db
    .selectFrom('group_members')
    .select(['group_id', sql<number>`count(*)`.as('members')])
    .where('role', 'in', [...MEMBER_ROLES])
    .groupBy('group_id')
    .as('counts');
  return db
    .selectFrom('groups')
    .innerJoin(counts, 'counts.group_id', 'groups.id')
    .selectAll('groups')
    .where('groups.access_level', 'in', ['public', 'invite_only'])
    .orderBy('counts.members', 'desc')
    .orderBy('groups.created', 'asc')
    .orderBy('groups.id', 'asc')
    .limit(limit)
    .execute();
}

/** The caller's role in each of these groups. */
export async function rolesIn(db: ServiceDb, profileId: string, groupIds: string[]): Promise<Map<string, string>> {
  if (!groupIds.length) return new Map();
  const rows = await db.selectFrom('group_members').select(['group_id', 'role']).where('profile_id', '=', profileId).where('group_id', 'in', groupIds).execute();
  return new Map(rows.map((r) => [r.group_id, r.role]));
}

/** Makes the profile a member or follower from now on (a follower who joins gets a new joined date). */
export async function addMembership(db: ServiceDb, groupId: string, profileId: string, role: string): Promise<void> {
  const joined = new Date().toISOString();
  await db
    .insertInto('group_members')
    .values({ group_id: groupId, profile_id: profileId, role, joined })
    .onConflict((oc) => oc.columns(['group_id', 'profile_id']).doUpdateSet({ role, joined }))
    .execute();
}

export async function changeRole(db: ServiceDb, groupId: string, profileId: string, role: string): Promise<void> {
  await db.updateTable('group_members').set({ role }).where('group_id', '=', groupId).where('profile_id', '=', profileId).execute();
}

export async function removeMembership(db: ServiceDb, groupId: string, profileId: string): Promise<void> {
  await db.deleteFrom('group_members').where('group_id', '=', groupId).where('profile_id', '=', profileId).execute();
}

/** The new owner takes over; the previous owner stays on as an admin. */
export async function handOver(db: ServiceDb, row: GroupRow, newOwnerId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('group_members').set({ role: 'admin' }).where('group_id', '=', row.id).where('profile_id', '=', row.owning_profile_id).execute();
    await trx.updateTable('group_members').set({ role: 'owner' }).where('group_id', '=', row.id).where('profile_id', '=', newOwnerId).execute();
    await trx.updateTable('groups').set({ owning_profile_id: newOwnerId, last_modified: new Date().toISOString() }).where('id', '=', row.id).execute();
  });
}
