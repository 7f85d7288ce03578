// Moves a SQLite service's data to PostgreSQL (`npm run admin -- migrate-to-postgres`): both
// schemas are brought up to date, every table is copied in one PostgreSQL transaction, and
// the copy is verified before it commits: per table, the row count and a checksum of the
// rows (independent of their order) must match, or nothing is kept. File bytes stay where
// they are: the PostgreSQL service is started on the same data directory.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type SQLite from 'better-sqlite3';
import { sql, type Kysely, type Transaction } from 'kysely';
import { migrate, openDatabase, type ServiceDb } from './database.ts';
import { openSqliteFile } from './engines/sqliteEngine.ts';
import { rebuildCatalogSearch } from '../catalog/postgresCatalogSearch.ts';
import { rebuildDocumentSearch } from '../library/postgresDocumentSearch.ts';

export interface CopiedTable {
  table: string;
  rows: number;
  /** sha256-based sum of the rows, the same on both sides. */
  checksum: string;
}

// The migrator's own tables are written by each side's migrations; the FTS5 indexes are
// SQLite's own (derived from catalog_documents and documents); PostgreSQL's are rebuilt
// after the copy.
const NOT_COPIED = /^(sqlite_|kysely_migration|catalog_fts|documents_search)/;
// PostgreSQL takes at most 65,535 parameters per statement.
const MAX_PARAMETERS = 30_000;
const READ_BATCH = 2_000;

// Tables are named from the source's schema at run time.
type AnyTables = Record<string, Record<string, unknown>>;

export async function migrateToPostgres(fromFile: string, toUrl: string, log: (line: string) => void = () => undefined): Promise<CopiedTable[]> {
  if (!existsSync(fromFile)) throw new Error(`No SQLite database at ${fromFile}`);
  const source = openSqliteFile(fromFile, { mustExist: true });
  try {
    await migrate(source.db);
    const target = await openDatabase('', toUrl);
    try {
      const tables = source.sqlite
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .pluck()
        .all()
        .map(String)
        .filter((name) => !NOT_COPIED.test(name));
      const db = target.db as unknown as Kysely<AnyTables>;
      for (const table of tables) {
        const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
        if (rows[0]!.n > 0) throw new Error(`PostgreSQL table ${table} is not empty: copy into a new, empty database`);
      }
      const report = await db.transaction().execute(async (trx) => {
        const copied: CopiedTable[] = [];
        for (const table of tables) {
          const columns = columnsOf(source.sqlite, table);
          const expected = await copyTable(source.sqlite, trx, table, columns);
          const found = await checksumOfTarget(trx, table, columns);
          if (found.rows !== expected.rows || found.checksum !== expected.checksum) {
            throw new Error(`Copy of ${table} does not match: ${expected.rows} rows (${expected.checksum}) in SQLite, ${found.rows} (${found.checksum}) in PostgreSQL; nothing was kept`);
          }
          log(`${table}: ${expected.rows} rows, checksum ${expected.checksum}`);
          copied.push({ table, ...expected });
        }
        // Serial columns continue after the copied numbers.
        if (tables.includes('catalog_documents')) {
          await sql`SELECT setval(pg_get_serial_sequence('catalog_documents', 'seq'), coalesce(max(seq), 0) + 1, false) FROM catalog_documents`.execute(trx);
          // The search index is each engine's own: PostgreSQL's is built from the copied documents.
          log(`catalog_search: ${await rebuildCatalogSearch(trx as unknown as ServiceDb)} documents indexed`);
        }
        if (tables.includes('documents')) log(`documents_search: ${await rebuildDocumentSearch(trx as unknown as ServiceDb)} documents indexed`);
        return copied;
      });
      // A bulk copy leaves every row without hint bits, the visibility map empty and the
      // planner without statistics: until autovacuum came round, the first searches of a
      // copied 1M catalog paid for setting hint bits on every page they read, under plans
      // guessed without statistics. VACUUM cannot run in a transaction.
      await sql`VACUUM (ANALYZE)`.execute(db);
      log('vacuumed and analysed');
      return report;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

interface Column {
  name: string;
  /** Position in the primary key (1-based), 0 when not part of it. */
  pk: number;
}

function columnsOf(sqlite: SQLite.Database, table: string): Column[] {
  return sqlite.prepare(`PRAGMA table_info(${JSON.stringify(table)})`).all() as Column[];
}

async function copyTable(
  sqlite: SQLite.Database,
  trx: Transaction<AnyTables>,
  table: string,
  columns: Column[],
): Promise<{ rows: number; checksum: string }> {
  const sum = new RowSum();
  const batchSize = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (batch.length) await trx.insertInto(table).values(batch).execute();
    batch = [];
  };
  for (const row of sqlite.prepare(`SELECT * FROM ${JSON.stringify(table)}`).iterate() as Iterable<Record<string, unknown>>) {
    sum.add(row, columns);
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return sum.result();
}

/** Reads the copied rows back in pages of the primary key's order. */
async function checksumOfTarget(trx: Transaction<AnyTables>, table: string, columns: Column[]): Promise<{ rows: number; checksum: string }> {
  const sum = new RowSum();
  const key = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  const order = (key.length ? key : columns).map((c) => c.name);
  for (let offset = 0; ; offset += READ_BATCH) {
    let query = trx.selectFrom(table).selectAll();
    for (const name of order) query = query.orderBy(sql.ref(name));
    const rows = await query.limit(READ_BATCH).offset(offset).execute();
    for (const row of rows) sum.add(row, columns);
    if (rows.length < READ_BATCH) return sum.result();
  }
}

/** A sum of per-row hashes modulo 2^64: equal for the same rows in any order. */
class RowSum {
  private rows = 0;
  private sum = 0n;

  add(row: Record<string, unknown>, columns: Column[]): void {
    const values = columns.map((c) => canonical(row[c.name]));
    const digest = createHash('sha256').update(JSON.stringify(values)).digest();
    this.sum = (this.sum + digest.readBigUInt64BE(0)) & 0xffffffffffffffffn;
    this.rows++;
  }

  result(): { rows: number; checksum: string } {
    return { rows: this.rows, checksum: this.sum.toString(16).padStart(16, '0') };
  }
}

function canonical(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'bigint') return Number(value);
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return value;
}
