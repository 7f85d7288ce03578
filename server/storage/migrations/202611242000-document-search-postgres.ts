// The library search index on PostgreSQL (SQLite has its FTS5 table since
// 202611241105-document-search-index): per document a tsvector of every searchable column
// and one weighted by field, with GIN indexes, and its year for the bounds; `key` orders
// the index newest first as SQLite's key does. The vectors are built in the service
// (postgresDocumentSearch.ts): the document store writes them with each document. So that
// no other writer (a bulk seed, a copy, a hand-made fix) can leave a document unfound or
// found by its old text, a trigger marks the row of any document written as `stale` (a
// number from a sequence) and every search first indexes the stale rows again.
// Harmless to run again: it creates only what is missing and rewrites each document's row.
import { sql, type Kysely } from 'kysely';
import { engineOf, type ServiceDb } from '../engines/serviceDb.ts';
import { rebuildDocumentSearch } from '../../library/postgresDocumentSearch.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`CREATE TABLE IF NOT EXISTS documents_search (
    id text PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
    key bigint GENERATED ALWAYS AS IDENTITY,
    year integer,
    words tsvector NOT NULL,
    fields tsvector NOT NULL,
    stale bigint
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS documents_search_words ON documents_search USING gin (words)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS documents_search_fields ON documents_search USING gin (fields)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS documents_search_stale ON documents_search (stale) WHERE stale IS NOT NULL`.execute(db);
  await sql`CREATE SEQUENCE IF NOT EXISTS documents_search_writes`.execute(db);
  await sql.raw(`CREATE OR REPLACE FUNCTION documents_search_mark() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO documents_search (id, year, words, fields, stale)
      VALUES (NEW.id, NEW.year, ''::tsvector, ''::tsvector, nextval('documents_search_writes'))
      ON CONFLICT (id) DO UPDATE SET stale = excluded.stale;
      RETURN NULL;
    END $$`).execute(db);
  await sql`DROP TRIGGER IF EXISTS documents_search_mark ON documents`.execute(db);
  await sql`CREATE TRIGGER documents_search_mark AFTER INSERT OR UPDATE OF profile_id, group_id, title, year, trashed_at, data ON documents
    FOR EACH ROW EXECUTE FUNCTION documents_search_mark()`.execute(db);
  await rebuildDocumentSearch(db as ServiceDb);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`DROP TRIGGER IF EXISTS documents_search_mark ON documents`.execute(db);
  await sql`DROP FUNCTION IF EXISTS documents_search_mark()`.execute(db);
  await sql`DROP SEQUENCE IF EXISTS documents_search_writes`.execute(db);
  await sql`DROP TABLE IF EXISTS documents_search`.execute(db);
}
