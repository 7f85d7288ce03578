// The identifiers of a bulk load's new rows, staged while the rows are written so that the
// load's end need not read every new row's data again: reading and parsing the identifiers
// of a million rows took about 6 of the 12 seconds spent after the last record.
//
// Each batch's identifiers go into a temporary table in the batch's own transaction (a
// rolled-back batch leaves none behind). A row of the load whose identifiers change later in
// it (merged with a duplicate, or deleted) is marked, and at the end its staged identifiers
// are replaced by those of its data as it is then. Temporary tables end with the connection:
// a load whose process died is finished from the rows' data instead (catalogBulkLoad.ts).
import type SQLite from 'better-sqlite3';
import type { IdentifierKey } from '../../../shared/schemas/document.ts';
import type { CatalogFields } from '../catalogFields.ts';
import { normalisedIdentifiers } from '../dedupe.ts';

/** The table the load's end sorts into catalog_identifiers (kind, value, seq). */
export const STAGED_IDENTIFIERS = 'temp.bulk_identifiers';

export function createStagingTable(sqlite: SQLite.Database): void {
  // Rows are only appended, which needs few pages in memory: the temporary schema's own page
  // cache (16 MB by default) would add to the import's peak memory, held under 500 MB.
  sqlite.pragma('temp.cache_size = -1024');
  sqlite.exec(`DROP TABLE IF EXISTS ${STAGED_IDENTIFIERS}; CREATE TEMP TABLE bulk_identifiers (kind TEXT, value TEXT, seq INTEGER)`);
}

export class IdentifierStaging {
  /** (kind, value, seq) of the batch being written. */
  private pending: [IdentifierKey, string, number][] = [];
  /** Rows of the load whose identifiers are read from their data at the end. */
  private readonly changed = new Set<number>();
  private readonly insert: SQLite.Statement;

  constructor(private readonly sqlite: SQLite.Database) {
    createStagingTable(sqlite);
    this.insert = sqlite.prepare(`INSERT INTO ${STAGED_IDENTIFIERS} (kind, value, seq)
      SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?)`);
  }

  /** A new row's identifiers. */
  add(seq: number, identifiers: readonly [IdentifierKey, string][]): void {
    for (const [kind, value] of identifiers) this.pending.push([kind, value, seq]);
  }

  /** A row of the load whose identifiers may no longer be those staged for it. */
  markChanged(seq: number): void {
    this.changed.add(seq);
  }

  /** Writes the pending identifiers; called inside the transaction that wrote their rows. */
  flush(): void {
    if (!this.pending.length) return;
    const triples = this.pending;
    this.pending = [];
    this.insert.run(JSON.stringify(triples));
  }

  /** Forgets the pending identifiers of a batch whose transaction rolled back. */
  discard(): void {
    this.pending = [];
  }

  /**
   * Leaves the staging table holding the identifiers of every row of the load as its data
   * has them now; called in the transaction that finishes the load.
   */
  complete(): void {
    this.flush();
    if (!this.changed.size) return;
    const seqs = JSON.stringify([...this.changed]);
    this.sqlite.prepare(`DELETE FROM ${STAGED_IDENTIFIERS} WHERE seq IN (SELECT value FROM json_each(?))`).run(seqs);
    const rows = this.sqlite.prepare("SELECT seq, json_extract(data, '$.identifiers') FROM catalog_documents WHERE seq IN (SELECT value FROM json_each(?))")
      .raw().all(seqs) as [number, string | null][];
    for (const [seq, identifiers] of rows) {
      if (identifiers) this.add(seq, normalisedIdentifiers(JSON.parse(identifiers) as CatalogFields['identifiers']));
    }
    this.flush();
    this.changed.clear();
  }
}
