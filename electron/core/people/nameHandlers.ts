// people.names: who wrote an annotation, by name. The replica answers (offline too); signed
// in, the ids it cannot name are asked of the service, whose answers it keeps.
import type { PeopleCommands } from '../../../shared/bridge/peopleCommands.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { BridgeFailure } from '../commands/failure.ts';
import { requiredObject, stringList } from '../commands/requestChecks.ts';
import type { PeopleDeps } from './peopleDeps.ts';
import type { ProfileNames } from './profileNames.ts';

/** Most ids in one question (a document's annotations come from a group's members). */
export const MAX_NAME_IDS = 500;

export function nameHandlers(deps: PeopleDeps, names: ProfileNames): Pick<HandlersOf<PeopleCommands>, 'people.names'> {
  return {
    'people.names': async (request) => {
      const ids = [...new Set(stringList(requiredObject(request, 'people.names'), 'ids'))];
      if (ids.length > MAX_NAME_IDS) throw new BridgeFailure('invalid', `Ask for at most ${MAX_NAME_IDS} names at a time`, 'ids');
      const known = deps.replica.profileNamesOf(ids);
      const missing = ids.filter((id) => !(id in known) && !id.startsWith('local:'));
      if (missing.length && deps.account.status().signedIn) {
        // Each name fetched is kept; offline or refused, the names known so far are the answer.
        await names.namesOf(missing).catch(() => undefined);
        Object.assign(known, deps.replica.profileNamesOf(missing));
      }
      return known;
    },
  };
}
