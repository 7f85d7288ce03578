// Catalog documents in storage: adding records with de-duplication and merging, lookups by
// identifier and file hash, and the search index kept in step. Runs on the raw SQLite
// handle (prepared statements, one transaction per batch): imports add thousands of rows.
import { randomUUID } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type { IdentifierKey } from '../../shared/schemas/document.ts';
import { rowFields, type CatalogFields, type CatalogRow } from './catalogFields.ts';
import { DEDUPE_ORDER, identifiesWholeWork, matchKey, normaliseIdentifier, normalisedIdentifiers, titleKey } from './dedupe.ts';
import { SqliteCatalogSearch } from './catalogSearch.ts';
import { authorityOf, dropAuthority, setAuthority, setAuthorityRow, votersOf } from './catalogVoters.ts';
import { dataOf, indexedTextOf, prepareRecord, type PreparedRecord } from './preparedRecord.ts';
import { mergeVoters } from './readerVote.ts';
import { identifierKey, type DuplicateIndex } from './bulk/duplicateIndex.ts';
import { beginBulkLoad, finishInterruptedBulkLoad, type BulkSink } from './bulk/catalogBulkLoad.ts';
import type { IdentifierStaging } from './bulk/identifierStaging.ts';

export { CATALOG_DATA_FIELDS, catalogFieldsOf, rowFields, type CatalogFields, type CatalogRow } from './catalogFields.ts';
export { dataOf, indexedTextOf } from './preparedRecord.ts';

export interface AddOptions {
  /** The record came from an import (not a user library). */
  imported: boolean;
  openAccess?: boolean;
}

/**
 * A bulk load in progress on this handle (bulk/catalogBulkLoad.ts): the indexes on match
 * keys and identifiers are dropped, duplicates are found in memory, and the identifiers of
 * rows from firstSeq on are written once when the load finishes.
 */
export interface BulkLoadState {
  firstSeq: number;
  duplicates: DuplicateIndex;
  nextId: () => string;
  /** The new rows' identifiers, written to catalog_identifiers when the load finishes. */
  staging: IdentifierStaging;
}

export class CatalogStore {
  readonly search: SqliteCatalogSearch;
  private readonly s: Record<string, SQLite.Statement>;
  bulk: BulkLoadState | undefined;
  private readonly bySeqsStatements = new Map<number, SQLite.Statement>();

