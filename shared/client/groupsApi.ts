// Groups the caller belongs to (v1 listing, which the sync engine walks for group libraries)
// and the v2 calls that manage them.
import type { Group, GroupCreate, GroupInvitation, GroupInvitationRequest, GroupInvitationResult, GroupMember, GroupPatch } from '../schemas/group.ts';
import type { Page } from './pagedIterator.ts';
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

    /** Invitations addressed to the caller. */
    myInvitations(filters: CallOptions & { limit?: number } = {}): AsyncGenerator<Page<GroupInvitation>, void, undefined> {
      const { signal, ...query } = filters;
      return client.pages<GroupInvitation>('/groups/v2/invitations', query, { accept: t.groupInvitationList, signal });
    },
  };
}

export type GroupsApi = ReturnType<typeof groupsApi>;
