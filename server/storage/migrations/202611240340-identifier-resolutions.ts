// What the public metadata services answered for identifiers the catalog lacked: a found
// record points at the catalog document it became; "not found" is kept for a while so a
// client asking again does not send the same request upstream (server/metadata/).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identifier_resolutions')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('catalog_id', 'text')
    .addColumn('resolved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('identifier_resolutions_pk', ['kind', 'value'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identifier_resolutions').ifExists().execute();
}
