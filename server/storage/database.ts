// Opens the service's database and brings its schema up to date. The embedded backend is
// SQLite (better-sqlite3); routes see only Kysely, so a PostgreSQL dialect can be added
// here without touching them.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.ts';
import { sqliteOptions } from '../../shared/node/sqliteBinding.ts';
import type { Database } from './tables.ts';

export type ServiceDb = Kysely<Database>;

export interface OpenedDatabase {
  db: ServiceDb;
  /** The raw SQLite handle, for the few hot paths that use prepared statements. */
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

export async function openDatabase(dataDir: string): Promise<OpenedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, 'service.sqlite'), sqliteOptions());
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrate(db);
  return {
    db,
    sqlite,
    close: async () => {
      await db.destroy();
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: ServiceDb): Promise<void> {
  // Timestamped migrations from branches merged later may sort before one a database has
  // run already: they run then, rather than the migrator refusing to start.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error | undefined)?.message ?? error)}`);
  }
}
