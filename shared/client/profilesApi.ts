// Profiles: the caller's own (with email) and other users' (without).
import type { OwnProfile, ProfileAmendment, PublicProfile } from '../schemas/profile.ts';
import type { CallOptions, ServiceClient } from './serviceClient.ts';

export function profilesApi(client: ServiceClient) {
  const type = () => client.mediaTypes.profiles;
  return {
    me(options: CallOptions = {}): Promise<OwnProfile> {
      return client.json<OwnProfile>('/profiles/me', { accept: type(), signal: options.signal });
    },

    get(id: string, options: CallOptions = {}): Promise<PublicProfile> {
      return client.json<PublicProfile>(`/profiles/${encodeURIComponent(id)}`, { accept: type(), signal: options.signal });
    },

    /** Profiles matching an e-mail address or a profile link (never showing their e-mail). */
    lookup(filter: { email: string } | { link: string }, options: CallOptions = {}): Promise<PublicProfile[]> {
      return client.json<PublicProfile[]>('/profiles', { accept: type(), query: { ...filter }, signal: options.signal });
    },

    /** Sets the caller's photo from image bytes (PNG, JPEG or GIF). */
    setPhoto(bytes: Uint8Array, contentType: string, options: CallOptions = {}): Promise<OwnProfile> {
      return client.json<OwnProfile>('/profiles/me/photo', { method: 'PUT', body: bytes, contentType, accept: type(), signal: options.signal });
    },

    async removePhoto(options: CallOptions = {}): Promise<void> {
      await client.call('/profiles/me/photo', { method: 'DELETE', signal: options.signal });
    },

    /** Amends the caller's profile; null clears an optional field. */
    patchMe(fields: ProfileAmendment, options: CallOptions = {}): Promise<OwnProfile> {
      return client.json<OwnProfile>('/profiles/me', {
        method: 'PATCH', json: fields, contentType: client.mediaTypes.profileAmendment, accept: type(), signal: options.signal,
      });
    },
  };
}

export type ProfilesApi = ReturnType<typeof profilesApi>;
