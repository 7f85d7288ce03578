// Profiles (mine to read and edit, others' to read, finding people by e-mail or link) and
// follower relationships seen from my side: who follows me, whom I follow, what waits.
import type { FollowView, PeopleCommands } from '../../../shared/bridge/peopleCommands.ts';
import type { Follow } from '../../../shared/schemas/follower.ts';
import type { ProfileAmendment } from '../../../shared/schemas/profile.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { BridgeFailure } from '../commands/failure.ts';
import { requiredObject, stringField } from '../commands/requestChecks.ts';
import { allPages, requireSignedIn, type PeopleDeps } from './peopleDeps.ts';
import type { ProfileNames } from './profileNames.ts';

type ProfileHandlers = Pick<HandlersOf<PeopleCommands>, Exclude<Extract<keyof PeopleCommands, `profiles.${string}` | `followers.${string}`>, 'profiles.setPhoto' | 'profiles.removePhoto' | 'profiles.photo'>>;

export function profileHandlers(deps: PeopleDeps, names: ProfileNames): ProfileHandlers {
  const { api } = deps;

  async function myId(): Promise<string> {
    requireSignedIn(deps);
    const id = deps.account.status().profile?.id;
    return id ?? (await api.profiles.me()).id;
  }

  async function views(follows: Follow[], other: (f: Follow) => string): Promise<FollowView[]> {
    const shown = await names.namesOf(follows.map(other));
    return follows.map((f, i) => ({ id: f.id, status: f.status, profileId: other(f), name: shown[i]! }));
  }

  return {
    'profiles.me': () => {
      requireSignedIn(deps);
      return api.profiles.me();
    },
    'profiles.updateMe': async (request) => {
      const amendment = requiredObject(request, 'profiles.updateMe') as ProfileAmendment;
      for (const field of ['first_name', 'last_name'] as const) {
        if (field in amendment && (typeof amendment[field] !== 'string' || !amendment[field]!.trim())) {
          throw new BridgeFailure('invalid', `${field === 'first_name' ? 'First' : 'Last'} name cannot be empty`, field);
        }
      }
      requireSignedIn(deps);
      const profile = await api.profiles.patchMe(amendment);
      names.remember(profile);
      return profile;
    },
    'profiles.get': (request) => {
      const id = stringField(requiredObject(request, 'profiles.get'), 'id');
      requireSignedIn(deps);
      return api.profiles.get(id);
    },
    'profiles.find': (request) => {
      const body = requiredObject(request, 'profiles.find');
      const email = typeof body.email === 'string' ? body.email.trim() : undefined;
      const link = typeof body.link === 'string' ? body.link.trim() : undefined;
      if (!email === !link) throw new BridgeFailure('invalid', 'Give either an e-mail address or a profile link', email ? 'link' : 'email');
      requireSignedIn(deps);
      return api.profiles.lookup(email ? { email } : { link: link! });
    },

    'followers.overview': async () => {
      const me = await myId();
      const [followers, following] = await Promise.all([
        allPages(api.followers.list({ followed: me, limit: 500 })),
        allPages(api.followers.list({ follower: me, limit: 500 })),
      ]);
      return {
        followers: await views(followers, (f) => f.follower_id),
        following: await views(following, (f) => f.followed_id),
      };
    },
    'followers.request': (request) => {
      const profileId = stringField(requiredObject(request, 'followers.request'), 'profileId');
      requireSignedIn(deps);
      return api.followers.request(profileId);
    },
    'followers.accept': (request) => {
      const id = stringField(requiredObject(request, 'followers.accept'), 'id');
      requireSignedIn(deps);
      return api.followers.accept(id);
    },
    'followers.remove': async (request) => {
      const id = stringField(requiredObject(request, 'followers.remove'), 'id');
      requireSignedIn(deps);
      await api.followers.remove(id);
    },
  };
}
