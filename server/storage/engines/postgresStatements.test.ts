// Named prepared statements: parsed once per connection, shared by every Kysely query of
// one shape, and prepared again when another instance's migration changed their table.
// Runs only in the PostgreSQL pass (vitest.pg.config.ts), which names a cluster.
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresStatements } from './postgresStatements.ts';
import { createPgDatabase, testPgUrl } from '../../testing/pgDatabases.ts';

const cluster = testPgUrl();

interface Tables {
  items: { id: number; title: string };
}

let pool: pg.Pool | undefined;
afterEach(async () => {
  await pool?.end();
  pool = undefined;
});

/** One connection (unless told), so every statement and the look at pg_prepared_statements share a session. */
async function itemsPool(connections = 1): Promise<pg.Pool> {
  pool = new pg.Pool({ connectionString: await createPgDatabase(cluster!), max: connections });
  await pool.query("CREATE TABLE items (id integer PRIMARY KEY, title text NOT NULL); INSERT INTO items VALUES (1, 'one'), (2, 'two')");
  return pool;
}

/** The session's prepared statements and how often each ran (custom plans and the generic one). */
async function prepared(on: pg.Pool): Promise<Record<string, number>> {
  const { rows } = await on.query<{ name: string; runs: number }>('SELECT name, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements');
  return Object.fromEntries(rows.map((r) => [r.name, r.runs]));
}

describe.runIf(cluster)('named prepared statements on PostgreSQL', () => {
  it('are parsed once on a connection and run again by name', async () => {
    const statements = new PostgresStatements(await itemsPool());
    const title = { name: 'item_title', text: 'SELECT title FROM items WHERE id = $1' };
    expect(await statements.rows(title, [1])).toEqual([{ title: 'one' }]);
    expect(await statements.rows(title, [2])).toEqual([{ title: 'two' }]);
    expect(await prepared(pool!)).toEqual({ item_title: 2 });
  });

  it('give Kysely queries of one shape one statement, and run shapes beyond the bound unnamed', async () => {
    const on = await itemsPool();
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: on }) });
    const statements = new PostgresStatements(on, { maxCompiled: 1 });
    const byId = (id: number) => db.selectFrom('items').select('title').where('id', '=', id);
    expect(await statements.compiledRows(byId(1))).toEqual([{ title: 'one' }]);
    expect(await statements.compiledRows(byId(2))).toEqual([{ title: 'two' }]);
    expect(await statements.compiledRows(db.selectFrom('items').select('id').where('title', '=', 'two'))).toEqual([{ id: 2 }]);
    expect(await prepared(on)).toEqual({ kysely_1: 2 });
  });

  it('are prepared again when a migration elsewhere changed the table under them', async () => {
    const statements = new PostgresStatements(await itemsPool());
    const all = { name: 'all_items', text: 'SELECT * FROM items ORDER BY id' };
    expect(await statements.rows(all, [])).toEqual([{ id: 1, title: 'one' }, { id: 2, title: 'two' }]);
    // As another instance's migration would: the kept plan's columns no longer match.
    const other = new pg.Client({ connectionString: pool!.options.connectionString });
    await other.connect();
    await other.query("ALTER TABLE items ADD COLUMN kind text NOT NULL DEFAULT 'paper'");
    await other.end();
    expect(await statements.rows(all, [])).toEqual([{ id: 1, title: 'one', kind: 'paper' }, { id: 2, title: 'two', kind: 'paper' }]);
  });

  it('are prepared again on every pooled connection a migration elsewhere left stale', async () => {
    const connections = 3;
    const statements = new PostgresStatements(await itemsPool(connections));
    const all = { name: 'all_items', text: 'SELECT * FROM items ORDER BY id' };
    // Prepared on each connection: runs at once take a connection each.
    await Promise.all(Array.from({ length: connections }, () => statements.rows(all, [])));
    expect(pool!.totalCount).toBe(connections);
    const other = new pg.Client({ connectionString: pool!.options.connectionString });
    await other.connect();
    await other.query("ALTER TABLE items ADD COLUMN kind text NOT NULL DEFAULT 'paper'");
    await other.end();
    for (let i = 0; i < connections; i++) {
      expect(await statements.rows(all, [])).toEqual([{ id: 1, title: 'one', kind: 'paper' }, { id: 2, title: 'two', kind: 'paper' }]);
    }
  });
});
