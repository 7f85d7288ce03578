// Files of catalog documents (GET /files?catalog_id=). A catalog document is built from
// library documents; when it is open access it offers the files attached to those of them
// that sit on a file shelf (fileShelves.ts: libraries the installation keeps for this, never
// a user's own), not in the trash, not hidden, one per distinct content: the earliest-added
// row of each SHA-1 stands for all copies. A closed document offers none, and nothing else
// of the libraries behind it is exposed: only those representative rows may be downloaded
// by other users (isOpenAccessCatalogFile).
import { sql } from 'kysely';
import type { ServiceContext } from '../context.ts';
import type { FilesTable } from '../storage/tables.ts';
import { notFound } from '../http/errors.ts';
import { jsonNotTrue } from '../storage/sqlText.ts';
import { fetchPage, type Page, type PageParams } from '../http/paging.ts';
import { catalogStorageOf } from './catalogStorage.ts';
import { fileShelves } from './fileShelves.ts';

export const CATALOG_DOCUMENT_NOT_FOUND = 'Document not found';

export type CatalogFileRow = FilesTable & Record<string, unknown>;

/** Files of the shelved library documents that feed a catalog document, all copies. */
async function linkedFiles(ctx: ServiceContext, seq: number) {
  const shelves = await fileShelves(ctx.db);
  return ctx.db
    .selectFrom('catalog_sources as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .innerJoin('files as f', 'f.document_id', 'd.id')
    .where('s.catalog_seq', '=', seq)
    // No shelf, no files: an impossible id keeps the query's shape.
    .where('d.profile_id', 'in', shelves.length ? shelves : [''])
    .where('d.group_id', 'is', null)
    .where('d.trashed_at', 'is', null)
    .where(jsonNotTrue(ctx.db, 'd.data', 'hidden'));
}

/** One page of a catalog document's files; 404 for an unknown id, empty when not open access. */
export async function catalogFilesPage(ctx: ServiceContext, catalogId: string, params: PageParams, addedSince?: string): Promise<Page<CatalogFileRow>> {
  const storage = catalogStorageOf(ctx.database);
  // The mapping must be current: a document hidden or trashed a moment ago offers nothing.
  await storage.catchUp();
  const record = await storage.byId(catalogId);
  if (!record) throw notFound(CATALOG_DOCUMENT_NOT_FOUND);
  if (record.open_access !== 1) {
    return { rows: [], hasNext: false, hasPrevious: false, total: 0, isFirstPage: !params.marker && !params.reverse };
  }
  const ranked = (await linkedFiles(ctx, record.seq))
    .selectAll('f')
    .select(sql<number>`row_number() OVER (PARTITION BY f.filehash ORDER BY f.added, f.id)`.as('copy'));
  let q = ctx.db.selectFrom(ranked.as('linked')).selectAll().where('copy', '=', 1);
  if (addedSince) q = q.where('added', '>', addedSince);
  return fetchPage<CatalogFileRow>(q, 'added', 'id', params);
}

/**
 * Whether a file is one an open-access catalog document lists, so that any signed-in user
 * may download it. Other copies of the same bytes and other files of the library are not.
 */
export async function isOpenAccessCatalogFile(ctx: ServiceContext, file: Pick<FilesTable, 'id' | 'document_id' | 'filehash'>): Promise<boolean> {
  await catalogStorageOf(ctx.database).catchUp();
  const source = await ctx.db
    .selectFrom('catalog_sources as s')
    .innerJoin('catalog_documents as c', 'c.seq', 's.catalog_seq')
    .select('c.seq')
    .where('s.document_id', '=', file.document_id)
    .where('c.open_access', '=', 1)
    .executeTakeFirst();
  if (!source) return false;
  const representative = await (await linkedFiles(ctx, source.seq))
    .select('f.id')
    .where('f.filehash', '=', file.filehash)
    .orderBy('f.added')
    .orderBy('f.id')
    .limit(1)
    .executeTakeFirst();
  return representative?.id === file.id;
}
