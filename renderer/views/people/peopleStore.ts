// The people view's way to the core: my profile and photo, other people's profiles,
// following, and the vocabularies the profile editor picks from.
import type { BridgeClient } from '../../bridge/bridgeClient.ts';
import { command, commandResult, useAreaStore } from '../../state/areaCommands.ts';

export function createPeopleStore(bridge: BridgeClient) {
  return {
    me: command(bridge, 'profiles.me'),
    updateMe: command(bridge, 'profiles.updateMe'),
    profile: command(bridge, 'profiles.get'),
    find: command(bridge, 'profiles.find'),
    setPhoto: command(bridge, 'profiles.setPhoto'),
    removePhoto: command(bridge, 'profiles.removePhoto'),
    /** A photo as a data URL; a photo that cannot be fetched shows initials, so no throw. */
    photo: commandResult(bridge, 'profiles.photo'),
    followOverview: command(bridge, 'followers.overview'),
    requestFollow: command(bridge, 'followers.request'),
    acceptFollower: command(bridge, 'followers.accept'),
    removeFollow: command(bridge, 'followers.remove'),
    academicStatuses: command(bridge, 'vocabularies.academicStatuses'),
    institutions: command(bridge, 'vocabularies.institutions'),
    locations: command(bridge, 'vocabularies.locations'),
  };
}

export type PeopleStore = ReturnType<typeof createPeopleStore>;

export function usePeopleStore(): PeopleStore {
  return useAreaStore(createPeopleStore);
}
