// Who votes on a catalog record (readerVote.ts): its imported record, kept in
// catalog_authorities, and one copy per reader among the library documents mapped to it
// (a person's library, or a group's library, counts once; its earliest copy speaks for it).
// Hidden copies are never mapped and trashed ones are left out here.
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/tables.ts';
import { allRows, firstRow, runQuery, sqliteQueries } from '../storage/compiledQueries.ts';
import { catalogFieldsOf, type CatalogFields } from './catalogFields.ts';
import type { Voter } from './readerVote.ts';

type Queries = Kysely<Database>;

// The queries, written once for both engines: SQLite runs them compiled on its raw handle
// inside its synchronous transactions, PostgreSQL through Kysely (postgresCatalogStore.ts).
export const authorityQuery = (db: Queries, seq: number) =>
  db.selectFrom('catalog_authorities').select(['title', 'type', 'year', 'data']).where('catalog_seq', '=', seq);

export function setAuthorityQuery(db: Queries, seq: number, fields: CatalogFields) {
  const { title, type, year, ...data } = fields;
  const row = { title, type, year: year ?? null, data: JSON.stringify(data) };
  return db.insertInto('catalog_authorities').values({ catalog_seq: seq, ...row }).onConflict((c) => c.column('catalog_seq').doUpdateSet(row));
}

export const dropAuthorityQuery = (db: Queries, seq: number) => db.deleteFrom('catalog_authorities').where('catalog_seq', '=', seq);

/** The copies of a record in libraries, earliest first. */
export const copiesQuery = (db: Queries, seq: number) =>
  db
    .selectFrom('catalog_sources as s')
    .innerJoin('documents as d', 'd.id', 's.document_id')
    .select(['d.profile_id', 'd.group_id', 'd.title', 'd.type', 'd.year', 'd.data'])
    .where('s.catalog_seq', '=', seq)
    .where('d.trashed_at', 'is', null)
    .orderBy('d.created')
    .orderBy('d.id');

type AuthorityRow = { title: string; type: string; year: number | null; data: string };
type CopyRow = { profile_id: string; group_id: string | null; title: string; type: string; year: number | null; data: string };

export function authorityFields(row: AuthorityRow | undefined): CatalogFields | undefined {
  return row ? catalogFieldsOf({ ...parseObject(row.data), title: row.title, type: row.type, year: row.year }) : undefined;
}

/** The voters on a record: the imported record first, then readers by their earliest copy. */
export function votersFrom(authority: CatalogFields | undefined, copies: CopyRow[]): Voter[] {
  const voters: Voter[] = [];
  if (authority) voters.push({ fields: authority, authoritative: true });
  const readers = new Set<string>();
  for (const copy of copies) {
    const reader = copy.group_id ? `group:${copy.group_id}` : `profile:${copy.profile_id}`;
    const data = parseObject(copy.data);
    if (readers.has(reader) || data.hidden === true) continue;
    readers.add(reader);
    voters.push({ fields: catalogFieldsOf({ ...data, title: copy.title, type: copy.type, year: copy.year }), authoritative: false });
  }
  return voters;
}

export function authorityOf(sqlite: SQLite.Database, seq: number): CatalogFields | undefined {
  return authorityFields(firstRow(sqlite, authorityQuery(sqliteQueries, seq)));
}

// setAuthorityQuery as one statement prepared per handle: an import writes one per record,
// and compiling the query through Kysely each time was a visible share of it.
const setAuthorityStatements = new WeakMap<SQLite.Database, SQLite.Statement>();

export function setAuthority(sqlite: SQLite.Database, seq: number, fields: CatalogFields): void {
  const { title, type, year, ...data } = fields;
  setAuthorityRow(sqlite, seq, { title, type, year: year ?? null, data: JSON.stringify(data) });
}

/** setAuthority with the row made already (the data: every field but title, type and year, as JSON). */
export function setAuthorityRow(sqlite: SQLite.Database, seq: number, row: AuthorityRow): void {
  let statement = setAuthorityStatements.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare(`INSERT INTO catalog_authorities (catalog_seq, title, type, year, data) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (catalog_seq) DO UPDATE SET title = excluded.title, type = excluded.type, year = excluded.year, data = excluded.data`);
    setAuthorityStatements.set(sqlite, statement);
  }
  statement.run(seq, row.title, row.type, row.year, row.data);
}

export function dropAuthority(sqlite: SQLite.Database, seq: number): void {
  runQuery(sqlite, dropAuthorityQuery(sqliteQueries, seq));
}

export function votersOf(sqlite: SQLite.Database, seq: number): Voter[] {
  return votersFrom(authorityOf(sqlite, seq), allRows(sqlite, copiesQuery(sqliteQueries, seq)));
}

export function parseObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
