// The read-only catalog: documents, their identifiers (lookup and de-duplication), the map
// from library documents to catalog documents, and (SQLite) the FTS5 search index.
// PostgreSQL numbers rows with a serial column; its search index is a later migration.
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engines/serviceDb.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = engineOf(db) === 'sqlite';
  await db.schema
    .createTable('catalog_documents')
    .addColumn('seq', sqlite ? 'integer' : 'serial', (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('year', 'integer')
    .addColumn('open_access', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('match_key', 'text', (c) => c.notNull())
    .addColumn('title_key', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('catalog_documents_match').on('catalog_documents').columns(['match_key']).execute();
  await db.schema.createIndex('catalog_documents_title').on('catalog_documents').columns(['title_key']).execute();

  await db.schema
    .createTable('catalog_identifiers')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('catalog_seq', 'integer', (c) => c.notNull())
    // ISSNs and ISBNs are shared by the parts of a serial or book: not unique.
    .addPrimaryKeyConstraint('catalog_identifiers_pk', ['kind', 'value', 'catalog_seq'])
    .execute();
  await db.schema.createIndex('catalog_identifiers_seq').on('catalog_identifiers').columns(['catalog_seq']).execute();

  await db.schema
    .createTable('catalog_sources')
    .addColumn('document_id', 'text', (c) => c.primaryKey())
    .addColumn('catalog_seq', 'integer')
    .addColumn('document_last_modified', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('catalog_sources_seq').on('catalog_sources').columns(['catalog_seq']).execute();

  // The library scan reads changes since a watermark.
  await db.schema.createIndex('catalog_scan_documents').on('documents').columns(['last_modified']).execute();
  await db.schema.createIndex('catalog_scan_tombstones').on('tombstones').columns(['kind', 'deleted_at']).execute();

  if (sqlite) {
    await sql`CREATE VIRTUAL TABLE catalog_fts USING fts5(
      title, authors, source, abstract, other,
      content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'
    )`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS catalog_fts`.execute(db);
  await db.schema.dropIndex('catalog_scan_tombstones').ifExists().execute();
  await db.schema.dropIndex('catalog_scan_documents').ifExists().execute();
  await db.schema.dropTable('catalog_sources').ifExists().execute();
  await db.schema.dropTable('catalog_identifiers').ifExists().execute();
  await db.schema.dropTable('catalog_documents').ifExists().execute();
}
