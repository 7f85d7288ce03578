// Files of catalog documents (GET /files?catalog_id=). A catalog document is built from
// library documents; when it is open access it offers the files attached to those of them
// that sit on a file shelf (fileShelves.ts: libraries the installation keeps for this, never
// a user's own), not in the trash, not hidden, one per distinct content: the earliest-added
// row of each SHA-1 stands for all copies. A closed document offers none, and nothing else
// of the libraries behind it is exposed: only those representative rows may be downloaded
// by other users (isOpenAccessCatalogFile).
import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { ServiceContext } from '../context.ts';
import type { FilesTable } from '../storage/tables.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { CATALOG_UNAVAILABLE } from './catalogUnavailable.ts';
import { fetchPage, type Page, type PageParams } from '../http/paging.ts';
import { catalogStoreOf } from './catalogStore.ts';
import { fileShelves } from './fileShelves.ts';
import { librarySyncOf } from './librarySync.ts';

export const CATALOG_DOCUMENT_NOT_FOUND = 'Document not found';

export type CatalogFileRow = FilesTable & Record<string, unknown>;

/** Files of the shelved library documents that feed a catalog document, all copies. */
function linkedFiles(ctx: ServiceContext, sqlite: SQLite.Database, seq: number) {
  const shelves = fileShelves(sqlite);
  return ctx.db
    .selectFrom('catalog_sources as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .innerJoin('files as f', 'f.document_id', 'd.id')
    .where('s.catalog_seq', '=', seq)
    // No shelf, no files: an impossible id keeps the query's shape.
    .where('d.profile_id', 'in', shelves.length ? shelves : [''])
    .where('d.group_id', 'is', null)
    .where('d.trashed_at', 'is', null)
    .where(sql<boolean>`coalesce(json_extract(d.data, '$.hidden'), 0) <> 1`);
}

/** One page of a catalog document's files; 404 for an unknown id, empty when not open access. */
export async function catalogFilesPage(ctx: ServiceContext, catalogId: string, params: PageParams, addedSince?: string): Promise<Page<CatalogFileRow>> {
  const sqlite = ctx.database.sqlite;
  if (!sqlite) throw new HttpError(503, CATALOG_UNAVAILABLE);
  // The mapping must be current: a document hidden or trashed a moment ago offers nothing.
  librarySyncOf(sqlite).run();
  const record = catalogStoreOf(sqlite).byId(catalogId);
  if (!record) throw notFound(CATALOG_DOCUMENT_NOT_FOUND);
  if (record.open_access !== 1) {
    return { rows: [], hasNext: false, hasPrevious: false, total: 0, isFirstPage: !params.marker && !params.reverse };
  }
  const ranked = linkedFiles(ctx, sqlite, record.seq)
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
  const sqlite = ctx.database.sqlite;
  // No catalog on this engine yet: nothing is shared through it.
  if (!sqlite) return false;
  librarySyncOf(sqlite).run();
  const source = await ctx.db
    .selectFrom('catalog_sources as s')
    .innerJoin('catalog_documents as c', 'c.seq', 's.catalog_seq')
    .select('c.seq')
    .where('s.document_id', '=', file.document_id)
    .where('c.open_access', '=', 1)
    .executeTakeFirst();
  if (!source) return false;
  const representative = await linkedFiles(ctx, sqlite, source.seq)
    .select('f.id')
    .where('f.filehash', '=', file.filehash)
    .orderBy('f.added')
    .orderBy('f.id')
    .limit(1)
    .executeTakeFirst();
  return representative?.id === file.id;
}
