// Kysely as a query builder for code that must run inside a synchronous better-sqlite3
// transaction (the catalog's library scan and record merge): the query is written once in
// Kysely's dialect-neutral form and compiled here for SQLite, then run on the raw handle.
// A PostgreSQL backend compiles the same builders with its own dialect.
import type SQLite from 'better-sqlite3';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type Compilable } from 'kysely';
import type { Database } from './tables.ts';

/** Builds queries only; executing one through it throws (DummyDriver). */
export const sqliteQueries = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

const statements = new WeakMap<SQLite.Database, Map<string, SQLite.Statement>>();

/** The prepared statement of a compiled query, prepared once per handle and text. */
function prepared(sqlite: SQLite.Database, query: Compilable): { statement: SQLite.Statement; parameters: unknown[] } {
  const compiled = query.compile();
  let byText = statements.get(sqlite);
  if (!byText) statements.set(sqlite, (byText = new Map()));
  let statement = byText.get(compiled.sql);
  if (!statement) byText.set(compiled.sql, (statement = sqlite.prepare(compiled.sql)));
  return { statement, parameters: [...compiled.parameters] };
}

export function allRows<Row>(sqlite: SQLite.Database, query: Compilable<Row>): Row[] {
  const { statement, parameters } = prepared(sqlite, query);
  return statement.all(...parameters) as Row[];
}

export function firstRow<Row>(sqlite: SQLite.Database, query: Compilable<Row>): Row | undefined {
  const { statement, parameters } = prepared(sqlite, query);
  return statement.get(...parameters) as Row | undefined;
}

export function runQuery(sqlite: SQLite.Database, query: Compilable): void {
  const { statement, parameters } = prepared(sqlite, query);
  statement.run(...parameters);
}
