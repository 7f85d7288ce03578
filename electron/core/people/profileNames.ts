// Members, followers and join requests come as profile ids; people are shown by name. Names
// are fetched once per profile and kept for the session (they rarely change), a few at a time,
// and written to the replica's profile names, which the window reads offline (people.names).
import type { LibraryApi } from '../../../shared/client/libraryApi.ts';
import type { PublicProfile } from '../../../shared/schemas/profile.ts';
import { ServiceError } from '../../../shared/client/serviceErrors.ts';

const PARALLEL = 6;

export function displayName(profile: Pick<PublicProfile, 'display_name' | 'first_name' | 'last_name'>): string {
  return profile.display_name?.trim() || `${profile.first_name} ${profile.last_name}`.trim();
}

/** Where names are kept beyond the session (the replica). */
export interface ProfileNameStore {
  rememberProfileNames(names: readonly { id: string; name: string }[]): void;
}

export function createProfileNames(api: LibraryApi, store?: ProfileNameStore) {
  const names = new Map<string, Promise<string>>();

  function keep(id: string, name: string): string {
    try {
      store?.rememberProfileNames([{ id, name }]);
    } catch {
      // (the replica closed meanwhile) the name is still right for this answer
    }
    return name;
  }

  function nameOf(id: string): Promise<string> {
    let name = names.get(id);
    if (!name) {
      name = api.profiles.get(id).then((profile) => keep(id, displayName(profile)), (error: unknown) => {
        names.delete(id);
        // A profile that no longer exists still has a row to show; other failures are real.
        if (error instanceof ServiceError && error.status === 404) return 'Unknown person';
        throw error;
      });
      names.set(id, name);
    }
    return name;
  }

  return {
    nameOf,
    remember(profile: PublicProfile): void {
      names.set(profile.id, Promise.resolve(keep(profile.id, displayName(profile))));
    },
    /** Names of many profiles, in order, with at most PARALLEL calls at once. */
    async namesOf(ids: readonly string[]): Promise<string[]> {
      const result: string[] = new Array<string>(ids.length);
      let next = 0;
      const worker = async () => {
        while (next < ids.length) {
          const index = next++;
          result[index] = await nameOf(ids[index]!);
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, ids.length) }, worker));
      return result;
    },
  };
}

export type ProfileNames = ReturnType<typeof createProfileNames>;
