// Who may do what in a group, by access level and the caller's role. Pure rules: every
// route asks here, so the permission matrix lives in one place.
//
//   access level   see        join directly   follow   ask to join
//   private        members    no (invite)     no       no
//   invite_only    everyone   no (403)        yes      yes
//   public         everyone   yes             yes      no (join instead)
//
// Roles: owner and admin manage (patch, invite, remove, make admins); only the owner deletes
// the group or hands it over. owner, admin and normal write to the group library; follower
// (and the v1-only invited/user roles of imported data) only read it.
import { conflict, forbidden, notFound } from '../http/errors.ts';
import type { GroupAccessLevel } from '../../shared/schemas/group.ts';

export const GROUP_NOT_FOUND = 'Group not found';

/** Roles that make someone a member (a follower is not one). `member` is the v1 name of normal. */
export const MEMBER_ROLES = ['owner', 'admin', 'normal', 'member'] as const;
export const MANAGER_ROLES = ['owner', 'admin'] as const;

const has = (list: readonly string[], role: string | undefined): boolean => role !== undefined && list.includes(role);

export const isMember = (role: string | undefined): boolean => has(MEMBER_ROLES, role);
export const isManager = (role: string | undefined): boolean => has(MANAGER_ROLES, role);

/** The role as the wire shows it: `member` is stored by imported v1 data and means normal. */
export function shownRole(role: string): string {
  return role === 'member' ? 'normal' : role;
}

export interface Viewer {
  accessLevel: GroupAccessLevel;
  /** The caller's stored role, if any. */
  role: string | undefined;
  /** Whether an invitation addressed to the caller is waiting for an answer. */
  invited: boolean;
}

/** Private groups are seen only by those in them or invited to them; the others are public. */
export function canSee(v: Viewer): boolean {
  return v.accessLevel !== 'private' || v.role !== undefined || v.invited;
}

/** Throws 404 (never telling a hidden group from an unknown one). */
export function assertCanSee(v: Viewer): void {
  if (!canSee(v)) throw notFound(GROUP_NOT_FOUND);
}

export function assertManager(role: string | undefined, action: string): void {
  if (!isManager(role)) throw forbidden(`Only the group's owner and admins can ${action}`);
}

export function assertOwner(role: string | undefined, action: string): void {
  if (role !== 'owner') throw forbidden(`Only the group's owner can ${action}`);
}

export function assertCanJoin(v: Viewer): void {
  if (isMember(v.role)) throw conflict('You are already a member of this group');
  if (v.accessLevel === 'invite_only') throw forbidden('This group is invite-only: ask to join (POST actions/join_request) or accept an invitation');
  if (v.accessLevel === 'private') throw forbidden('This group is private: members join by invitation only');
}

export function assertCanFollow(v: Viewer): void {
  if (v.accessLevel === 'private') throw forbidden('Private groups cannot be followed');
  if (isMember(v.role)) throw conflict('Members already see everything in the group; only non-members follow it');
}

export function assertCanAskToJoin(v: Viewer): void {
  if (isMember(v.role)) throw conflict('You are already a member of this group');
  if (v.accessLevel === 'public') throw conflict('This group is public: join it directly (POST members)');
  if (v.accessLevel === 'private') throw forbidden('This group is private: members join by invitation only');
}

export function assertCanLeave(role: string | undefined): void {
  if (role === 'owner') {
    throw conflict('The owner cannot leave the group: hand it over first (PATCH members/{profile_id} with membership owner) or delete the group');
  }
  if (!isMember(role)) throw conflict('You are not a member of this group');
}

/** Owners and admins remove members and followers; nobody removes the owner. */
export function assertCanRemove(actorRole: string | undefined, targetRole: string): void {
  assertManager(actorRole, 'remove members');
  if (targetRole === 'owner') {
    if (actorRole === 'owner') throw conflict('The owner cannot be removed: hand the group over first or delete it');
    throw forbidden('Admins cannot remove the owner');
  }
}

export type MembershipChange = 'admin' | 'normal' | 'owner';

/**
 * Owners and admins make members admins or normal again; only the owner hands the group over
 * (the previous owner stays on as admin). Followers are not members: they are invited instead.
 */
export function assertCanChangeRole(actorRole: string | undefined, targetRole: string, change: MembershipChange): void {
  if (change === 'owner') assertOwner(actorRole, 'hand the group over');
  else assertManager(actorRole, 'change members\u2019 roles');
  if (targetRole === 'owner') {
    if (actorRole === 'owner') throw conflict('The owner\u2019s role changes only by handing the group over to another member');
    throw forbidden('Admins cannot change the owner\u2019s role');
  }
  if (!isMember(targetRole)) throw conflict(`A ${targetRole} is not a member; invite them to make them one`);
}

