// The sample catalog shipped in resources/catalog (public-domain bibliographies, see its
// README) is loaded once, on a service's first start with an empty catalog, so that a new
// installation has something to search. Tests skip it unless they ask for it.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ServiceContext } from '../context.ts';
import { catalogStorageOf } from './catalogStorage.ts';
import { readSetting, writeSetting } from './catalogSettings.ts';
import { importFile, type FileImportReport } from './catalogImport.ts';
import { resourcePath } from '../../shared/node/resourcesDir.ts';

export const SAMPLE_CATALOG_DIR = resourcePath('catalog');
export const SAMPLE_LOADED_KEY = 'catalog.sample_loaded';

/**
 * SERVICE_SAMPLE_CATALOG=0 turns the sample off, =1 on; by default it is on except under
 * the test runner.
 */
export function sampleCatalogWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const flag = env.SERVICE_SAMPLE_CATALOG;
  if (flag === '0' || flag === 'false') return false;
  if (flag === '1' || flag === 'true') return true;
  return !env.VITEST;
}

export async function ensureSampleCatalog(ctx: ServiceContext, options: { force?: boolean; dir?: string } = {}): Promise<FileImportReport[]> {
  if (!options.force && !sampleCatalogWanted()) return [];
  const store = catalogStorageOf(ctx.database);
  if ((await readSetting(ctx.db, SAMPLE_LOADED_KEY)) || (await store.count()) > 0) return [];
  const dir = options.dir ?? SAMPLE_CATALOG_DIR;
  const files = readdirSync(dir).filter((f) => /\.(bib|ris|json)$/i.test(f)).sort();
  const reports: FileImportReport[] = [];
  for (const f of files) reports.push(await importFile(store, path.join(dir, f)));
  await writeSetting(ctx.db, SAMPLE_LOADED_KEY, new Date().toISOString());
  return reports;
}
