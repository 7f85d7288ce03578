// The personal library, accounts and OAuth. Dialect-neutral (Kysely schema builder) so
// that a PostgreSQL backend runs the same migrations.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  await db.schema
    .createTable('oauth_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text')
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('grants', 'text', (c) => c.notNull())
    .addColumn('owner_profile_id', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oauth_tokens')
    .addColumn('access_hash', 'text', (c) => c.primaryKey())
    .addColumn('refresh_hash', 'text', (c) => c.unique())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('access_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('refresh_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('code_challenge', 'text')
    .addColumn('code_challenge_method', 'text')
    .execute();

  await db.schema
    .createTable('web_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owning_profile_id', 'text', (c) => c.notNull())
    .addColumn('access_level', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('joined', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'profile_id'])
    .execute();
  await db.schema.createIndex('group_members_profile').on('group_members').columns(['profile_id']).execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('year', 'integer')
    .addColumn('trashed_at', 'text')
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('documents_owner_modified').on('documents').columns(['profile_id', 'last_modified', 'id']).execute();
  await db.schema.createIndex('documents_group_modified').on('documents').columns(['group_id', 'last_modified', 'id']).execute();

  await db.schema
    .createTable('tombstones')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text')
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tombstones_pk', ['kind', 'id'])
    .execute();
  await db.schema.createIndex('tombstones_owner').on('tombstones').columns(['kind', 'profile_id', 'deleted_at']).execute();
  await db.schema.createIndex('tombstones_group').on('tombstones').columns(['kind', 'group_id', 'deleted_at']).execute();

  await db.schema
    .createTable('file_contents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sha1', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_contents_sha256').on('file_contents').columns(['sha256']).execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text')
    .addColumn('filehash', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('added', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_document').on('files').columns(['document_id']).execute();
  await db.schema.createIndex('files_owner_added').on('files').columns(['profile_id', 'added', 'id']).execute();
  await db.schema.createIndex('files_filehash').on('files').columns(['filehash']).execute();

  await db.schema
    .createTable('folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('modified', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('folders_owner').on('folders').columns(['profile_id', 'group_id']).execute();

  await db.schema
    .createTable('folder_documents')
    .addColumn('folder_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('added', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('folder_documents_pk', ['folder_id', 'document_id'])
    .execute();
  await db.schema.createIndex('folder_documents_document').on('folder_documents').columns(['document_id']).execute();

  await db.schema
    .createTable('annotations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text')
    .addColumn('filehash', 'text')
    .addColumn('text', 'text')
    .addColumn('color', 'text')
    .addColumn('positions', 'text')
    .addColumn('privacy_level', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('annotations_owner_modified').on('annotations').columns(['profile_id', 'last_modified', 'id']).execute();
  await db.schema.createIndex('annotations_document').on('annotations').columns(['document_id']).execute();
  await db.schema.createIndex('annotations_group_modified').on('annotations').columns(['group_id', 'last_modified', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'annotations', 'folder_documents', 'folders', 'files', 'file_contents', 'tombstones', 'documents',
    'group_members', 'groups', 'web_sessions', 'oauth_codes', 'oauth_tokens', 'oauth_clients', 'profiles', 'settings',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
