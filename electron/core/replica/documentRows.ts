// How a document is stored: every field in `data` (JSON), and copies of the few fields the
// library lists sort and filter by in columns, so that those lists use indexes.
import { DOCUMENT_FIELD_NAMES, type DocumentFields, type DocumentType } from '../../../shared/schemas/document.ts';
import type { Db } from './database.ts';
import { holdMirrorRowsOfNew, rewriteHeldMirrorRows } from './mirrorTables.ts';
import { stmt } from './statements.ts';
import type { LocalDocument } from './types.ts';

export interface DocumentRow {
  row_no: number;
  id: string;
  group_id: string | null;
  profile_id: string | null;
  title: string;
  type: string;
  year: number | null;
  created: string | null;
  last_modified: string | null;
  added_local: string;
  modified_local: string;
  trashed: number;
  data: string;
  /** Absent from rows read before migration 0002 ran (never in practice: migrations run at open). */
  last_opened_local?: string | null;
}

/** The server's default when a document is created without a type. */
export const DEFAULT_DOCUMENT_TYPE: DocumentType = 'journal';

const documentFieldSet = new Set<string>(DOCUMENT_FIELD_NAMES);

/** The document fields of a JSON object, nulls dropped (a null is an absent field). */
export function pickDocumentFields(json: Record<string, unknown>): DocumentFields {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(json)) {
    if (documentFieldSet.has(name) && value !== null && value !== undefined) fields[name] = value;
  }
  return fields as DocumentFields;
}

const ASCII_ONLY = /^[\0-\x7f]*$/;

/** Accent-, case- and width-insensitive sort key ("Élan" sorts with "elan"). */
export function sortKey(text: string | undefined | null): string | null {
  if (text === undefined || text === null) return null;
  // ASCII has no accents nor compatibility forms: NFKD leaves it as it is (most titles and
  // names; a first sync computes three keys for every document).
  const key = (ASCII_ONLY.test(text) ? text : text.normalize('NFKD').replace(/\p{M}/gu, '')).toLowerCase().trim();
  return key || null;
}

export interface StoredDocument {
  id: string;
  group_id: string | null;
  profile_id: string | null;
  created: string | null;
  last_modified: string | null;
  added_local: string;
  modified_local: string;
  trashed: boolean;
  data: DocumentFields;
}

const bit = (value: boolean | undefined) => (value ? 1 : 0);

/** The documents columns of a stored document, as written. */
function documentColumns(doc: StoredDocument): Record<(typeof DOCUMENT_COLUMNS)[number], unknown> {
  const { data } = doc;
  const first = data.authors?.[0];
  const title = data.title ?? '';
  return {
    id: doc.id,
    group_id: doc.group_id,
    profile_id: doc.profile_id,
    title,
    type: data.type ?? DEFAULT_DOCUMENT_TYPE,
    year: data.year ?? null,
    created: doc.created,
    last_modified: doc.last_modified,
    added_local: doc.added_local,
    modified_local: doc.modified_local,
    trashed: bit(doc.trashed),
    first_author: first ? [first.last_name, first.first_name].filter(Boolean).join(', ') : null,
    source: data.source ?? null,
    read: bit(data.read),
    starred: bit(data.starred),
    confirmed: bit(data.confirmed),
    file_attached: bit(data.file_attached),
    sort_title: sortKey(title) ?? '',
    sort_author: sortKey(first ? `${first.last_name} ${first.first_name ?? ''}` : null),
    sort_source: sortKey(data.source),
    data: JSON.stringify(data),
  };
}

const DOCUMENT_COLUMNS = [
  'id', 'group_id', 'profile_id', 'title', 'type', 'year', 'created', 'last_modified', 'added_local', 'modified_local', 'trashed',
  'first_author', 'source', 'read', 'starred', 'confirmed', 'file_attached', 'sort_title', 'sort_author', 'sort_source', 'data',
] as const;

