// The embedded engine: one SQLite file in the data directory, in WAL mode.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { sqliteOptions } from '../../../shared/node/sqliteBinding.ts';
import { writeStampOf } from '../writeStamp.ts';
import type { Database } from '../tables.ts';
import type { SqliteDatabase } from '../database.ts';

export function openSqlite(dataDir: string): SqliteDatabase {
  mkdirSync(dataDir, { recursive: true });
  return openSqliteFile(path.join(dataDir, 'service.sqlite'));
}

/** The service's database file itself (the copy to PostgreSQL reads one by name). */
export function openSqliteFile(file: string, options: { mustExist?: boolean } = {}): SqliteDatabase {
  const sqlite = new SQLite(file, { ...sqliteOptions(), fileMustExist: options.mustExist ?? false });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    engine: 'sqlite',
    db,
    sqlite,
    writeStamp: writeStampOf(sqlite),
    readRows: async (query) => (await db.executeQuery(query)).rows,
    close: async () => {
      await db.destroy();
    },
  };
}
