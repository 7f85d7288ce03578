// (SQLite) The library search index behind GET /search/documents: an FTS5 table over each
// document's searchable text, kept by triggers so every write path (routes, group copies,
// imports, direct seeding) keeps it current. A search then reads the index's matches in its
// own scope instead of parsing and scoring the whole library in JS.
// The `scope` column holds one token per document: its library (p<profile> or g<group>),
// or nothing while it is in the trash, so a search stays inside one library in the index.
// FTS rows are keyed by documents_search_keys.key, not by the documents table's implicit
// rowid, which a VACUUM may renumber. PostgreSQL has its own index (202611242000-document-search-postgres).
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engines/serviceDb.ts';

/** The index's columns for the document row `d` (an alias, NEW or OLD). */
function indexedText(d: string): string {
  return `
    CASE WHEN ${d}.trashed_at IS NOT NULL THEN ''
         WHEN ${d}.group_id IS NULL THEN 'p' || ${d}.profile_id
         ELSE 'g' || ${d}.group_id END,
    ${d}.title,
    (SELECT group_concat(coalesce(json_extract(a.value, '$.first_name'), '') || ' ' || coalesce(json_extract(a.value, '$.last_name'), ''), ' ; ')
       FROM json_each(${d}.data, '$.authors') a WHERE a.type = 'object'),
    (SELECT value FROM json_each(${d}.data, '$.source') WHERE type = 'text'),
    (SELECT value FROM json_each(${d}.data, '$.abstract') WHERE type = 'text'),
    (SELECT group_concat(x.value, ' ; ') FROM (
       SELECT value FROM json_each(${d}.data, '$.keywords') WHERE type = 'text'
       UNION ALL SELECT value FROM json_each(${d}.data, '$.tags') WHERE type = 'text'
       UNION ALL SELECT value FROM json_each(${d}.data, '$.identifiers') WHERE type = 'text') x)`;
}

const keyOf = (d: string) => `(SELECT key FROM documents_search_keys WHERE id = ${d}.id)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await sql`CREATE TABLE documents_search_keys (key INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE)`.execute(db);
  await sql`CREATE VIRTUAL TABLE documents_search USING fts5(
    scope, title, author, source, abstract, other,
    content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql.raw(`CREATE TRIGGER documents_search_insert AFTER INSERT ON documents BEGIN
    INSERT INTO documents_search_keys (id) VALUES (NEW.id);
    INSERT INTO documents_search (rowid, scope, title, author, source, abstract, other) VALUES (${keyOf('NEW')}, ${indexedText('NEW')});
  END`).execute(db);
  await sql.raw(`CREATE TRIGGER documents_search_update AFTER UPDATE OF profile_id, group_id, title, trashed_at, data ON documents BEGIN
    DELETE FROM documents_search WHERE rowid = ${keyOf('OLD')};
    INSERT INTO documents_search (rowid, scope, title, author, source, abstract, other) VALUES (${keyOf('NEW')}, ${indexedText('NEW')});
  END`).execute(db);
  await sql.raw(`CREATE TRIGGER documents_search_delete AFTER DELETE ON documents BEGIN
    DELETE FROM documents_search WHERE rowid = ${keyOf('OLD')};
    DELETE FROM documents_search_keys WHERE id = OLD.id;
  END`).execute(db);
  await sql`INSERT INTO documents_search_keys (id) SELECT id FROM documents ORDER BY created, id`.execute(db);
  await sql.raw(`INSERT INTO documents_search (rowid, scope, title, author, source, abstract, other)
    SELECT k.key, ${indexedText('d')} FROM documents d JOIN documents_search_keys k ON k.id = d.id`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  for (const trigger of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER IF EXISTS documents_search_${trigger}`).execute(db);
  await sql`DROP TABLE IF EXISTS documents_search`.execute(db);
  await sql`DROP TABLE IF EXISTS documents_search_keys`.execute(db);
}
