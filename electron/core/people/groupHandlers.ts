// Groups: what the user is in, finding groups, managing one (members, roles, invitations,
// join requests), and joining, following and leaving. After a change of membership the
// sync engine is asked for a sync, so a group's library appears in (or leaves) the replica;
// leaving also forgets the library here at once rather than at the next sync.
import type { GroupCreate, GroupPatch } from '../../../shared/schemas/group.ts';
import type { GroupJoinRequestView, GroupMemberView, MyInvitation, PeopleCommands } from '../../../shared/bridge/peopleCommands.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { BridgeFailure } from '../commands/failure.ts';
import { objectOf, requiredObject, stringField, stringList } from '../commands/requestChecks.ts';
import { canWriteGroupLibrary } from './groupRoles.ts';
import { allPages, requireSignedIn, type PeopleDeps } from './peopleDeps.ts';
import type { ProfileNames } from './profileNames.ts';

type GroupHandlers = Pick<HandlersOf<PeopleCommands>, Extract<keyof PeopleCommands, `groups.${string}`>>;

const MAX_RECIPIENTS = 100;

function optionalText(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new BridgeFailure('invalid', `${field} must be text`, field);
  return value;
}

function oneOf<T extends string>(body: Record<string, unknown>, field: string, values: readonly T[]): T {
  const value = body[field];
  if (!values.includes(value as T)) throw new BridgeFailure('invalid', `${field} must be one of ${values.join(', ')}`, field);
  return value as T;
}

