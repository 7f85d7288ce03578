// The shipped vocabularies (resources/vocabularies), read once per process. Institutions
// and locations are parsed and indexed on first use, not at start-up: that costs about a
// second of CPU, which a service that never gets a vocabulary request should not pay.
import { readFileSync } from 'node:fs';
import type { AcademicStatusEntry, DisciplineListItem, IdentifierType, Institution, Location } from '../../shared/schemas/vocabulary.ts';
import { InstitutionIndex } from './institutionIndex.ts';
import { LocationIndex } from './locationIndex.ts';
import { resourcePath } from '../../shared/node/resourcesDir.ts';

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(resourcePath('vocabularies', file), 'utf8')) as T;
}

function once<T>(load: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= load());
}

export const academicStatuses = once(() => readJson<AcademicStatusEntry[]>('academic_statuses.json'));
export const disciplines = once(() => readJson<DisciplineListItem[]>('disciplines.json'));
export const identifierTypes = once(() => readJson<IdentifierType[]>('identifier_types.json'));
export const institutionIndex = once(() => new InstitutionIndex(readJson<Institution[]>('institutions.json')));
export const locationIndex = once(() => new LocationIndex(readJson<Location[]>('locations.json')));
