// Applying what a pull brought: server rows are upserted, but a field with a pending local
// change keeps the local value (the sync engine merges it when it pushes), and a row whose
// local deletion is pending is not brought back. Only rows with local changes keep a base
// copy (baseCopies.ts): a pull refreshes theirs and writes none for the others.
import type { Db } from './database.ts';
import { ANNOTATION_EDITABLE_FIELDS, insertNewAnnotation, readAnnotationRow, toLocalAnnotation, writeAnnotation, type AnnotationRow } from './annotationRows.ts';
import { baseCopyIds, hasBaseCopy, hasLocalChange, saveBaseCopy } from './baseCopies.ts';
import { insertNewDocument, pickDocumentFields, readDocumentRow, storedDocument, writeDocument, type DocumentRow } from './documentRows.ts';
import { invalid } from './errors.ts';
import { readFileRow, refreshFileAttached } from './fileRows.ts';
import { isBulkLoading } from './bulkLoad.ts';
import { readFolderRow } from './folderRows.ts';
import { forgetBookkeeping, forgetDependentsOfDocument } from './localRecords.ts';
import { emptyState, forgetEntity, pendingState, pendingStates, type PendingState } from './outbox.ts';
import { TABLE_OF } from './remapId.ts';
import { reindexDocument, reindexDocuments } from './searchIndex.ts';
import { inTransaction, now, stmt } from './statements.ts';
import { setWatermark } from './syncState.ts';
import type { EntityKind, LocalAnnotation, Watermark } from './types.ts';

export type ServerJson = Record<string, unknown>;

export interface ApplyOptions {
  /** Documents pulled from the trash listing. */
  trashed?: boolean;
}

/** A watermark to advance in the same transaction as the page it describes. */
export interface WatermarkUpdate extends Partial<Watermark> {
  collection: string;
  scope: string | null;
}

export type ApplyResult = 'applied' | 'skipped';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * Takes the remote value of every field except those with a pending local change or an open
 * conflict (whose remote side learns the new server value instead): a pull never replaces a
 * value the person set here and has not seen pushed.
 */
function keepPending<T extends Record<string, unknown>>(db: Db, kind: EntityKind, id: string, remote: T, local: Record<string, unknown>, pending: PendingState): T {
  const merged: Record<string, unknown> = { ...remote };
  for (const field of [...pending.fields, ...pending.conflicted]) {
    if (pending.conflicted.has(field)) {
      const theirs = remote[field];
      stmt(db, 'UPDATE conflicts SET remote_value = ? WHERE kind = ? AND id = ? AND field = ?').run(theirs === undefined || theirs === null ? null : JSON.stringify(theirs), kind, id, field);
    }
    if (local[field] === undefined || local[field] === null) delete merged[field];
    else merged[field] = local[field];
  }
  return merged as T;
}

/**
 * What applying rows reads about them: one row at a time, or prefetched for a whole page
 * with one query per kind of lookup. Search entries of the documents a page touched are
 * rebuilt once each when the page is done (`flush`).
 */
interface Lookups {
  pending(id: string): PendingState;
  /** Whether the row keeps a base copy (it has one, or a local change of its own). */
  keepsBase(id: string): boolean;
  document(id: string): DocumentRow | undefined;
  /** Whether the replica holds the document (an annotation's), without reading its row. */
  hasDocument(id: string): boolean;
  annotation(id: string): AnnotationRow | undefined;
  /** A row was written: a prefetched copy of it is stale. */
  written(kind: 'document' | 'annotation', id: string): void;
  reindex(documentId: string): void;
  flush(): void;
}

function rowLookups(db: Db, kind: EntityKind): Lookups {
  return {
    pending: (id) => pendingState(db, kind, id),
    keepsBase: (id) => hasBaseCopy(db, kind, id) || hasLocalChange(db, kind, id),
    document: (id) => readDocumentRow(db, id),
    hasDocument: (id) => stmt(db, 'SELECT 1 FROM documents WHERE id = ?').get(id) !== undefined,
    annotation: (id) => readAnnotationRow(db, id),
    written: () => undefined,
    reindex: (documentId) => reindexDocument(db, documentId),
    flush: () => undefined,
  };
}

