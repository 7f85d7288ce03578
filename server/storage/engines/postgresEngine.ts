// The institution engine: PostgreSQL through a `pg` connection pool.
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../tables.ts';
import type { PostgresDatabase } from '../database.ts';
import { PostgresStatements } from './postgresStatements.ts';

// Counts, sums and the bigint millisecond columns come back as JavaScript numbers, as they
// do from SQLite (every such value here is far below 2^53).
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8 || oid === NUMERIC ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

const POOL_SIZE = 10;

export function openPostgres(url: string): PostgresDatabase {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, types });
  // An idle client's error (the server restarted, say) must not crash the process; the pool
  // drops that client and the next query opens a new one.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const statements = new PostgresStatements(pool);
  return {
    engine: 'postgres',
    db,
    sqlite: null,
    statements,
    readRows: (query) => statements.compiledRows(query),
    // Held for the life of the instance, often idle: TCP keepalive lets a connection that
    // died silently (a server host lost, a NAT mapping dropped) end with an error, which the
    // holder answers by connecting again, instead of waiting on it forever.
    newClient: () => new pg.Client({ connectionString: url, types, keepAlive: true, keepAliveInitialDelayMillis: 30_000 }),
    // Other instances write to the same database, and nothing here learns of their commits
    // when they happen: the database may have changed before any read, so there is no stamp
    // and nothing is cached under one (countCache.ts counts every time).
    writeStamp: () => undefined,
    close: async () => {
      await db.destroy();
    },
  };
}
