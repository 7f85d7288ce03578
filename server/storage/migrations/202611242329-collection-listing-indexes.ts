// One index per listing of the paged collections besides /documents (see
// 202611240340-listing-indexes.ts), so a first page or a page behind a marker walks `limit`
// entries and the count reads an index alone. Before, a group's files and every folder
// listing read the whole table and sorted it, a folder's documents were sorted in full,
// the personal files' count read the table, the trash by document id sorted the whole
// trash, and the annotations of one type walked all of the caller's annotations.
import { sql, type Kysely } from 'kysely';

const PERSONAL = sql<boolean>`group_id IS NULL`;
const GROUP = sql<boolean>`group_id IS NOT NULL`;
const TRASHED = sql<boolean>`trashed_at IS NOT NULL`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('files_personal_added').on('files').columns(['profile_id', 'added', 'id']).where(PERSONAL).execute();
  await db.schema.createIndex('files_group_added').on('files').columns(['group_id', 'added', 'id']).where(GROUP).execute();
  await db.schema.createIndex('folders_personal_created').on('folders').columns(['profile_id', 'created', 'id']).where(PERSONAL).execute();
  await db.schema.createIndex('folders_group_created').on('folders').columns(['group_id', 'created', 'id']).where(GROUP).execute();
  await db.schema.createIndex('folder_documents_added').on('folder_documents').columns(['folder_id', 'added', 'document_id']).execute();
  await db.schema.createIndex('documents_owner_trashed_id').on('documents').columns(['profile_id', 'id']).where(TRASHED).execute();
  await db.schema.createIndex('documents_group_trashed_id').on('documents').columns(['group_id', 'id']).where(TRASHED).execute();
  await db.schema.createIndex('annotations_owner_type_modified').on('annotations').columns(['profile_id', 'type', 'last_modified', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'files_personal_added', 'files_group_added', 'folders_personal_created', 'folders_group_created', 'folder_documents_added',
    'documents_owner_trashed_id', 'documents_group_trashed_id', 'annotations_owner_type_modified',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
