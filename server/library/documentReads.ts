// The document store's hot reads, one implementation per engine: prepared statements on
// the raw SQLite handle (as fast as the embedded service can go), named prepared statements
// on PostgreSQL. The SQL of both lives here.
import type { OpenedDatabase } from '../storage/database.ts';
import type { DocumentsTable } from '../storage/tables.ts';
import type { NamedStatement, PostgresStatements } from '../storage/engines/postgresStatements.ts';
import { coalescedLookup } from '../storage/engines/coalescedLookup.ts';

/** A row as read for serialisation: with octet_length(data), the JSON cache's guard. */
export type StoredDocument = DocumentsTable & { data_length: number };

/** A document's version (the JSON cache's key), its owner and trash state, and whether a file is attached. */
export type GuardedVersion = Pick<DocumentsTable, 'id' | 'last_modified' | 'profile_id' | 'group_id' | 'trashed_at'> & { data_length: number; has_file: boolean };

const VERSION_COLUMNS = ['id', 'last_modified', 'profile_id', 'group_id', 'trashed_at'] as const;

export interface DocumentReads {
  byId(id: string): Promise<DocumentsTable | undefined>;
  /** The row with whether a file is attached, in one query. */
  byIdWithFileFlag(id: string): Promise<(StoredDocument & { has_file: boolean }) | undefined>;
  /** What access and the JSON cache need, without `data`: a cached document is answered from this alone. */
  versionById(id: string): Promise<GuardedVersion | undefined>;
  byIds(ids: readonly string[]): Promise<StoredDocument[]>;
  roleOf(groupId: string, profileId: string): Promise<string | undefined>;
  hasFile(documentId: string): Promise<boolean>;
  /** Which of these documents have a file attached. */
  withFiles(ids: readonly string[]): Promise<string[]>;
}

export function documentReadsOf(database: OpenedDatabase): DocumentReads {
  return database.engine === 'sqlite' ? sqliteReads(database.sqlite) : postgresReads(database.statements);
}

function sqliteReads(sqlite: NonNullable<OpenedDatabase['sqlite']>): DocumentReads {
  const byId = sqlite.prepare<[string], DocumentsTable>('SELECT * FROM documents WHERE id = ?');
  const byIdWithFileFlag = sqlite.prepare<[string], StoredDocument & { has_file: number }>(
    'SELECT d.*, octet_length(d.data) AS data_length, EXISTS (SELECT 1 FROM files f WHERE f.document_id = d.id) AS has_file FROM documents d WHERE d.id = ?',
  );
  const versionById = sqlite.prepare<[string], Omit<GuardedVersion, 'has_file'> & { has_file: number }>(
    `SELECT ${VERSION_COLUMNS.map((c) => `d.${c}`).join(', ')}, octet_length(d.data) AS data_length, EXISTS (SELECT 1 FROM files f WHERE f.document_id = d.id) AS has_file FROM documents d WHERE d.id = ?`,
  );
  const byIds = sqlite.prepare<[string], StoredDocument>('SELECT d.*, octet_length(d.data) AS data_length FROM documents d WHERE d.id IN (SELECT value FROM json_each(?))');
  const roleOf = sqlite.prepare<[string, string], { role: string }>('SELECT role FROM group_members WHERE group_id = ? AND profile_id = ?');
  const anyFile = sqlite.prepare<[string], { one: number }>('SELECT 1 AS one FROM files WHERE document_id = ? LIMIT 1');
  const filesOfIds = sqlite.prepare<[string], { document_id: string }>('SELECT DISTINCT document_id FROM files WHERE document_id IN (SELECT value FROM json_each(?))');
  return {
    byId: async (id) => byId.get(id),
    byIdWithFileFlag: async (id) => {
      const row = byIdWithFileFlag.get(id);
      return row && { ...row, has_file: row.has_file === 1 };
    },
    versionById: async (id) => {
      const row = versionById.get(id);
      return row && { ...row, has_file: row.has_file === 1 };
    },
    byIds: async (ids) => byIds.all(JSON.stringify(ids)),
    roleOf: async (groupId, profileId) => roleOf.get(groupId, profileId)?.role,
    hasFile: async (documentId) => anyFile.get(documentId) !== undefined,
    withFiles: async (ids) => filesOfIds.all(JSON.stringify(ids)).map((r) => r.document_id),
  };
}

