// Who may read and write a library. A personal library belongs to its profile; a group
// library to the group's members, by role: followers and invited members only read.
import type { ServiceDb } from '../storage/database.ts';
import { forbidden, notFound } from '../http/errors.ts';

export const WRITING_ROLES = ['owner', 'admin', 'normal', 'member'] as const;
export const READING_ROLES = [...WRITING_ROLES, 'follower', 'invited', 'user'] as const;

export async function roleInGroup(db: ServiceDb, profileId: string, groupId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('group_members')
    .select('role')
    .where('group_id', '=', groupId)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return row?.role;
}

/**
 * Throws unless the caller may read the group's library: 404 for an unknown or private group
 * (they look alike), 403 for a group anyone may see (public, invite-only), whose page
 * answers 200 to the same person: they learn to join or follow it instead.
 */
export async function assertCanReadGroup(db: ServiceDb, profileId: string, groupId: string): Promise<string> {
  const role = await roleInGroup(db, profileId, groupId);
  if (!role || !(READING_ROLES as readonly string[]).includes(role)) {
    const group = await db.selectFrom('groups').select('access_level').where('id', '=', groupId).executeTakeFirst();
    if (group && group.access_level !== 'private') {
      throw forbidden("Only the group's members and followers can use its library: join or follow the group first");
    }
    throw notFound('Group not found');
  }
  return role;
}

/** Throws 404 for non-members and 403 for members who may only read. */
export async function assertCanWriteGroup(db: ServiceDb, profileId: string, groupId: string): Promise<void> {
  const role = await assertCanReadGroup(db, profileId, groupId);
  if (!(WRITING_ROLES as readonly string[]).includes(role)) {
    throw forbidden(`Your role in this group (${role}) does not allow adding or changing its library`);
  }
}

/** A library item is readable by its owner (personal) or by the group's readers. */
export async function canReadItem(db: ServiceDb, profileId: string, item: { profile_id: string; group_id: string | null }): Promise<boolean> {
  if (item.group_id) return Boolean(await roleInGroup(db, profileId, item.group_id).then((r) => r && (READING_ROLES as readonly string[]).includes(r)));
  return item.profile_id === profileId;
}

/** Throws 404 when the item is not readable, 403 when readable but not writable. */
export async function assertCanWriteItem(db: ServiceDb, profileId: string, item: { profile_id: string; group_id: string | null }, what: string): Promise<void> {
  if (item.group_id) {
    const role = await roleInGroup(db, profileId, item.group_id);
    if (!role || !(READING_ROLES as readonly string[]).includes(role)) throw notFound(`${what} not found`);
    if (!(WRITING_ROLES as readonly string[]).includes(role)) throw forbidden(`Your role in this group (${role}) does not allow changing it`);
    return;
  }
  if (item.profile_id !== profileId) throw notFound(`${what} not found`);
}
