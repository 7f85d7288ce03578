// The catalog's scan of library changes (catalog/librarySync.ts) runs before every catalog
// read and asks for documents changed, and document tombstones written, since a time across
// all libraries. Without these indexes both read every row: about 100,000 rows per catalog
// request on a service holding one large library.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('documents_modified').on('documents').columns(['last_modified']).execute();
  await db.schema.createIndex('tombstones_kind_deleted').on('tombstones').columns(['kind', 'deleted_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('documents_modified').ifExists().execute();
  await db.schema.dropIndex('tombstones_kind_deleted').ifExists().execute();
}
