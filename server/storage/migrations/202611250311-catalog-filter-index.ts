// The year and open-access flag of every catalog document, which SQLite's catalog search
// keeps in memory for its filters (catalogSearch.ts FilterColumns), read from a narrow
// covering index: the first filtered search after a start read the whole table, data
// column and all (1.3 GB at 1M documents: seconds on a quiet machine, during which every
// request waited). PostgreSQL keeps these columns in catalog_search already.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engines/serviceDb.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await sql`CREATE INDEX catalog_documents_filters ON catalog_documents (year, open_access)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS catalog_documents_filters`.execute(db);
}
