// What several service instances on one database coordinate through: events one instance
// publishes for the others (live-sync hints, cache invalidation), read by sequence number;
// and leases, so that one instance at a time runs each background job.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instance_events')
    .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('instance_events_created').on('instance_events').column('created_at').execute();
  await db.schema
    .createTable('job_leases')
    .addColumn('job', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').ifExists().execute();
  await db.schema.dropTable('instance_events').ifExists().execute();
}