  constructor(readonly sqlite: SQLite.Database) {
    this.search = new SqliteCatalogSearch(sqlite);
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      insert: p(`INSERT INTO catalog_documents (id, title, type, year, open_access, imported, match_key, title_key, data, created, last_modified)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      update: p(`UPDATE catalog_documents SET title = ?, type = ?, year = ?, open_access = ?, imported = ?, match_key = ?, title_key = ?,
                 data = ?, last_modified = ? WHERE seq = ?`),
      delete: p('DELETE FROM catalog_documents WHERE seq = ?'),
      bySeq: p('SELECT * FROM catalog_documents WHERE seq = ?'),
      byId: p('SELECT * FROM catalog_documents WHERE id = ?'),
      byMatchKey: p('SELECT * FROM catalog_documents WHERE match_key = ? ORDER BY seq LIMIT 20'),
      byTitleKey: p('SELECT * FROM catalog_documents WHERE title_key = ? ORDER BY seq LIMIT 50'),
      byIdentifier: p(`SELECT d.* FROM catalog_identifiers i JOIN catalog_documents d ON d.seq = i.catalog_seq
                       WHERE i.kind = ? AND i.value = ? ORDER BY i.catalog_seq LIMIT 50`),
      byFilehash: p(`SELECT d.* FROM files f JOIN catalog_sources s ON s.document_id = f.document_id
                     JOIN catalog_documents d ON d.seq = s.catalog_seq WHERE f.filehash = ? ORDER BY d.seq LIMIT 1`),
      addIdentifier: p('INSERT OR IGNORE INTO catalog_identifiers (kind, value, catalog_seq) VALUES (?, ?, ?)'),
      clearIdentifiers: p('DELETE FROM catalog_identifiers WHERE catalog_seq = ?'),
      dropIdentifier: p('DELETE FROM catalog_identifiers WHERE kind = ? AND value = ? AND catalog_seq = ?'),
      count: p('SELECT count(*) FROM catalog_documents'),
      unmapAll: p('UPDATE catalog_sources SET catalog_seq = NULL WHERE catalog_seq = ?'),
    };
  }

  count(): number {
    return this.s.count!.pluck().get() as number;
  }

  bySeq(seq: number): CatalogRow | undefined {
    return this.s.bySeq!.get(seq) as CatalogRow | undefined;
  }

  byId(id: string): CatalogRow | undefined {
    return this.s.byId!.get(id) as CatalogRow | undefined;
  }

  bySeqs(seqs: number[]): CatalogRow[] {
    if (!seqs.length) return [];
    // One statement per number of seqs (a page size), prepared once: preparing it on every
    // search result page cost about a quarter of reading the rows.
    let statement = this.bySeqsStatements.get(seqs.length);
    if (!statement) {
      statement = this.sqlite.prepare(`SELECT * FROM catalog_documents WHERE seq IN (${seqs.map(() => '?').join(',')})`);
      if (this.bySeqsStatements.size >= 64) this.bySeqsStatements.clear();
      this.bySeqsStatements.set(seqs.length, statement);
    }
    const rows = statement.all(...seqs) as CatalogRow[];
    const bySeq = new Map(rows.map((r) => [r.seq, r]));
    return seqs.map((s) => bySeq.get(s)).filter((r): r is CatalogRow => Boolean(r));
  }

  /** Documents holding this identifier; whole works first (an ISSN's serial before its articles). */
  byIdentifier(kind: IdentifierKey, value: string): CatalogRow | undefined {
    const normalised = normaliseIdentifier(kind, value);
    if (!normalised) return undefined;
    const rows = this.s.byIdentifier!.all(kind, normalised) as CatalogRow[];
    return rows.find((r) => identifiesWholeWork(kind, r.type)) ?? rows[0];
  }

  byFilehash(hash: string): CatalogRow | undefined {
    return this.s.byFilehash!.get(hash.trim().toLowerCase()) as CatalogRow | undefined;
  }

  byTitleKey(title: string): CatalogRow[] {
    return this.s.byTitleKey!.all(titleKey(title)) as CatalogRow[];
  }

  /** The catalog document these fields describe, when there is one (see dedupe.ts). */
  findDuplicate(fields: CatalogFields): CatalogRow | undefined {
    return this.duplicateOf(fields.type, normalisedIdentifiers(fields.identifiers), matchKey(fields.title, fields.year, fields.authors), () => fields);
  }

  /** findDuplicate from a record's keys; its fields are only read when rows share its match key. */
  private duplicateOf(type: string, identifiers: [IdentifierKey, string][], key: string, fields: () => CatalogFields): CatalogRow | undefined {
    for (const [kind, value] of identifiers) {
      if (!DEDUPE_ORDER.includes(kind) || !identifiesWholeWork(kind, type)) continue;
      const rows = this.bulk ? this.bulkRowsWithIdentifier(this.bulk, kind, value) : (this.s.byIdentifier!.all(kind, value) as CatalogRow[]);
      const match = rows.find((r) => identifiesWholeWork(kind, r.type));
      if (match) return match;
    }
    const candidates = this.bulk ? this.bulkRowsWithMatchKey(this.bulk, key) : (this.s.byMatchKey!.all(key) as CatalogRow[]);
    return candidates.length ? sameWork(fields(), candidates) : undefined;
  }

  /** The rows the in-memory hashes name for an identifier, checked against each row's own identifiers. */
  private bulkRowsWithIdentifier(bulk: BulkLoadState, kind: IdentifierKey, value: string): CatalogRow[] {
    return bulk.duplicates.identifiers.candidates(identifierKey(kind, value))
      .map((seq) => this.bySeq(seq))
      .filter((row): row is CatalogRow => Boolean(row && normalisedIdentifiers(rowFields(row).identifiers).some(([k, v]) => k === kind && v === value)));
  }

  private bulkRowsWithMatchKey(bulk: BulkLoadState, key: string): CatalogRow[] {
    return bulk.duplicates.matchKeys.candidates(key)
      .map((seq) => this.bySeq(seq))
      .filter((row): row is CatalogRow => row?.match_key === key);
  }

  /** Makes a row findable by the bulk load's in-memory lookups. */
  private rememberForBulk(bulk: BulkLoadState, seq: number, key: string, identifiers: [IdentifierKey, string][]): void {
    bulk.duplicates.matchKeys.add(key, seq);
    for (const [kind, value] of identifiers) bulk.duplicates.identifiers.add(identifierKey(kind, value), seq);
  }

  insert(fields: CatalogFields, options: AddOptions, now = new Date().toISOString()): number {
    return this.insertPrepared(prepareRecord(fields, options.openAccess), options.imported, now);
  }

  private insertPrepared(record: PreparedRecord, imported: boolean, now = new Date().toISOString()): number {
    const info = this.s.insert!.run(
      this.bulk ? this.bulk.nextId() : randomUUID(), record.title, record.type, record.year, record.rowOpenAccess ? 1 : 0, imported ? 1 : 0,
      record.matchKey, record.titleKey, record.data, now, now,
    );
    const seq = Number(info.lastInsertRowid);
    // In a bulk load a new row's identifiers are staged, and written when the load finishes.
    if (this.bulk) {
      this.rememberForBulk(this.bulk, seq, record.matchKey, record.identifiers);
      this.bulk.staging.add(seq, record.identifiers);
    } else {
      this.indexIdentifiers(seq, record.identifiers);
    }
    this.search.indexColumns(seq, record.year, record.rowOpenAccess, record.search);
    return seq;
  }

  /** Replaces a document's metadata, keeping its id, flags given in options. */
  replace(row: CatalogRow, fields: CatalogFields, options: AddOptions): void {
    const { title, type, year } = fields;
    const openAccess = options.openAccess || Boolean(fields.identifiers?.arxiv);
    const key = matchKey(title, year, fields.authors);
    this.s.update!.run(
      title, type, year ?? null, openAccess ? 1 : 0, options.imported ? 1 : 0, key, titleKey(title),
      dataOf(fields), new Date().toISOString(), row.seq,
    );
    const identifiers = normalisedIdentifiers(fields.identifiers);
    if (!this.bulk) {
      this.s.clearIdentifiers!.run(row.seq);
      this.indexIdentifiers(row.seq, identifiers);
    } else {
      this.rememberForBulk(this.bulk, row.seq, key, identifiers);
      // A row from before the load: its identifier rows are its old data's (the index by
      // seq is dropped during the load, so they are removed by key). A row of the load: its
      // staged identifiers are its data's as the load finishes.
      if (row.seq < this.bulk.firstSeq) {
        for (const [kind, value] of normalisedIdentifiers(rowFields(row).identifiers)) this.s.dropIdentifier!.run(kind, value, row.seq);
        this.indexIdentifiers(row.seq, identifiers);
      } else {
        this.bulk.staging.markChanged(row.seq);
      }
    }
    this.search.unindex(row.seq);
    this.search.index(row.seq, indexedTextOf(fields, openAccess));
  }

  delete(seq: number): void {
    if (this.bulk && seq >= this.bulk.firstSeq) this.bulk.staging.markChanged(seq);
    this.s.delete!.run(seq);
    this.s.clearIdentifiers!.run(seq);
    dropAuthority(this.sqlite, seq);
    this.search.unindex(seq);
  }

  /**
   * Sets a document's published fields from its voters (readerVote.ts): its imported record
   * and its readers' copies. A document nobody holds any more is deleted.
   */
  publish(seq: number): void {
    const row = this.bySeq(seq);
    if (!row) return;
    const voters = votersOf(this.sqlite, seq);
    const merged = mergeVoters(voters);
    if (!merged) {
      this.s.unmapAll!.run(seq);
      this.delete(seq);
      return;
    }
    const imported = voters.some((v) => v.authoritative);
    if (JSON.stringify(merged) !== JSON.stringify(rowFields(row)) || imported !== (row.imported === 1)) {
      this.replace(row, merged, { imported, openAccess: row.open_access === 1 });
    }
  }

  /**
   * Adds a record, or merges it into its duplicate: fields the catalog document lacks are
   * filled in, identifiers are joined; existing values win (the first source is kept).
   */
  add(fields: CatalogFields, options: AddOptions): { seq: number; merged: boolean } {
    // Its keys, identifiers, data and search text are computed once (preparedRecord.ts).
    const record = prepareRecord(fields, options.openAccess);
    const existing = this.duplicateOf(record.type, record.identifiers, record.matchKey, () => fields);
    if (!existing) {
      const seq = this.insertPrepared(record, options.imported);
      if (options.imported) setAuthorityRow(this.sqlite, seq, { title: record.title, type: record.type, year: record.year, data: record.authority });
      return { seq, merged: false };
    }
    if (options.imported) {
      // The imported record joins the vote as the authoritative voter: an earlier imported
      // record keeps its values, this one fills what it lacks.
      const earlier = authorityOf(this.sqlite, existing.seq);
      setAuthority(this.sqlite, existing.seq, earlier ? joinRecords(earlier, fields) : fields);
      const merged = mergeVoters(votersOf(this.sqlite, existing.seq))!;
      this.replace(existing, merged, { imported: true, openAccess: options.openAccess || existing.open_access === 1 });
      return { seq: existing.seq, merged: true };
    }
    this.replace(existing, joinRecords(rowFields(existing), fields), {
      imported: options.imported || existing.imported === 1,
      openAccess: options.openAccess || existing.open_access === 1,
    });
    return { seq: existing.seq, merged: true };
  }

  /** A bulk load for a large import (bulk/catalogBulkLoad.ts). */
  bulkLoad(): BulkSink {
    return beginBulkLoad(this);
  }

  /** Adds many records in one transaction. */
  addMany(records: { fields: CatalogFields; openAccess?: boolean }[], imported: boolean): { added: number; merged: number } {
    let added = 0;
    let merged = 0;
    try {
      this.sqlite.transaction(() => {
        for (const record of records) {
          const result = this.add(record.fields, { imported, openAccess: record.openAccess });
          if (result.merged) merged++;
          else added++;
        }
        // A bulk load's staged identifiers commit, or roll back, with their rows.
        this.bulk?.staging.flush();
      })();
    } catch (error) {
      this.bulk?.staging.discard();
      throw error;
    }
    return { added, merged };
  }

  private indexIdentifiers(seq: number, identifiers: [IdentifierKey, string][]): void {
    for (const [kind, value] of identifiers) this.s.addIdentifier!.run(kind, value, seq);
  }
}

/**
 * The candidate (same title, year and first author) that is the same work: not when the
 * DOIs differ, nor pages, issues or volumes of one serial (a recurring "Editorial" column).
 */
export function sameWork(fields: CatalogFields, candidates: CatalogRow[]): CatalogRow | undefined {
  const doi = fields.identifiers?.doi;
  const differ = (a: string | undefined, b: string | undefined, normalise = (x: string) => x.trim().toLowerCase()) =>
    Boolean(a && b && normalise(a) !== normalise(b));
  return candidates.find((row) => {
    const other = rowFields(row);
    return !differ(doi, other.identifiers?.doi, (x) => normaliseIdentifier('doi', x) ?? x)
      && !differ(fields.pages, other.pages) && !differ(fields.issue, other.issue) && !differ(fields.volume, other.volume);
  });
}

/** `first` with what it lacks taken from `second`, identifiers joined (first's win). */
export function joinRecords(first: CatalogFields, second: CatalogFields): CatalogFields {
  return { ...second, ...first, identifiers: { ...(second.identifiers ?? {}), ...(first.identifiers ?? {}) } };
}

const stores = new WeakMap<SQLite.Database, CatalogStore>();

/**
 * One store per database handle (its statements are prepared once). A bulk load that a
 * killed import left unfinished is finished first (bulk/catalogBulkLoad.ts).
 */
export function catalogStoreOf(sqlite: SQLite.Database): CatalogStore {
  let store = stores.get(sqlite);
  if (!store) {
    finishInterruptedBulkLoad(sqlite);
    store = new CatalogStore(sqlite);
    stores.set(sqlite, store);
  }
  return store;
}
