// The trash listing filters on trashed_at; without an index it read every document of the
// library (about 95 ms at 100,000 documents with an empty trash). Partial: only trashed rows.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('documents_owner_trashed').on('documents').columns(['profile_id', 'trashed_at']).where(sql.ref('trashed_at'), 'is not', null).execute();
  await db.schema.createIndex('documents_group_trashed').on('documents').columns(['group_id', 'trashed_at']).where(sql.ref('trashed_at'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('documents_owner_trashed').ifExists().execute();
  await db.schema.dropIndex('documents_group_trashed').ifExists().execute();
}
