// What groups and memberships look like on the wire. Null and absent attributes are omitted.
import type { Group, GroupMember } from '../../shared/schemas/group.ts';
import type { GroupMembersTable } from '../storage/tables.ts';
import { accessLevelOf, groupData, type GroupRow } from './groupStore.ts';
import { shownRole } from './membershipRules.ts';

const PUBLIC_PATH = '/groups/v/';

export function groupLink(url: (path: string) => string, id: string): string {
  return url(`${PUBLIC_PATH}${encodeURIComponent(id)}`);
}

export interface GroupViewOptions {
  /** The caller's stored role, if any. */
  role?: string | undefined;
  /** A v2 create response also carries the invite_only and public booleans. */
  withAccessFlags?: boolean;
}

export function groupJson(row: GroupRow, url: (path: string) => string, options: GroupViewOptions = {}): Group {
  const data = groupData(row);
  const accessLevel = accessLevelOf(row);
  const view: Group = {
    id: row.id,
    link: groupLink(url, row.id),
    owning_profile_id: row.owning_profile_id,
    access_level: accessLevel,
    created: row.created,
    name: row.name,
  };
  if (typeof data.description === 'string') view.description = data.description;
  if (data.photo && typeof data.photo === 'object') {
    const photo = Object.fromEntries(Object.entries(data.photo).filter(([key, value]) => ['original', 'standard', 'square'].includes(key) && typeof value === 'string'));
    if (Object.keys(photo).length) view.photo = photo;
  }
  if (typeof data.webpage === 'string') view.webpage = data.webpage;
  if (Array.isArray(data.disciplines)) view.disciplines = data.disciplines;
  if (Array.isArray(data.tags)) view.tags = data.tags;
  if (options.role) view.role = shownRole(options.role) as Group['role'];
  if (options.withAccessFlags) {
    view.invite_only = accessLevel === 'invite_only';
    view.public = accessLevel === 'public';
  }
  return view;
}

export function memberJson(row: Pick<GroupMembersTable, 'profile_id' | 'role' | 'joined'>): GroupMember {
  return { profile_id: row.profile_id, role: shownRole(row.role) as GroupMember['role'], joined: row.joined };
}
