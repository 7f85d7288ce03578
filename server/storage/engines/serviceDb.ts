// The Kysely handle every route uses, and which engine is behind it.
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../tables.ts';

export type ServiceDb = Kysely<Database>;
export type StorageEngine = 'sqlite' | 'postgres';

/** Which engine a Kysely handle talks to (migrations get an untyped handle). */
export function engineOf(db: Kysely<unknown> | ServiceDb): StorageEngine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
