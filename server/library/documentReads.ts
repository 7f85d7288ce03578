// The document store's hot reads, one implementation per engine: prepared statements on
// the raw SQLite handle (as fast as the embedded service can go), Kysely on PostgreSQL.
import type { ServiceDb, OpenedDatabase } from '../storage/database.ts';
import type { DocumentsTable } from '../storage/tables.ts';
import { sql } from 'kysely';

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
  return database.sqlite ? sqliteReads(database.sqlite) : kyselyReads(database.db);
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

function kyselyReads(db: ServiceDb): DocumentReads {
  const dataLength = sql<number>`octet_length(d.data)`.as('data_length');
  return {
    byId: (id) => db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst(),
    byIdWithFileFlag: async (id) => {
      const row = await db
        .selectFrom('documents as d')
        .selectAll('d')
        .select([dataLength, (eb) => eb.exists(eb.selectFrom('files as f').select('f.document_id').whereRef('f.document_id', '=', 'd.id')).as('has_file')])
        .where('d.id', '=', id)
        .executeTakeFirst();
      return row && { ...row, has_file: Boolean(row.has_file) };
    },
    versionById: async (id) => {
      const row = await db
        .selectFrom('documents as d')
        .select([...VERSION_COLUMNS.map((c) => `d.${c}` as const), dataLength, (eb) => eb.exists(eb.selectFrom('files as f').select('f.document_id').whereRef('f.document_id', '=', 'd.id')).as('has_file')])
        .where('d.id', '=', id)
        .executeTakeFirst();
      return row && { ...row, has_file: Boolean(row.has_file) };
    },
    byIds: async (ids) => (ids.length ? db.selectFrom('documents as d').selectAll('d').select(dataLength).where('d.id', 'in', ids).execute() : []),
    roleOf: async (groupId, profileId) =>
      (await db.selectFrom('group_members').select('role').where('group_id', '=', groupId).where('profile_id', '=', profileId).executeTakeFirst())?.role,
    hasFile: async (documentId) => (await db.selectFrom('files').select('document_id').where('document_id', '=', documentId).limit(1).executeTakeFirst()) !== undefined,
    withFiles: async (ids) =>
      ids.length ? (await db.selectFrom('files').select('document_id').distinct().where('document_id', 'in', ids).execute()).map((r) => r.document_id) : [],
  };
}
