// The vocabularies behind the profile pickers: institutions by name hint, places by name
// prefix, disciplines and academic statuses. Short inputs are answered here with nothing
// rather than sent to the service, which would refuse them.
import type { PeopleCommands } from '../../../shared/bridge/peopleCommands.ts';
import { INSTITUTION_HINT_MIN_LENGTH, INSTITUTIONS_LIMIT_MAX, LOCATIONS_LIMIT_MAX } from '../../../shared/schemas/vocabulary.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { BridgeFailure } from '../commands/failure.ts';
import { requiredObject } from '../commands/requestChecks.ts';
import { requireSignedIn, type PeopleDeps } from './peopleDeps.ts';

type VocabularyHandlers = Pick<HandlersOf<PeopleCommands>, Extract<keyof PeopleCommands, `vocabularies.${string}`>>;

function textOf(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string') throw new BridgeFailure('invalid', `${field} must be text`, field);
  return value.trim();
}

function limitOf(body: Record<string, unknown>, max: number): number | undefined {
  const limit = body.limit;
  if (limit === undefined) return undefined;
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > max) {
    throw new BridgeFailure('invalid', `limit must be a whole number from 1 to ${max}`, 'limit');
  }
  return limit as number;
}

export function vocabularyHandlers(deps: PeopleDeps): VocabularyHandlers {
  const { api } = deps;
  return {
    'vocabularies.institutions': async (request) => {
      const body = requiredObject(request, 'vocabularies.institutions');
      const hint = textOf(body, 'hint');
      const limit = limitOf(body, INSTITUTIONS_LIMIT_MAX);
      if ([...hint].length < INSTITUTION_HINT_MIN_LENGTH) return [];
      requireSignedIn(deps);
      return api.vocabulary.institutions({ hint, ...(limit ? { limit } : {}) });
    },
    'vocabularies.locations': async (request) => {
      const body = requiredObject(request, 'vocabularies.locations');
      const prefix = textOf(body, 'prefix');
      const limit = limitOf(body, LOCATIONS_LIMIT_MAX);
      if (!prefix) return [];
      requireSignedIn(deps);
      return api.vocabulary.locations(prefix, limit ? { limit } : {});
    },
    'vocabularies.disciplines': () => {
      requireSignedIn(deps);
      return api.vocabulary.disciplines();
    },
    'vocabularies.academicStatuses': async () => {
      requireSignedIn(deps);
      return (await api.vocabulary.academicStatuses()).map((entry) => entry.description);
    },
  };
}
