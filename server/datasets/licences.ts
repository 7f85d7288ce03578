// The data licences a draft may choose (GET /datasets/licences). The list is Mendeley Data's
// (ids and names recorded in MendeleyKit, Apache-2.0; descriptions and URLs written for this
// project: see /work/shared/data/README.md "data_licences.json"). It is read from
// resources/vocabularies/data_licences.json, or from the shared data folder while the
// resources copy does not exist yet.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { DataLicence } from '../../shared/schemas/dataset.ts';

const CANDIDATES = [
  fileURLToPath(new URL('../../resources/vocabularies/data_licences.json', import.meta.url)),
  '/work/shared/data/data_licences.json',
];

let cached: DataLicence[] | undefined;

export function dataLicences(): DataLicence[] {
  if (cached) return cached;
  const file = CANDIDATES.find((f) => existsSync(f));
  if (!file) throw new Error(`No data licence list found (looked in ${CANDIDATES.join(', ')})`);
  const list = JSON.parse(readFileSync(file, 'utf8')) as DataLicence[];
  if (!Array.isArray(list) || list.some((l) => typeof l?.id !== 'string')) throw new Error(`${file} is not a list of licences`);
  cached = list;
  return list;
}

export function licenceById(id: string): DataLicence | undefined {
  return dataLicences().find((l) => l.id === id);
}
