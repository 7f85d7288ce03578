// Groups the caller belongs to (v1 listing, which the sync engine walks for group libraries)
// and the v2 calls that manage them.
import type { Group, GroupCreate, GroupInvitation, GroupInvitationRequest, GroupInvitationResult, GroupMember, GroupPatch } from '../schemas/group.ts';
import type { Page } from './pagedIterator.ts';

/** A request to join that waits for an answer (GET /groups/v2/{id}/join_requests). */
export interface GroupJoinRequest {
  profile_id: string;
  message?: string;
  created: string;
}
import type { CallOptions, ServiceClient } from './serviceClient.ts';

export function groupsApi(client: ServiceClient) {
  const t = client.mediaTypes;
  const v1 = (id: string) => `/groups/${encodeURIComponent(id)}`;
  const v2 = (id: string) => `/groups/v2/${encodeURIComponent(id)}`;
  return {
    list(filters: CallOptions & { limit?: number } = {}): AsyncGenerator<Page<Group>, void, undefined> {
      const { signal, ...query } = filters;
      return client.pages<Group>('/groups', query, { accept: t.group, signal });
    },

    get(id: string, options: CallOptions = {}): Promise<Group> {
      return client.json<Group>(v1(id), { accept: t.group, signal: options.signal });
    },

    members(id: string, filters: CallOptions & { limit?: number } = {}): AsyncGenerator<Page<GroupMember>, void, undefined> {
      const { signal, ...query } = filters;
      return client.pages<GroupMember>(`${v1(id)}/members`, query, { accept: t.membership, signal });
    },

    create(fields: GroupCreate, options: CallOptions = {}): Promise<Group> {
      return client.create<Group>('/groups/v2', { json: fields, contentType: t.groupV2, accept: t.groupV2, signal: options.signal });
    },

    patch(id: string, fields: GroupPatch, options: CallOptions = {}): Promise<Group> {
      return client.json<Group>(v2(id), { method: 'PATCH', json: fields, contentType: t.groupV2, accept: t.groupV2, signal: options.signal });
    },

    async delete(id: string, options: CallOptions = {}): Promise<void> {
      await client.call(v2(id), { method: 'DELETE', signal: options.signal });
    },

    invite(id: string, request: GroupInvitationRequest, options: CallOptions = {}): Promise<GroupInvitationResult[]> {
      return client.json<GroupInvitationResult[]>(`${v2(id)}/invitations`, {
        method: 'POST', json: request, contentType: t.groupInvitation, accept: t.groupInvitationResponseList, signal: options.signal,
      });
    },

    /** Members and followers with their roles (v2); `query` matches first or last names. */
    membersV2(id: string, filters: CallOptions & { limit?: number; query?: string } = {}): AsyncGenerator<Page<GroupMember>, void, undefined> {
      const { signal, ...query } = filters;
      return client.pages<GroupMember>(`${v2(id)}/members`, query, { accept: t.groupMemberList, signal });
    },

    popular(options: CallOptions & { limit?: number } = {}): Promise<Group[]> {
      return client.json<Group[]>('/groups/v2/popular', { accept: t.groupList, query: { limit: options.limit }, signal: options.signal });
    },

    /** Joins a public group. */
    async join(id: string, options: CallOptions = {}): Promise<void> {
      await client.call(`${v2(id)}/members`, { method: 'POST', signal: options.signal });
    },

    async leave(id: string, options: CallOptions = {}): Promise<void> {
      await client.call(`${v2(id)}/members`, { method: 'DELETE', signal: options.signal });
    },

    async follow(id: string, options: CallOptions = {}): Promise<void> {
      await client.call(`${v2(id)}/followers`, { method: 'POST', signal: options.signal });
    },

    async unfollow(id: string, options: CallOptions = {}): Promise<void> {
      await client.call(`${v2(id)}/followers`, { method: 'DELETE', signal: options.signal });
    },

    async removeMember(id: string, profileId: string, options: CallOptions = {}): Promise<void> {
      await client.call(`${v2(id)}/members/${encodeURIComponent(profileId)}`, { method: 'DELETE', signal: options.signal });
    },

    /** admin or normal; owner hands the group over (owner only). */
    setRole(id: string, profileId: string, membership: 'admin' | 'normal' | 'owner', options: CallOptions = {}): Promise<GroupMember> {
      return client.json<GroupMember>(`${v2(id)}/members/${encodeURIComponent(profileId)}`, {
        method: 'PATCH', json: { membership }, contentType: t.groupMembership, accept: t.groupMembership, signal: options.signal,
      });
    },

    async askToJoin(id: string, message?: string, options: CallOptions = {}): Promise<void> {
      await client.call(`${v2(id)}/actions/join_request`, { method: 'POST', json: message === undefined ? {} : { message }, contentType: t.groupMessage, signal: options.signal });
    },

    /** Requests to join waiting for an owner's or admin's answer. */
    joinRequests(id: string, options: CallOptions = {}): Promise<GroupJoinRequest[]> {
      return client.json<GroupJoinRequest[]>(`${v2(id)}/join_requests`, { accept: 'application/json', signal: options.signal });
    },

    async answerJoinRequest(id: string, profileId: string, answer: 'accept' | 'decline', options: CallOptions = {}): Promise<void> {
      await client.call(`${v2(id)}/members/${encodeURIComponent(profileId)}/actions/${answer}`, { method: 'POST', json: {}, contentType: t.groupMessage, signal: options.signal });
    },

    /** The caller (the invitee) accepts or declines; owners and admins revoke or resend. */
    async answerInvitation(id: string, invitationId: string, action: 'accept' | 'decline' | 'revoke' | 'resend', options: CallOptions = {}): Promise<void> {
      await client.call(`${v2(id)}/invitations/${encodeURIComponent(invitationId)}/actions/${action}`, { method: 'POST', signal: options.signal });
    },

    /** Every invitation of a group (owners and admins). */
    invitations(id: string, filters: CallOptions & { limit?: number } = {}): AsyncGenerator<Page<GroupInvitation>, void, undefined> {
      const { signal, ...query } = filters;
      return client.pages<GroupInvitation>(`${v2(id)}/invitations`, query, { accept: t.groupInvitationList, signal });
    },

    /** Invitations addressed to the caller. */
    myInvitations(filters: CallOptions & { limit?: number } = {}): AsyncGenerator<Page<GroupInvitation>, void, undefined> {
      const { signal, ...query } = filters;
      return client.pages<GroupInvitation>('/groups/v2/invitations', query, { accept: t.groupInvitationList, signal });
    },
  };
}

export type GroupsApi = ReturnType<typeof groupsApi>;
