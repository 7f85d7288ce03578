// Opens the service's database and brings its schema up to date. Two storage engines: SQLite
// (better-sqlite3, one file in the data directory; the default) and PostgreSQL (the `pg`
// driver, chosen by a postgres:// URL). Queries go through Kysely; where SQL must differ
// per engine, a module offers one interface with one implementation per engine.
import { Migrator, type Compilable, type MigrationProvider } from 'kysely';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { migrations } from './migrations/index.ts';
import { openSqlite } from './engines/sqliteEngine.ts';
import { openPostgres } from './engines/postgresEngine.ts';
import type { ServiceDb, StorageEngine } from './engines/serviceDb.ts';
import type { WriteStamp } from './writeStamp.ts';
import type { PostgresStatements } from './engines/postgresStatements.ts';

export type { ServiceDb, StorageEngine } from './engines/serviceDb.ts';
export { engineOf } from './engines/serviceDb.ts';

interface EngineDatabase {
  engine: StorageEngine;
  db: ServiceDb;
  /** Changes whenever the database may have changed: caches of query answers check it. */
  writeStamp: WriteStamp;
  /**
   * The rows of a read the hot paths repeat (a listing's page, its count): on PostgreSQL a
   * named prepared statement per query shape, on SQLite through Kysely.
   */
  readRows<Row>(query: Compilable<Row>): Promise<Row[]>;
  close(): Promise<void>;
}

export interface SqliteDatabase extends EngineDatabase {
  engine: 'sqlite';
  /** The raw SQLite handle, for the few hot paths that use prepared statements. */
  sqlite: SQLite.Database;
}

export interface PostgresDatabase extends EngineDatabase {
  engine: 'postgres';
  sqlite: null;
  /** Named prepared statements on the engine's pool, for the hot reads. */
  statements: PostgresStatements;
  /** A connection of its own, outside the pool (LISTEN holds one for the life of the instance). */
  newClient(): pg.Client;
}

export type OpenedDatabase = SqliteDatabase | PostgresDatabase;

/** SQLite in `dataDir` unless a postgres:// URL is given. */
export async function openDatabase(dataDir: string): Promise<SqliteDatabase>;
export async function openDatabase(dataDir: string, databaseUrl: string | null): Promise<OpenedDatabase>;
export async function openDatabase(dataDir: string, databaseUrl: string | null = null): Promise<OpenedDatabase> {
  const opened = databaseUrl ? openPostgres(databaseUrl) : openSqlite(dataDir);
  try {
    await migrate(opened.db);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Runs every pending migration. On PostgreSQL Kysely's migrator holds a session advisory
 * lock (pg_advisory_lock) and runs them in one transaction, so instances starting together
 * take turns and the later ones find nothing left to do.
 */
export async function migrate(db: ServiceDb): Promise<void> {
  // Two branches may each add a timestamped migration: a database that ran the later-named
  // one first still runs the other when both are merged.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error | undefined)?.message ?? error)}`);
  }
}
