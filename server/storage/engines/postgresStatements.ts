// Named prepared statements on PostgreSQL, for the reads every request repeats (a document
// by id, a listing's page). Kysely sends each query unnamed, so the server parses and plans
// it every time; a named statement is parsed once per connection and its plan kept, and a
// query written as SQL here skips building and compiling it in Kysely as well. Kysely does
// everything else (writes, transactions, the queries a request runs once).
import type pg from 'pg';
import type { Compilable } from 'kysely';

/** SQL with $1..$n placeholders and the name it is prepared under on each connection. */
export interface NamedStatement {
  name: string;
  text: string;
}

/**
 * Distinct Kysely texts prepared by name, at most; later texts run unnamed. The callers are
 * a fixed set of query shapes, so this only bounds what a mistake (a shape per value) could
 * leave prepared on every connection.
 */
const MAX_COMPILED_STATEMENTS = 500;

// The statement no longer fits its table (another instance migrated it: "cached plan must
// not change result type") or is gone from the session (26000): the connection is dropped
// and the statement prepared again on a fresh one.
const INVALID_STATEMENT_NAME = '26000';
const FEATURE_NOT_SUPPORTED = '0A000';

export class PostgresStatements {
  private readonly compiledNames = new Map<string, string>();
  private readonly maxCompiled: number;

  constructor(private readonly pool: pg.Pool, options: { maxCompiled?: number } = {}) {
    this.maxCompiled = options.maxCompiled ?? MAX_COMPILED_STATEMENTS;
  }

  /** The rows of a named statement, prepared on a connection the first time it runs there. */
  async rows<Row>(statement: NamedStatement, values: readonly unknown[]): Promise<Row[]> {
    // After a migration elsewhere every pooled connection may hold the stale statement: each
    // attempt drops the one it met, so the pool's size plus one reaches a fresh connection.
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.run<Row>(statement, values);
      } catch (error) {
        if (!isStale(error) || attempt >= (this.pool.options.max ?? 10)) throw error;
      }
    }
  }

  /** A Kysely query run as a statement named after its SQL text (the same shape, the same statement). */
  compiledRows<Row>(query: Compilable<Row>): Promise<Row[]> {
    const { sql, parameters } = query.compile();
    let name = this.compiledNames.get(sql);
    if (name === undefined && this.compiledNames.size < this.maxCompiled) this.compiledNames.set(sql, (name = `kysely_${this.compiledNames.size + 1}`));
    return name === undefined ? this.unnamed<Row>(sql, parameters) : this.rows<Row>({ name, text: sql }, parameters);
  }

  private async run<Row>(statement: NamedStatement, values: readonly unknown[]): Promise<Row[]> {
    const client = await this.pool.connect();
    let stale: Error | undefined;
    try {
      const result = await client.query<Row & pg.QueryResultRow>({ name: statement.name, text: statement.text, values: [...values] });
      return result.rows;
    } catch (error) {
      if (isStale(error)) stale = error as Error;
      throw error;
    } finally {
      // Releasing with an error ends that connection instead of pooling it again.
      client.release(stale);
    }
  }

  private async unnamed<Row>(text: string, values: readonly unknown[]): Promise<Row[]> {
    return (await this.pool.query<Row & pg.QueryResultRow>(text, [...values])).rows;
  }
}

function isStale(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === INVALID_STATEMENT_NAME || (code === FEATURE_NOT_SUPPORTED && /cached plan/.test(message ?? ''));
}
