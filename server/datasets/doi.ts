// DOIs of datasets: built from the dataset id and the version, under one prefix.
// Registration with a DOI agency is simulated: a published version's DOI is `requested` when
// it is published and counts as `allocated` once DOI_REGISTRATION_SECONDS have passed (the
// time a registrar takes to make it resolvable). A draft's DOI is provisional (`reserved`).
import type { DoiStatus } from '../../shared/schemas/dataset.ts';

/** Server setting: the DOI prefix datasets are registered under (10.<registrant>). */
export const DOI_PREFIX = '10.5072'; // 10.5072 is the DataCite test prefix: never resolvable by accident

export const DOI_REGISTRATION_SECONDS = 60;

export function doiFor(datasetId: string, version: number): string {
  return `${DOI_PREFIX}/${datasetId}.${version}`;
}

export function publicDoiStatus(publishDate: string, now: Date): DoiStatus {
  const registeredAt = Date.parse(publishDate) + DOI_REGISTRATION_SECONDS * 1000;
  return now.getTime() >= registeredAt ? 'allocated' : 'requested';
}
