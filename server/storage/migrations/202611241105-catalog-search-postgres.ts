// The catalog's search index on PostgreSQL (SQLite has its FTS5 table since 0005): per
// document a tsvector of its searchable fields weighted by field (title A, authors B,
// source C, abstract D, so an advanced search can ask for a word in one field), one of
// its other words (keywords, identifiers, publisher...), which only simple search reads,
// and the year and open-access flag the filters read without touching catalog_documents.
// Both tsvectors carry GIN indexes. Nothing on SQLite.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engines/serviceDb.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`CREATE TABLE catalog_search (
    seq integer PRIMARY KEY,
    fields tsvector NOT NULL,
    other tsvector NOT NULL,
    year integer,
    open_access integer NOT NULL DEFAULT 0
  )`.execute(db);
  await sql`CREATE INDEX catalog_search_fields ON catalog_search USING gin (fields)`.execute(db);
  await sql`CREATE INDEX catalog_search_other ON catalog_search USING gin (other)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS catalog_search`.execute(db);
}
