// Followers (one row per follow relationship) and an index that lets the institution size
// count (server/vocabularies/institutionSizes.ts) find recently changed profiles cheaply.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('follows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('follower_id', 'text', (c) => c.notNull())
    .addColumn('followed_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .addUniqueConstraint('follows_pair', ['follower_id', 'followed_id'])
    .execute();
  await db.schema.createIndex('follows_followed_created').on('follows').columns(['followed_id', 'created', 'id']).execute();
  await db.schema.createIndex('follows_follower_created').on('follows').columns(['follower_id', 'created', 'id']).execute();
  await db.schema.createIndex('profiles_last_modified').ifNotExists().on('profiles').columns(['last_modified']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('profiles_last_modified').ifExists().execute();
  await db.schema.dropTable('follows').ifExists().execute();
}