export function groupHandlers(deps: PeopleDeps, names: ProfileNames): GroupHandlers {
  const { api, replica } = deps;
  const groupId = (request: unknown, what: string, field = 'id') => stringField(requiredObject(request, what), field);

  /** Membership changed on the service: the sidebar hears of it and the library follows. */
  function membershipChanged(): void {
    deps.events.emit('library.changed', { kinds: ['document', 'folder', 'annotation', 'file'], ids: [] });
    deps.sync.requestSync();
  }

  /** The user is out of a group: its library leaves this machine now, not at the next sync. */
  function forgetLocally(id: string): void {
    replica.forgetGroupLibrary(id);
    replica.setGroups(replica.listGroups().filter((group) => group.id !== id));
    membershipChanged();
  }

  /** Runs an online call after checking the user is signed in. */
  async function online<T>(call: () => Promise<T>): Promise<T> {
    requireSignedIn(deps);
    return call();
  }

  return {
    'groups.synced': () => replica.listGroups().map((group) => ({
      id: group.id, name: group.name, ...(group.role ? { role: group.role } : {}), writable: canWriteGroupLibrary(group.role),
    })),
    'groups.list': () => online(() => allPages(api.groups.list({ limit: 500 }))),
    'groups.popular': (request) => {
      const { limit } = objectOf(request, 'groups.popular');
      if (limit !== undefined && (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > 500)) {
        throw new BridgeFailure('invalid', 'limit must be a whole number from 1 to 500', 'limit');
      }
      return online(() => api.groups.popular({ limit: limit as number | undefined }));
    },
    'groups.get': (request) => {
      const id = groupId(request, 'groups.get');
      return online(() => api.groups.get(id));
    },
    'groups.create': async (request) => {
      const fields = requiredObject(request, 'groups.create') as unknown as GroupCreate;
      if (typeof fields.name !== 'string' || !fields.name.trim()) throw new BridgeFailure('invalid', 'A group needs a name', 'name');
      const group = await online(() => api.groups.create({ ...fields, name: fields.name.trim() }));
      membershipChanged();
      return group;
    },
    'groups.update': (request) => {
      const body = requiredObject(request, 'groups.update');
      const id = stringField(body, 'id');
      const patch = requiredObject(body.patch, 'patch') as GroupPatch;
      return online(() => api.groups.patch(id, patch));
    },
    'groups.delete': async (request) => {
      const id = groupId(request, 'groups.delete');
      await online(() => api.groups.delete(id));
      forgetLocally(id);
    },
    'groups.members': async (request) => {
      const body = requiredObject(request, 'groups.members');
      const id = stringField(body, 'id');
      const query = optionalText(body, 'query');
      const members = await online(() => allPages(api.groups.membersV2(id, { limit: 500, query })));
      const shown = await names.namesOf(members.map((m) => m.profile_id));
      return members.map((m, i): GroupMemberView => ({ profileId: m.profile_id, role: m.role, ...(m.joined ? { joined: m.joined } : {}), name: shown[i]! }));
    },
    'groups.invite': (request) => {
      const body = requiredObject(request, 'groups.invite');
      const id = stringField(body, 'id');
      const emails = stringList(body, 'emails').map((e) => e.trim()).filter(Boolean);
      if (emails.length === 0) throw new BridgeFailure('invalid', 'Give at least one e-mail address', 'emails');
      if (emails.length > MAX_RECIPIENTS) throw new BridgeFailure('invalid', `Invite at most ${MAX_RECIPIENTS} people at a time`, 'emails');
      const message = optionalText(body, 'message');
      return online(() => api.groups.invite(id, { recipients: emails.map((email) => ({ email })), ...(message ? { message } : {}) }));
    },
    'groups.invitations': (request) => {
      const id = groupId(request, 'groups.invitations');
      return online(() => allPages(api.groups.invitations(id, { limit: 500 })));
    },
    'groups.myInvitations': async () => {
      const invitations = await online(() => allPages(api.groups.myInvitations({ limit: 500 })));
      // An invitee may see the group (even a private one) while the invitation waits.
      return Promise.all(invitations.map(async (invitation): Promise<MyInvitation> => {
        const group = await api.groups.get(invitation.group_uuid).catch(() => undefined);
        return { ...invitation, groupName: group?.name ?? 'A group' };
      }));
    },
    'groups.answerInvitation': async (request) => {
      const body = requiredObject(request, 'groups.answerInvitation');
      const id = stringField(body, 'groupId');
      const invitationId = stringField(body, 'invitationId');
      const answer = oneOf(body, 'answer', ['accept', 'decline'] as const);
      await online(() => api.groups.answerInvitation(id, invitationId, answer));
      if (answer === 'accept') membershipChanged();
    },
    'groups.revokeInvitation': async (request) => {
      const body = requiredObject(request, 'groups.revokeInvitation');
      const id = stringField(body, 'groupId');
      const invitationId = stringField(body, 'invitationId');
      await online(() => api.groups.answerInvitation(id, invitationId, 'revoke'));
    },
    'groups.askToJoin': (request) => {
      const body = requiredObject(request, 'groups.askToJoin');
      const id = stringField(body, 'id');
      return online(() => api.groups.askToJoin(id, optionalText(body, 'message')));
    },
    'groups.joinRequests': async (request) => {
      const id = groupId(request, 'groups.joinRequests');
      const waiting = await online(() => api.groups.joinRequests(id));
      const shown = await names.namesOf(waiting.map((r) => r.profile_id));
      return waiting.map((r, i): GroupJoinRequestView => ({ profileId: r.profile_id, name: shown[i]!, created: r.created, ...(r.message ? { message: r.message } : {}) }));
    },
    'groups.answerJoinRequest': async (request) => {
      const body = requiredObject(request, 'groups.answerJoinRequest');
      const id = stringField(body, 'id');
      const profileId = stringField(body, 'profileId');
      const answer = oneOf(body, 'answer', ['accept', 'decline'] as const);
      await online(() => api.groups.answerJoinRequest(id, profileId, answer));
    },
    'groups.join': async (request) => {
      const id = groupId(request, 'groups.join');
      await online(() => api.groups.join(id));
      membershipChanged();
    },
    'groups.leave': async (request) => {
      const id = groupId(request, 'groups.leave');
      await online(() => api.groups.leave(id));
      forgetLocally(id);
    },
    'groups.follow': async (request) => {
      const id = groupId(request, 'groups.follow');
      await online(() => api.groups.follow(id));
      membershipChanged();
    },
    'groups.unfollow': async (request) => {
      const id = groupId(request, 'groups.unfollow');
      await online(() => api.groups.unfollow(id));
      forgetLocally(id);
    },
    'groups.setRole': async (request) => {
      const body = requiredObject(request, 'groups.setRole');
      const id = stringField(body, 'id');
      const profileId = stringField(body, 'profileId');
      const role = oneOf(body, 'role', ['admin', 'normal'] as const);
      await online(() => api.groups.setRole(id, profileId, role));
    },
    'groups.removeMember': async (request) => {
      const body = requiredObject(request, 'groups.removeMember');
      const id = stringField(body, 'id');
      const profileId = stringField(body, 'profileId');
      await online(() => api.groups.removeMember(id, profileId));
    },
  };
}
