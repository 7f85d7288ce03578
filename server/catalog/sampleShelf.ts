// The sample open-access shelf (resources/catalog/open-access, see its README): a few openly
// licensed PDFs with their records. Each record becomes an open-access catalog document and
// its PDF is attached to a library document of a sample profile that cannot sign in; the
// library scan then ties the two, so the catalog offers the file (GET /files?catalog_id=).
// Loaded once, with the sample catalog: a new installation can show "add to library" with
// its PDF. An installation that imported its own catalog instead gets no sample profile.
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ServiceContext } from '../context.ts';
import { bibtexEntryToDocument, readBibtexEntries } from '../../shared/bibtex/parseBibtex.ts';
import { documentStore } from '../library/documentStore.ts';
import { attachFile } from '../library/fileService.ts';
import { readText } from './catalogImport.ts';
import { addFileShelf } from './fileShelves.ts';
import { catalogStorageOf } from './catalogStorage.ts';
import { readSetting, writeSetting } from './catalogSettings.ts';
import { SAMPLE_CATALOG_DIR, SAMPLE_LOADED_KEY, sampleCatalogWanted } from './sampleCatalog.ts';

export const SAMPLE_SHELF_DIR = path.join(SAMPLE_CATALOG_DIR, 'open-access');
export const SAMPLE_SHELF_EMAIL = 'sample-shelf@refshelf.invalid';
const SHELF_LOADED_KEY = 'catalog.sample_shelf_loaded';

export interface ShelfReport {
  /** Titles of the records that now have a file in the catalog. */
  titles: string[];
}

/** The shelf's owner: a profile without a password (no hash matches), so nobody signs in as it. */
async function sampleProfile(ctx: ServiceContext): Promise<string> {
  const existing = await ctx.db.selectFrom('profiles').select('id').where('email', '=', SAMPLE_SHELF_EMAIL).executeTakeFirst();
  if (existing) return existing.id;
  const id = randomUUID();
  const now = new Date().toISOString();
  await ctx.db
    .insertInto('profiles')
    .values({ id, email: SAMPLE_SHELF_EMAIL, password_hash: '!', first_name: 'RefShelf', last_name: 'Sample shelf', verified: 0, created: now, last_modified: now, data: '{}' })
    .execute();
  return id;
}

export async function ensureSampleShelf(ctx: ServiceContext, options: { force?: boolean; dir?: string } = {}): Promise<ShelfReport> {
  if (!options.force && (!sampleCatalogWanted() || !(await readSetting(ctx.db, SAMPLE_LOADED_KEY)))) return { titles: [] };
  if (await readSetting(ctx.db, SHELF_LOADED_KEY)) {
    // Loaded by a version that offered every library's files: the shelf is named now.
    const shelf = await ctx.db.selectFrom('profiles').select('id').where('email', '=', SAMPLE_SHELF_EMAIL).executeTakeFirst();
    if (shelf) await addFileShelf(ctx.db, shelf.id);
    return { titles: [] };
  }
  const dir = options.dir ?? SAMPLE_SHELF_DIR;
  const bib = path.join(dir, 'open-access.bib');
  if (!existsSync(bib)) return { titles: [] };

  const profileId = await sampleProfile(ctx);
  await addFileShelf(ctx.db, profileId);
  const store = catalogStorageOf(ctx.database);
  const documents = documentStore(ctx);
  const titles: string[] = [];
  for (const entry of readBibtexEntries(readText(bib)).entries) {
    const converted = bibtexEntryToDocument(entry);
    const pdf = entry.fields.file ? path.join(dir, path.basename(entry.fields.file.trim())) : undefined;
    if ('problem' in converted || !pdf || !existsSync(pdf)) continue;
    await store.add(converted.document, { imported: true, openAccess: true });
    const row = await documents.create({ profileId, groupId: null, fields: { ...converted.document } });
    await attachFile(ctx, { documentId: row.id, profileId, groupId: null, body: readFileSync(pdf), mimeType: 'application/pdf', clientFileName: path.basename(pdf) });
    titles.push(converted.document.title);
  }
  await writeSetting(ctx.db, SHELF_LOADED_KEY, new Date().toISOString());
  return { titles };
}
