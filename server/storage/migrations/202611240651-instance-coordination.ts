// What several service instances on one database coordinate through: events one instance
// publishes for the others (live-sync hints, cache invalidation), read by sequence number;
// and leases, so that one instance at a time runs each background job.
// Times are milliseconds since 1970: a bigint on PostgreSQL (its integer has 32 bits).
import type { Kysely } from 'kysely';
import { engineOf } from '../engines/serviceDb.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = engineOf(db) === 'sqlite';
  const millis = sqlite ? 'integer' : 'bigint';
  await db.schema
    .createTable('instance_events')
    .addColumn('seq', sqlite ? 'integer' : 'bigserial', (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('instance_events_created').on('instance_events').column('created_at').execute();
  await db.schema
    .createTable('job_leases')
    .addColumn('job', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', millis, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').ifExists().execute();
  await db.schema.dropTable('instance_events').ifExists().execute();
}
