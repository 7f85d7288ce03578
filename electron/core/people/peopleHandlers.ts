// The handlers of every command in shared/bridge/peopleCommands.ts.
import type { PeopleCommands } from '../../../shared/bridge/peopleCommands.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { groupHandlers } from './groupHandlers.ts';
import { nameHandlers } from './nameHandlers.ts';
import type { PeopleDeps } from './peopleDeps.ts';
import { createProfileNames } from './profileNames.ts';
import { profileHandlers } from './profileHandlers.ts';
import { photoHandlers } from './profilePhotos.ts';
import { vocabularyHandlers } from './vocabularyHandlers.ts';

export function peopleHandlers(deps: PeopleDeps): HandlersOf<PeopleCommands> {
  const names = createProfileNames(deps.api, deps.replica);
  return {
    ...groupHandlers(deps, names),
    ...profileHandlers(deps, names),
    ...nameHandlers(deps, names),
    ...photoHandlers(deps),
    ...vocabularyHandlers(deps),
  };
}
