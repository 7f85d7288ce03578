// The imported record behind a catalog document, kept apart from the document's published
// fields: those are now merged from the imported record and the readers' copies by vote
// (catalog/readerVote.ts), so the imported record must survive being outvoted. Documents
// already marked imported keep their current fields as their imported record.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalog_authorities')
    .addColumn('catalog_seq', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('year', 'integer')
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await sql`INSERT INTO catalog_authorities (catalog_seq, title, type, year, data)
            SELECT seq, title, type, year, data FROM catalog_documents WHERE imported = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('catalog_authorities').ifExists().execute();
}
