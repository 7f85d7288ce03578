// The data licences a draft may choose (GET /datasets/licences). The list is Mendeley Data's
// (ids and names recorded in MendeleyKit, Apache-2.0; descriptions and URLs written for this
// project: see resources/vocabularies/LICENCE.md). It is read from
// resources/vocabularies/data_licences.json.
import { existsSync, readFileSync } from 'node:fs';
import type { DataLicence } from '../../shared/schemas/dataset.ts';
import { resourcePath } from '../../shared/node/resourcesDir.ts';

let cached: DataLicence[] | undefined;

export function dataLicences(): DataLicence[] {
  if (cached) return cached;
  const file = resourcePath('vocabularies', 'data_licences.json');
  if (!existsSync(file)) throw new Error(`The data licence list is missing: ${file}`);
  const list = JSON.parse(readFileSync(file, 'utf8')) as DataLicence[];
  if (!Array.isArray(list) || list.some((l) => typeof l?.id !== 'string')) throw new Error(`${file} is not a list of licences`);
  cached = list;
  return list;
}

export function licenceById(id: string): DataLicence | undefined {
  return dataLicences().find((l) => l.id === id);
}
