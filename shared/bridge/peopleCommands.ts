// The bridge commands of groups, followers, profiles and vocabularies. They talk to the
// service directly (apart from groups.synced and people.names, nothing of this is kept
// offline): without a connection they fail with 'network', and a refusal of the service
// comes back as 'service' with its status and message.
// A group's library itself is synced into the replica and listed with documents.list({groupId}).
import type { Follow, FollowStatus } from '../schemas/follower.ts';
import type {
  Group, GroupAccessLevel, GroupCreate, GroupInvitation, GroupInvitationResult, GroupPatch,
} from '../schemas/group.ts';
import type { OwnProfile, ProfileAmendment, PublicProfile } from '../schemas/profile.ts';
import type { DisciplineListItem, Institution, Location } from '../schemas/vocabulary.ts';

export type { Group, GroupAccessLevel, GroupCreate, GroupInvitation, GroupInvitationResult, GroupPatch, OwnProfile, ProfileAmendment, PublicProfile, DisciplineListItem, Institution, Location, Follow, FollowStatus };

interface Command<Req, Res> {
  request: Req;
  response: Res;
}

/** A member or follower of a group, with the name the members listing lacks. */
export interface GroupMemberView {
  profileId: string;
  role: string;
  joined?: string;
  name: string;
}

export interface GroupJoinRequestView {
  profileId: string;
  name: string;
  message?: string;
  created: string;
}

/** An invitation addressed to the user, with the group's name to show. */
export interface MyInvitation extends GroupInvitation {
  groupName: string;
}

/** One follow relation seen from the user's side: who the other profile is. */
export interface FollowView {
  id: string;
  status: FollowStatus;
  profileId: string;
  name: string;
}

export interface FollowOverview {
  /** Who follows me (pending ones wait for my answer). */
  followers: FollowView[];
  /** Whom I follow (pending ones wait for theirs). */
  following: FollowView[];
}

export type GroupRoleChange = 'admin' | 'normal';

/** A group whose library this machine holds (offline: from the last sync). */
export interface SyncedGroup {
  id: string;
  name: string;
  role?: string;
  /** Whether the user may change the group's library (followers only read it). */
  writable: boolean;
}

export interface PeopleCommands {
  /** The groups whose libraries this machine holds, as of the last sync (works offline). */
  'groups.synced': Command<void, SyncedGroup[]>;
  /** The groups I am in, in any role (followed ones too), with my role. */
  'groups.list': Command<void, Group[]>;
  /** Groups anyone may see, most members first: to find public groups to join or follow. */
  'groups.popular': Command<{ limit?: number } | void, Group[]>;
  'groups.get': Command<{ id: string }, Group>;
  'groups.create': Command<GroupCreate, Group>;
  'groups.update': Command<{ id: string; patch: GroupPatch }, Group>;
  'groups.delete': Command<{ id: string }, void>;
  'groups.members': Command<{ id: string; query?: string }, GroupMemberView[]>;
  'groups.invite': Command<{ id: string; emails: string[]; message?: string }, GroupInvitationResult[]>;
  /** Every invitation of a group (owners and admins). */
  'groups.invitations': Command<{ id: string }, GroupInvitation[]>;
  'groups.myInvitations': Command<void, MyInvitation[]>;
  'groups.answerInvitation': Command<{ groupId: string; invitationId: string; answer: 'accept' | 'decline' }, void>;
  'groups.revokeInvitation': Command<{ groupId: string; invitationId: string }, void>;
  'groups.askToJoin': Command<{ id: string; message?: string }, void>;
  'groups.joinRequests': Command<{ id: string }, GroupJoinRequestView[]>;
  'groups.answerJoinRequest': Command<{ id: string; profileId: string; answer: 'accept' | 'decline' }, void>;
  'groups.join': Command<{ id: string }, void>;
  'groups.leave': Command<{ id: string }, void>;
  'groups.follow': Command<{ id: string }, void>;
  'groups.unfollow': Command<{ id: string }, void>;
  'groups.setRole': Command<{ id: string; profileId: string; role: GroupRoleChange }, void>;
  'groups.removeMember': Command<{ id: string; profileId: string }, void>;

  'profiles.me': Command<void, OwnProfile>;
  'profiles.updateMe': Command<ProfileAmendment, OwnProfile>;
  'profiles.get': Command<{ id: string }, PublicProfile>;
  /** Finds people by e-mail address or profile link (their e-mail is never shown). */
  'profiles.find': Command<{ email: string } | { link: string }, PublicProfile[]>;
  /** Sets my photo from a data: URL of a PNG, JPEG or GIF image (at most 5 MB). */
  'profiles.setPhoto': Command<{ dataUrl: string }, OwnProfile>;
  'profiles.removePhoto': Command<void, OwnProfile>;
  /** A profile photo of the service as a data: URL (the window loads images only from the app itself). */
  'profiles.photo': Command<{ url: string }, { dataUrl: string }>;

  /**
   * People's names by profile id (authors of annotations in group libraries), as this
   * machine last heard them: works offline. Signed in, ids without a known name are asked
   * of the service. Ids still without a name are left out of the answer.
   */
  'people.names': Command<{ ids: string[] }, Record<string, string>>;

  'followers.overview': Command<void, FollowOverview>;
  'followers.request': Command<{ profileId: string }, Follow>;
  'followers.accept': Command<{ id: string }, Follow>;
  /** Cancels my request, rejects theirs, or unfollows. */
  'followers.remove': Command<{ id: string }, void>;

  /** Institutions whose names start with the hint (at least 3 characters), largest first. */
  'vocabularies.institutions': Command<{ hint: string; limit?: number }, Institution[]>;
  /** Places whose names start with the prefix, accents ignored. */
  'vocabularies.locations': Command<{ prefix: string; limit?: number }, Location[]>;
  'vocabularies.disciplines': Command<void, DisciplineListItem[]>;
  'vocabularies.academicStatuses': Command<void, string[]>;
}

export const PEOPLE_COMMAND_NAMES = [
  'groups.synced', 'groups.list', 'groups.popular', 'groups.get', 'groups.create', 'groups.update', 'groups.delete', 'groups.members',
  'groups.invite', 'groups.invitations', 'groups.myInvitations', 'groups.answerInvitation', 'groups.revokeInvitation',
  'groups.askToJoin', 'groups.joinRequests', 'groups.answerJoinRequest',
  'groups.join', 'groups.leave', 'groups.follow', 'groups.unfollow', 'groups.setRole', 'groups.removeMember',
  'profiles.me', 'profiles.updateMe', 'profiles.get', 'profiles.find', 'profiles.setPhoto', 'profiles.removePhoto', 'profiles.photo',
  'people.names',
  'followers.overview', 'followers.request', 'followers.accept', 'followers.remove',
  'vocabularies.institutions', 'vocabularies.locations', 'vocabularies.disciplines', 'vocabularies.academicStatuses',
] as const satisfies readonly (keyof PeopleCommands)[];
