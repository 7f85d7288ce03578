// Research datasets: drafts, immutable published versions and their files, and article
// submissions that link drafts to a journal workflow. Row types: server/datasets/datasetTables.ts.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dataset_drafts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('access_code', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addColumn('submission_system', 'text')
    .addColumn('submission_id', 'text')
    .addColumn('author_email', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dataset_drafts_owner').on('dataset_drafts').columns(['owner_id', 'created']).execute();
  await db.schema.createIndex('dataset_drafts_author').on('dataset_drafts').columns(['author_email']).execute();
  await db.schema.createIndex('dataset_drafts_submission').on('dataset_drafts').columns(['submission_system', 'submission_id']).execute();

  await db.schema
    .createTable('dataset_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dataset_id', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('sha1', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_created', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('dataset_versions')
    .addColumn('dataset_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('publish_date', 'text', (c) => c.notNull())
    .addColumn('embargo_date', 'text')
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dataset_versions_pk', ['dataset_id', 'version'])
    .execute();

  await db.schema
    .createTable('published_datasets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('latest_version', 'integer', (c) => c.notNull())
    .addColumn('first_published', 'text', (c) => c.notNull())
    .addColumn('article_dois', 'text', (c) => c.notNull())
    .addColumn('issns', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('published_datasets_first').on('published_datasets').columns(['first_published', 'id']).execute();

  await db.schema
    .createTable('submission_systems')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('submissions')
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('owner_email', 'text', (c) => c.notNull())
    .addColumn('submission_data', 'text', (c) => c.notNull())
    .addColumn('submission_token', 'text', (c) => c.notNull().unique())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('submissions_pk', ['system', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['submissions', 'submission_systems', 'published_datasets', 'dataset_versions', 'dataset_files', 'dataset_drafts']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
