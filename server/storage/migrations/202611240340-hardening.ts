// Service hardening (issue 18): abuse counters kept in the database (so that several service
// instances share them), the refresh-token family of every token, and the spent refresh
// tokens and authorization codes whose replay revokes that family.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Failed sign-ins, client authentications and sign-ups, per account or client address.
  await db.schema
    .createTable('auth_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  // Fixed-window request counters (per access token).
  await db.schema
    .createTable('rate_windows')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('oauth_tokens').addColumn('family_id', 'text').execute();
  await db.schema.createIndex('oauth_tokens_family').on('oauth_tokens').columns(['family_id']).execute();

  await db.schema
    .createTable('oauth_spent_secrets')
    .addColumn('secret_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull()) // refresh_token, authorization_code
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  // The implicit grant is now off unless an administrator enables it for a client.
  await sql`UPDATE oauth_clients SET grants = REPLACE(REPLACE(grants, ',"implicit"', ''), '"implicit",', '')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_spent_secrets').ifExists().execute();
  await db.schema.dropIndex('oauth_tokens_family').ifExists().execute();
  await db.schema.alterTable('oauth_tokens').dropColumn('family_id').execute();
  await db.schema.dropTable('rate_windows').ifExists().execute();
  await db.schema.dropTable('auth_failures').ifExists().execute();
}
