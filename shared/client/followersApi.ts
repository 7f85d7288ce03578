// Follower relationships between profiles: ask to follow (pending until the followed profile
// accepts), accept, and delete (which cancels, rejects or unfollows, depending on who asks).
import type { Follow, FollowStatus } from '../schemas/follower.ts';
import type { Page } from './pagedIterator.ts';
import type { CallOptions, ServiceClient } from './serviceClient.ts';

export type FollowListFilter = ({ followed: string } | { follower: string }) & { status?: FollowStatus; limit?: number };

export function followersApi(client: ServiceClient) {
  const t = client.mediaTypes;
  const one = (id: string) => `/followers/${encodeURIComponent(id)}`;
  return {
    /** followed=<id>: that profile's followers; follower=<id>: whom it follows. */
    list(filter: FollowListFilter & CallOptions): AsyncGenerator<Page<Follow>, void, undefined> {
      const { signal, ...query } = filter;
      return client.pages<Follow>('/followers', query, { accept: t.follow, signal });
    },

    request(followed: string, options: CallOptions = {}): Promise<Follow> {
      return client.create<Follow>('/followers', { json: { followed }, contentType: t.followRequest, accept: t.follow, signal: options.signal });
    },

    accept(id: string, options: CallOptions = {}): Promise<Follow> {
      return client.json<Follow>(one(id), { method: 'PATCH', json: { status: 'following' }, contentType: t.followAcceptance, accept: t.follow, signal: options.signal });
    },

    async remove(id: string, options: CallOptions = {}): Promise<void> {
      await client.call(one(id), { method: 'DELETE', signal: options.signal });
    },
  };
}

export type FollowersApi = ReturnType<typeof followersApi>;