// Built once: a first sync runs it 100,000 times (the statement cache is keyed by its text).
const UPSERT_DOCUMENT = `
  INSERT INTO documents (${DOCUMENT_COLUMNS.join(', ')})
  VALUES (${DOCUMENT_COLUMNS.map((c) => `@${c}`).join(', ')})
  ON CONFLICT (id) DO UPDATE SET ${DOCUMENT_COLUMNS.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`).join(', ')}
  RETURNING row_no`;

// A row known to be new (a pulled document the replica does not hold): a plain INSERT with
// positional values, without the upsert's conflict check and RETURNING.
const INSERT_DOCUMENT = `INSERT INTO documents (${DOCUMENT_COLUMNS.join(', ')}) VALUES (${DOCUMENT_COLUMNS.map(() => '?').join(', ')})`;

/** Inserts a document the replica does not hold (the caller has just looked it up in this transaction). */
export function insertNewDocument(db: Db, doc: StoredDocument): void {
  const columns = documentColumns(doc);
  stmt(db, INSERT_DOCUMENT).run(DOCUMENT_COLUMNS.map((column) => columns[column]));
  holdMirrorRowsOfNew(db, doc.id, columns.type as string, doc.data);
}

/**
 * Inserts or replaces a document; the row number (the search index key) is kept. Given the
 * row as stored now (`current`), only the columns whose value changes are written: SQLite
 * rewrites the entries of every index on a column an UPDATE sets, changed or not, so
 * setting all of them dirtied a leaf page of each of the twelve indexes per document (an
 * incremental sync at 100,000 documents wrote ten times the pages it does at 1,000).
 */
export function writeDocument(db: Db, doc: StoredDocument, current?: DocumentRow): number {
  const columns = documentColumns(doc);
  if (current && current.id === doc.id) {
    const stored = current as unknown as Record<string, unknown>;
    const changed = DOCUMENT_COLUMNS.filter((column) => column !== 'id' && stored[column] !== columns[column]);
    if (changed.length) {
      stmt(db, `UPDATE documents SET ${changed.map((c) => `${c} = @${c}`).join(', ')} WHERE row_no = @row_no`)
        .run({ ...Object.fromEntries(changed.map((c) => [c, columns[c]])), row_no: current.row_no });
      if (changed.includes('data') || changed.includes('type')) rewriteHeldMirrorRows(db, doc.id, columns.type as string, doc.data);
    }
    return current.row_no;
  }
  const row = stmt(db, UPSERT_DOCUMENT).get(columns) as { row_no: number };
  rewriteHeldMirrorRows(db, doc.id, columns.type as string, doc.data);
  return row.row_no;
}

export function readDocumentRow(db: Db, id: string): DocumentRow | undefined {
  return stmt(db, 'SELECT * FROM documents WHERE id = ?').get(id) as DocumentRow | undefined;
}

export function storedDocument(row: DocumentRow): StoredDocument {
  return {
    id: row.id,
    group_id: row.group_id,
    profile_id: row.profile_id,
    created: row.created,
    last_modified: row.last_modified,
    added_local: row.added_local,
    modified_local: row.modified_local,
    trashed: row.trashed === 1,
    data: JSON.parse(row.data) as DocumentFields,
  };
}

export function toLocalDocument(row: DocumentRow): LocalDocument {
  // The parsed object itself, not a spread copy of it (the copy cost three times the parse:
  // a search or list page builds 50 to 500 of these). The keys and their order are the
  // copy's: the data's first, the row's columns set in place or added after.
  const doc = JSON.parse(row.data) as Record<string, unknown>;
  doc.id = row.id;
  doc.title = row.title;
  doc.type = row.type;
  if (row.group_id !== null) doc.group_id = row.group_id;
  if (row.profile_id !== null) doc.profile_id = row.profile_id;
  if (row.created !== null) doc.created = row.created;
  if (row.last_modified !== null) doc.last_modified = row.last_modified;
  doc.trashed = row.trashed === 1;
  doc.added_local = row.added_local;
  doc.modified_local = row.modified_local;
  if (row.last_opened_local) doc.last_opened_local = row.last_opened_local;
  return doc as unknown as LocalDocument;
}