/**
 * Every column of `documents`, named (a prepared `SELECT *` fails once a migration adds a
 * column); `satisfies` stops the build when DocumentsTable gains one this list lacks.
 */
const DOCUMENT_COLUMNS = Object.keys({
  id: true, profile_id: true, group_id: true, created: true, last_modified: true, title: true, type: true, year: true, trashed_at: true, data: true,
} satisfies Record<keyof DocumentsTable, true>);

const POSTGRES_ROW = DOCUMENT_COLUMNS.map((c) => `d.${c}`).join(', ');
const POSTGRES_HAS_FILE = 'EXISTS (SELECT 1 FROM files f WHERE f.document_id = d.id) AS has_file';
const POSTGRES_VERSION = `${VERSION_COLUMNS.map((c) => `d.${c}`).join(', ')}, octet_length(d.data) AS data_length, ${POSTGRES_HAS_FILE}`;
const statement = (name: string, text: string): NamedStatement => ({ name: `document_reads_${name}`, text });

/** PostgreSQL's SQL for each read; exported for the service-scale bench's round-trip floor. */
export const POSTGRES_DOCUMENT_READS = {
  byId: statement('by_id', `SELECT ${POSTGRES_ROW} FROM documents d WHERE d.id = $1`),
  byIdWithFileFlag: statement('by_id_with_file_flag', `SELECT ${POSTGRES_ROW}, octet_length(d.data) AS data_length, ${POSTGRES_HAS_FILE} FROM documents d WHERE d.id = $1`),
  versionById: statement('version_by_id', `SELECT ${POSTGRES_VERSION} FROM documents d WHERE d.id = $1`),
  versionsByIds: statement('versions_by_ids', `SELECT ${POSTGRES_VERSION} FROM documents d WHERE d.id = ANY($1::text[])`),
  byIds: statement('by_ids', `SELECT ${POSTGRES_ROW}, octet_length(d.data) AS data_length FROM documents d WHERE d.id = ANY($1::text[])`),
  roleOf: statement('role_of', 'SELECT role FROM group_members WHERE group_id = $1 AND profile_id = $2'),
  anyFile: statement('any_file', 'SELECT 1 AS one FROM files WHERE document_id = $1 LIMIT 1'),
  filesOfIds: statement('files_of_ids', 'SELECT DISTINCT document_id FROM files WHERE document_id = ANY($1::text[])'),
};

/**
 * Named prepared statements (postgresStatements.ts): parsed and planned once per connection
 * rather than per request. Lists of ids are one array parameter, so a page of any length is
 * the same statement. A document's version, the first read of every GET by id, is looked
 * up with the others asked for in the same turn (coalescedLookup.ts).
 */
function postgresReads(statements: PostgresStatements): DocumentReads {
  const { byId, byIdWithFileFlag, versionById, versionsByIds, byIds, roleOf, anyFile, filesOfIds } = POSTGRES_DOCUMENT_READS;
  const first = async <Row>(named: NamedStatement, values: unknown[]) => (await statements.rows<Row>(named, values))[0];
  const version = coalescedLookup<GuardedVersion>(
    (ids) => (ids.length === 1 ? statements.rows<GuardedVersion>(versionById, ids) : statements.rows<GuardedVersion>(versionsByIds, [ids])),
    (row) => row.id,
  );
  return {
    byId: (id) => first<DocumentsTable>(byId, [id]),
    byIdWithFileFlag: (id) => first<StoredDocument & { has_file: boolean }>(byIdWithFileFlag, [id]),
    versionById: version,
    byIds: async (ids) => (ids.length ? statements.rows<StoredDocument>(byIds, [ids]) : []),
    roleOf: async (groupId, profileId) => (await first<{ role: string }>(roleOf, [groupId, profileId]))?.role,
    hasFile: async (documentId) => (await first(anyFile, [documentId])) !== undefined,
    withFiles: async (ids) => (ids.length ? (await statements.rows<{ document_id: string }>(filesOfIds, [ids])).map((r) => r.document_id) : []),
  };
}
