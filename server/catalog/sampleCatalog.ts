// The sample catalog shipped in resources/catalog (public-domain bibliographies, see its
// README) is loaded once, on a service's first start with an empty catalog, so that a new
// installation has something to search. Tests skip it unless they ask for it.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sqliteOf } from '../storage/database.ts';
import type { ServiceContext } from '../context.ts';
import { catalogStoreOf } from './catalogStore.ts';
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

export function ensureSampleCatalog(ctx: ServiceContext, options: { force?: boolean; dir?: string } = {}): FileImportReport[] {
  if (!options.force && !sampleCatalogWanted()) return [];
  const sqlite = sqliteOf(ctx.database, 'The catalog');
  const store = catalogStoreOf(sqlite);
  const done = sqlite.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(SAMPLE_LOADED_KEY);
  if (done || store.count() > 0) return [];
  const dir = options.dir ?? SAMPLE_CATALOG_DIR;
  const files = readdirSync(dir).filter((f) => /\.(bib|ris|json)$/i.test(f)).sort();
  const reports = files.map((f) => importFile(store, path.join(dir, f)));
  sqlite.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)').run(SAMPLE_LOADED_KEY, new Date().toISOString());
  return reports;
}