function pageLookups(db: Db, kind: 'document' | 'annotation', rows: readonly ServerJson[]): Lookups {
  const ids = rows.map((r) => r.id as string);
  const pending = pendingStates(db, kind, ids);
  const withBase = baseCopyIds(db, kind, ids);
  const documents = new Map<string, DocumentRow | undefined>();
  // For annotation pages: which of their documents were looked up, and which of those are held.
  const askedDocuments = new Set<string>();
  const heldDocuments = new Set<string>();
  if (kind === 'document') {
    for (const id of ids) documents.set(id, undefined);
    for (const row of stmt(db, 'SELECT * FROM documents WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as DocumentRow[]) documents.set(row.id, row);
  }
  const annotations = new Map<string, AnnotationRow | undefined>();
  if (kind === 'annotation') {
    // An annotation page only asks whether its documents are here: the id index answers,
    // without reading 500 documents' rows (their JSON) per page of a first sync.
    for (const row of rows) if (typeof row.document_id === 'string') askedDocuments.add(row.document_id);
    for (const id of stmt(db, 'SELECT id FROM documents WHERE id IN (SELECT value FROM json_each(?))').pluck().all(JSON.stringify([...askedDocuments])) as string[]) heldDocuments.add(id);
    for (const id of ids) annotations.set(id, undefined);
    for (const row of stmt(db, 'SELECT * FROM annotations WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as AnnotationRow[]) annotations.set(row.id, row);
  }
  const touched = new Set<string>();
  return {
    pending: (id) => pending.get(id) ?? emptyState(),
    // A row with outbox entries or conflicts is in `pending`.
    keepsBase: (id) => withBase.has(id) || pending.has(id),
    document: (id) => (documents.has(id) ? documents.get(id) : readDocumentRow(db, id)),
    hasDocument: (id) => (askedDocuments.has(id) ? heldDocuments.has(id) : readDocumentRow(db, id) !== undefined),
    annotation: (id) => (annotations.has(id) ? annotations.get(id) : readAnnotationRow(db, id)),
    written: (what, id) => void (what === 'document' ? documents : annotations).delete(id),
    reindex: (documentId) => void touched.add(documentId),
    // During a bulk load no entry is written: the search index is built after it (searchIndexBuild.ts).
    flush: () => (isBulkLoading(db) ? undefined : reindexDocuments(db, touched)),
  };
}

function applyDocument(db: Db, json: ServerJson, options: ApplyOptions, lookups: Lookups): ApplyResult {
  const id = json.id as string;
  if (lookups.keepsBase(id)) saveBaseCopy(db, 'document', json);
  const pending = lookups.pending(id);
  if (pending.deleted) return 'skipped';
  const row = lookups.document(id);
  const remote = pickDocumentFields(json);
  const server = {
    id, group_id: str(json.group_id), profile_id: str(json.profile_id), created: str(json.created), last_modified: str(json.last_modified),
  };
  if (row) {
    const local = storedDocument(row);
    writeDocument(db, {
      ...local,
      ...server,
      data: keepPending(db, 'document', id, remote, local.data, pending),
      trashed: pending.trashChange ? local.trashed : options.trashed === true,
      modified_local: pending.fields.size || pending.conflicted.size ? local.modified_local : (server.last_modified ?? local.modified_local),
    }, row);
  } else {
    const time = now();
    insertNewDocument(db, {
      ...server, data: remote, trashed: options.trashed === true,
      added_local: server.created ?? time, modified_local: server.last_modified ?? time,
    });
  }
  lookups.written('document', id);
  lookups.reindex(id);
  return 'applied';
}

function applyFolder(db: Db, json: ServerJson, lookups: Lookups): ApplyResult {
  const id = json.id as string;
  if (lookups.keepsBase(id)) saveBaseCopy(db, 'folder', json);
  const pending = pendingState(db, 'folder', id);
  if (pending.deleted) return 'skipped';
  const row = readFolderRow(db, id);
  const merged = keepPending(db, 'folder', id, { name: str(json.name) ?? '', parent_id: str(json.parent_id) }, { ...row }, pending);
  stmt(db, `INSERT INTO folders (id, name, parent_id, group_id, created, modified, added_local) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, parent_id = excluded.parent_id, group_id = excluded.group_id,
      created = excluded.created, modified = excluded.modified`).run(
    id, merged.name ?? '', merged.parent_id ?? null, str(json.group_id), str(json.created), str(json.modified), str(json.created) ?? now(),
  );
  return 'applied';
}

const ANNOTATION_STORED_FIELDS = new Set<string>(['id', 'document_id', 'type', 'profile_id', 'group_id', 'created', 'last_modified', ...ANNOTATION_EDITABLE_FIELDS]);

function applyAnnotation(db: Db, json: ServerJson, lookups: Lookups): ApplyResult {
  const id = json.id as string;
  const documentId = str(json.document_id);
  // An annotation of a document this replica does not hold (yet) cannot be stored.
  if (!documentId || !lookups.hasDocument(documentId)) return 'skipped';
  if (lookups.keepsBase(id)) saveBaseCopy(db, 'annotation', json);
  const pending = lookups.pending(id);
  if (pending.deleted) return 'skipped';
  const row = lookups.annotation(id);
  const remote: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(json)) if (value !== null && value !== undefined) remote[field] = value;
  const local = row ? (toLocalAnnotation(row) as unknown as Record<string, unknown>) : {};
  const merged = keepPending(db, 'annotation', id, remote, local, pending);
  for (const field of Object.keys(merged)) {
    if (!ANNOTATION_STORED_FIELDS.has(field)) delete merged[field];
  }
  merged.privacy_level ??= 'private';
  merged.type ??= 'note';
  const time = now();
  const write = row ? writeAnnotation : insertNewAnnotation;
  write(db, merged as unknown as LocalAnnotation, row?.added_local ?? str(json.created) ?? time, pending.fields.size && row ? row.modified_local : (str(json.last_modified) ?? time));
  lookups.written('annotation', id);
  lookups.reindex(documentId);
  if (row && row.document_id !== documentId) lookups.reindex(row.document_id);
  return 'applied';
}

function applyFile(db: Db, json: ServerJson, lookups: Lookups): ApplyResult {
  const id = json.id as string;
  const documentId = str(json.document_id);
  if (!documentId || !readDocumentRow(db, documentId)) return 'skipped';
  if (lookups.keepsBase(id)) saveBaseCopy(db, 'file', json);
  if (pendingState(db, 'file', id).deleted) return 'skipped';
  const existing = readFileRow(db, id);
  stmt(db, `INSERT INTO files (id, document_id, filehash, file_name, mime_type, size, local_path, added_local) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET document_id = excluded.document_id, filehash = excluded.filehash, file_name = excluded.file_name,
      mime_type = excluded.mime_type, size = excluded.size`).run(
    id, documentId, (str(json.filehash) ?? '').toLowerCase(), str(json.file_name) ?? '', str(json.mime_type) ?? 'application/octet-stream',
    typeof json.size === 'number' ? json.size : 0, existing?.local_path ?? null, str(json.created) ?? now(),
  );
  refreshFileAttached(db, documentId);
  if (existing && existing.document_id !== documentId) refreshFileAttached(db, existing.document_id);
  return 'applied';
}

function checkId(kind: EntityKind, json: ServerJson): void {
  if (typeof json !== 'object' || json === null || typeof json.id !== 'string' || !json.id) throw invalid(`A ${kind} from the service has no id`);
}

function applyOne(db: Db, kind: EntityKind, json: ServerJson, options: ApplyOptions, lookups: Lookups): ApplyResult {
  checkId(kind, json);
  switch (kind) {
    case 'document': return applyDocument(db, json, options, lookups);
    case 'annotation': return applyAnnotation(db, json, lookups);
    case 'folder': return applyFolder(db, json, lookups);
    case 'file': return applyFile(db, json, lookups);
  }
}

export function applyRemote(db: Db, kind: EntityKind, json: ServerJson, options: ApplyOptions = {}): ApplyResult {
  return inTransaction(db, () => applyOne(db, kind, json, options, rowLookups(db, kind)));
}

/** Applies one page in one transaction, and advances the watermark with it when given. */
export function applyRemoteBatch(
  db: Db, kind: EntityKind, rows: readonly ServerJson[], options: ApplyOptions & { watermark?: WatermarkUpdate } = {},
): { applied: number; skipped: string[] } {
  return inTransaction(db, () => {
    const skipped: string[] = [];
    let applied = 0;
    for (const json of rows) checkId(kind, json);
    // Documents and annotations come by the thousand: their lookups are made for the whole
    // page, and each touched document's search entry is rebuilt once, after the page.
    const lookups = kind === 'document' || kind === 'annotation' ? pageLookups(db, kind, rows) : rowLookups(db, kind);
    for (const json of rows) {
      if (applyOne(db, kind, json, options, lookups) === 'applied') applied++;
      else skipped.push(json.id as string);
    }
    lookups.flush();
    if (options.watermark) setWatermark(db, options.watermark.collection, options.watermark.scope, options.watermark);
    return { applied, skipped };
  });
}

/** The service deleted a row: it goes, with whatever was pending about it. */
export function applyRemoteDeletion(db: Db, kind: EntityKind, id: string): void {
  inTransaction(db, () => {
    const owner = kind === 'annotation' || kind === 'file'
      ? (stmt(db, `SELECT document_id FROM ${TABLE_OF[kind]} WHERE id = ?`).pluck().get(id) as string | undefined)
      : undefined;
    if (kind === 'document') forgetDependentsOfDocument(db, id);
    forgetEntity(db, kind, id);
    forgetBookkeeping(db, kind, id);
    stmt(db, `DELETE FROM ${TABLE_OF[kind]} WHERE id = ?`).run(id);
    if (owner && kind === 'annotation') reindexDocument(db, owner);
    if (owner && kind === 'file') refreshFileAttached(db, owner);
  });
}

export function applyRemoteDeletions(db: Db, kind: EntityKind, ids: readonly string[], options: { watermark?: WatermarkUpdate } = {}): void {
  inTransaction(db, () => {
    for (const id of ids) applyRemoteDeletion(db, kind, id);
    if (options.watermark) setWatermark(db, options.watermark.collection, options.watermark.scope, options.watermark);
  });
}

/**
 * Replaces a folder's membership with the service's list, except links and unlinks still
 * waiting to be pushed. Documents this replica does not hold are left out.
 */
export function applyRemoteFolderDocuments(db: Db, folderId: string, documentIds: readonly string[]): void {
  inTransaction(db, () => {
    if (!readFolderRow(db, folderId)) return;
    const pending = new Map(
      (stmt(db, `SELECT target_id, op FROM outbox WHERE kind = 'folder' AND entity_id = ? AND op IN ('link', 'unlink')`).all(folderId) as { target_id: string; op: string }[])
        .map((e) => [e.target_id, e.op]),
    );
    const wanted = new Set(documentIds);
    const current = stmt(db, 'SELECT document_id FROM folder_documents WHERE folder_id = ?').pluck().all(folderId) as string[];
    for (const documentId of current) {
      if (!wanted.has(documentId) && pending.get(documentId) !== 'link') {
        stmt(db, 'DELETE FROM folder_documents WHERE folder_id = ? AND document_id = ?').run(folderId, documentId);
      }
    }
    for (const documentId of wanted) {
      if (pending.get(documentId) === 'unlink') continue;
      stmt(db, 'INSERT OR IGNORE INTO folder_documents (folder_id, document_id) SELECT ?, id FROM documents WHERE id = ?').run(folderId, documentId);
    }
  });
}
