// Storage of library documents. The hot reads (one document; file flags of a page) go
// through documentReads.ts (prepared statements on both engines); every write goes through Kysely.
import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import type { DocumentsTable } from '../storage/tables.ts';
import { badRequest, notFound, preconditionFailed } from '../http/errors.ts';
import { READING_ROLES, assertCanWriteItem } from './access.ts';
import { splitFields, normalise, toDocumentJson, viewNeedsFileFlag, SERVER_SET_FIELDS, type DocumentJson } from './documentJson.ts';
import { assertUnmodifiedSince, type UnmodifiedSince } from './documentPreconditions.ts';
import { DocumentJsonCache, type DocumentVersion } from './documentJsonCache.ts';
import { PageBodyCache } from './pageBodyCache.ts';
import { releaseBlob } from './fileService.ts';
import type { DocumentView } from '../../shared/schemas/document.ts';
import { nextTimestamp } from '../storage/timestamps.ts';
import { documentReadsOf, type DocumentReads, type StoredDocument } from './documentReads.ts';
import { engineOf, type ServiceDb } from '../storage/engines/serviceDb.ts';
import { indexDocumentsPostgres } from './postgresDocumentSearch.ts';

export const DOCUMENT_NOT_FOUND = 'Document not found';


const readingRoles = new Set<string>(READING_ROLES);
const OPEN_BRACKET = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE_BRACKET = Buffer.from(']');

export type { StoredDocument } from './documentReads.ts';

/** Whether a file is attached, when the listing read it with the row (EXISTS: 0/1 on SQLite, boolean on PostgreSQL). */
export type FileFlag = { has_file?: boolean | number };

export interface NewDocument {
  profileId: string;
  groupId: string | null;
  fields: Record<string, unknown>;
  /** The id to give it (one an idempotency key reserved); a new one otherwise. */
  id?: string;
}

export class DocumentStore {
  private readonly reads: DocumentReads;
  private readonly jsonCache = new DocumentJsonCache();
  private readonly pageBodies = new PageBodyCache();

  constructor(private readonly ctx: ServiceContext) {
    this.reads = documentReadsOf(ctx.database);
  }

  findRow(id: string): Promise<DocumentsTable | undefined> {
    return this.reads.byId(id);
  }

  async canRead(profileId: string, row: Pick<DocumentsTable, 'profile_id' | 'group_id'>): Promise<boolean> {
    if (!row.group_id) return row.profile_id === profileId;
    const role = await this.reads.roleOf(row.group_id, profileId);
    return role !== undefined && readingRoles.has(role);
  }

  /** A document the caller may read, in or out of the trash as asked; 404 otherwise (no leaks). */
  async readable(profileId: string, id: string, where: 'library' | 'trash' = 'library'): Promise<DocumentsTable> {
    const row = await this.findRow(id);
    if (!row || (where === 'library') === Boolean(row.trashed_at) || !(await this.canRead(profileId, row))) throw notFound(DOCUMENT_NOT_FOUND);
    return row;
  }

  /** As readable, plus 403 for group members who may only read. */
  async writable(profileId: string, id: string, where: 'library' | 'trash' = 'library'): Promise<DocumentsTable> {
    const row = await this.findRow(id);
    if (!row || (where === 'library') === Boolean(row.trashed_at)) throw notFound(DOCUMENT_NOT_FOUND);
    await assertCanWriteItem(this.ctx.db, profileId, row, 'Document');
    return row;
  }

  hasFile(documentId: string): Promise<boolean> {
    return this.reads.hasFile(documentId);
  }

  /** One query for a whole page: no query per document. */
  async withFiles(ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    return new Set(await this.reads.withFiles(ids));
  }

  /**
   * The hot read: for an unchanged row, one query without `data` (the file flag comes
   * along) and a cached serialisation. Answers the UTF-8 JSON of the document in the view.
   */
  async readableJsonBytes(profileId: string, id: string, view: DocumentView | undefined): Promise<Buffer> {
    const version = await this.reads.versionById(id);
    if (!version || version.trashed_at || !(await this.canRead(profileId, version))) throw notFound(DOCUMENT_NOT_FOUND);
    const cached = this.jsonCache.get(DocumentJsonCache.key(version, view, viewNeedsFileFlag(view) && version.has_file));
    if (cached) return cached;
    // Not cached: the whole row, checked again (it may have changed or gone meanwhile).
    const row = await this.reads.byIdWithFileFlag(id);
    if (!row || row.trashed_at || !(await this.canRead(profileId, row))) throw notFound(DOCUMENT_NOT_FOUND);
    // The extra has_file column is harmless: serialisation reads named fields only.
    return this.jsonBytes(row, view, viewNeedsFileFlag(view) && row.has_file);
  }

  private jsonBytes(row: StoredDocument, view: DocumentView | undefined, fileAttached: boolean, key = DocumentJsonCache.key(row, view, fileAttached)): Buffer {
    let bytes = this.jsonCache.get(key);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(toDocumentJson(row, view, fileAttached)));
      this.jsonCache.set(key, bytes);
    }
    return bytes;
  }

  /**
   * A page as UTF-8 JSON, spliced from cached serialisations. Given versions only (id,
   * last_modified, data_length), it reads the full rows of those the cache lacks in one
   * query, so an unchanged page never turns `data` into strings. A row deleted meanwhile is
   * left out; one changed meanwhile is shown as it is now. Rows that bring `has_file` (the
   * listing reads it with the versions) spare the query for file flags; a page whose
   * documents are all unchanged is answered with the very buffer spliced last time.
   */
  async jsonListBytes(rows: readonly ((DocumentVersion | StoredDocument) & FileFlag)[], view: DocumentView | undefined): Promise<Buffer> {
    const needsFlag = viewNeedsFileFlag(view);
    const files = needsFlag && !rows.every((row) => row.has_file !== undefined) ? await this.withFiles(rows.map((r) => r.id)) : undefined;
    const attached = rows.map((row) => needsFlag && (row.has_file !== undefined ? Boolean(row.has_file) : (files?.has(row.id) ?? false)));
    const keys = rows.map((row, i) => DocumentJsonCache.key(row, view, attached[i]!));
    const spliced = this.pageBodies.get(keys);
    if (spliced) return spliced;
    const missing = rows.filter((row, i) => !('data' in row) && this.jsonCache.get(keys[i]!) === undefined).map((row) => row.id);
    const loaded = new Map(missing.length ? (await this.reads.byIds(missing)).map((row) => [row.id, row]) : []);
    const parts: Buffer[] = [OPEN_BRACKET];
    let complete = true;
    for (const [i, row] of rows.entries()) {
      const cached = this.jsonCache.get(keys[i]!);
      const full = cached ? undefined : 'data' in row ? row : loaded.get(row.id);
      const bytes = cached ?? (full && this.jsonBytes(full, view, attached[i]!));
      if (!bytes) {
        complete = false;
        continue;
      }
      if (parts.length > 1) parts.push(COMMA);
      parts.push(bytes);
    }
    parts.push(CLOSE_BRACKET);
    const body = Buffer.concat(parts);
    if (complete) this.pageBodies.set(keys, body);
    return body;
  }

  async toJson(row: DocumentsTable, view: DocumentView | undefined): Promise<DocumentJson> {
    return toDocumentJson(row, view, viewNeedsFileFlag(view) && (await this.hasFile(row.id)));
  }

  async toJsonList(rows: readonly DocumentsTable[], view: DocumentView | undefined): Promise<DocumentJson[]> {
    const files = viewNeedsFileFlag(view) ? await this.withFiles(rows.map((r) => r.id)) : undefined;
    return rows.map((row) => toDocumentJson(row, view, files?.has(row.id) ?? false));
  }

  async create(input: NewDocument): Promise<DocumentsTable> {
    const { title, type, year, data } = splitFields(input.fields);
    const now = nextTimestamp();
    const row: DocumentsTable = {
      id: input.id ?? randomUUID(),
      profile_id: input.profileId,
      group_id: input.groupId,
      created: now,
      last_modified: now,
      title: title ?? '',
      type: type ?? 'journal',
      year: year ?? null,
      trashed_at: null,
      data: JSON.stringify(data),
    };
    await this.writeIndexed(async (db) => {
      await db.insertInto('documents').values(row).execute();
      return row;
    });
    return row;
  }

  /**
   * Runs a document write; on PostgreSQL the row it answers (if any) is indexed for search
   * in the same transaction. SQLite's triggers keep its index, so the write runs alone there.
   */
  private writeIndexed<T extends DocumentsTable | undefined>(work: (db: ServiceDb) => Promise<T>): Promise<T> {
    if (this.ctx.database.engine !== 'postgres') return work(this.ctx.db);
    return this.ctx.db.transaction().execute(async (trx) => {
      const written = await work(trx);
      if (written) await indexDocumentsPostgres(trx, [written]);
      return written;
    });
  }

  /**
   * Applies a PATCH: null clears a field. The write is conditional on the row being the one
   * that was checked, so a concurrent change is re-checked (and may answer 412) rather than
   * silently overwritten.
   */
  async update(profileId: string, id: string, patch: Record<string, unknown>, condition?: UnmodifiedSince): Promise<DocumentsTable> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await this.writable(profileId, id);
      if ('group_id' in patch && (patch.group_id ?? null) !== row.group_id) throw badRequest('group_id cannot be changed; create the document in the other library instead');
      assertUnmodifiedSince(condition, row.last_modified);
      const changed = applyPatch(row, patch);
      if (!changed) return row;
      changed.last_modified = nextTimestamp(row.last_modified);
      const written = await this.writeIndexed(async (db) => {
        const result = await db
          .updateTable('documents')
          .set({ title: changed.title, type: changed.type, year: changed.year, data: changed.data, last_modified: changed.last_modified })
          .where('id', '=', id)
          .where('last_modified', '=', row.last_modified)
          .where('trashed_at', 'is', null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1 ? changed : undefined;
      });
      if (written) return written;
    }
    throw preconditionFailed('Document is being changed by another request; try again');
  }

  async merge(row: DocumentsTable, fields: Record<string, unknown>): Promise<DocumentsTable> {
    const changed = applyPatch(row, fields);
    if (!changed) return row;
    changed.last_modified = nextTimestamp(row.last_modified);
    await this.writeIndexed(async (db) => {
      await db
        .updateTable('documents')
        .set({ title: changed.title, type: changed.type, year: changed.year, data: changed.data, last_modified: changed.last_modified })
        .where('id', '=', row.id)
        .execute();
      return changed;
    });
    return changed;
  }

  /** Moves a document to the trash; the tombstone tells sync clients it left the library. */
  async trash(row: DocumentsTable): Promise<void> {
    const now = nextTimestamp();
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('documents').set({ trashed_at: now }).where('id', '=', row.id).execute();
      await trx
        .insertInto('tombstones')
        .values({ kind: 'document', id: row.id, profile_id: row.profile_id, group_id: row.group_id, deleted_at: now })
        .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet({ deleted_at: now }))
        .execute();
      await followedBySearch(trx, { ...row, trashed_at: now });
    });
  }

  /** Back into the library, newer than any sync client's copy, so they fetch it again. */
  async restore(row: DocumentsTable): Promise<void> {
    const now = nextTimestamp(row.last_modified);
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('documents').set({ trashed_at: null, last_modified: now }).where('id', '=', row.id).execute();
      await trx.deleteFrom('tombstones').where('kind', '=', 'document').where('id', '=', row.id).execute();
      await followedBySearch(trx, { ...row, trashed_at: null, last_modified: now });
    });
  }

  /** Permanent deletion with everything hanging off the document, leaving tombstones for sync. */
  async destroy(row: DocumentsTable): Promise<void> {
    const now = nextTimestamp();
    const filehashes = await this.ctx.db.transaction().execute(async (trx) => {
      const files = await trx.selectFrom('files').select(['id', 'profile_id', 'group_id', 'filehash']).where('document_id', '=', row.id).execute();
      const annotations = await trx.selectFrom('annotations').select(['id', 'profile_id', 'group_id']).where('document_id', '=', row.id).execute();
      const tombstones = [
        ...files.map((f) => ({ kind: 'file', id: f.id, profile_id: f.profile_id, group_id: f.group_id, deleted_at: now })),
        ...annotations.map((a) => ({ kind: 'annotation', id: a.id, profile_id: a.profile_id, group_id: a.group_id, deleted_at: now })),
        { kind: 'document', id: row.id, profile_id: row.profile_id, group_id: row.group_id, deleted_at: now },
      ];
      await trx.deleteFrom('files').where('document_id', '=', row.id).execute();
      await trx.deleteFrom('annotations').where('document_id', '=', row.id).execute();
      await trx.deleteFrom('folder_documents').where('document_id', '=', row.id).execute();
      await trx.deleteFrom('documents').where('id', '=', row.id).execute();
      for (const tombstone of tombstones) {
        await trx
          .insertInto('tombstones')
          .values(tombstone)
          .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet({ deleted_at: now }))
          .execute();
      }
      return [...new Set(files.map((f) => f.filehash))];
    });
    // Bytes go only when nothing else references them (the files area decides).
    for (const hash of filehashes) await releaseBlob(this.ctx, hash);
  }
}

/** On PostgreSQL, indexes a document written in `db`'s transaction for search (SQLite's triggers do it there). */
async function followedBySearch(db: ServiceDb, row: DocumentsTable): Promise<void> {
  if (engineOf(db) === 'postgres') await indexDocumentsPostgres(db, [row]);
}

/** The row after a PATCH, or undefined when the patch changes nothing. */
function applyPatch(row: DocumentsTable, patch: Record<string, unknown>): DocumentsTable | undefined {
  const data = JSON.parse(row.data) as Record<string, unknown>;
  const next: DocumentsTable = { ...row };
  let touched = false;
  for (const [name, value] of Object.entries(patch)) {
    if ((SERVER_SET_FIELDS as readonly string[]).includes(name) || name === 'group_id') continue;
    touched = true;
    if (name === 'title') next.title = value as string;
    else if (name === 'type') next.type = value as string;
    else if (name === 'year') next.year = (value as number | null) ?? null;
    else if (value === null) delete data[name];
    else data[name] = normalise(name, value);
  }
  if (!touched) return undefined;
  next.data = JSON.stringify(data);
  return next;
}

const stores = new WeakMap<ServiceContext, DocumentStore>();

/** One store per service (prepared statements are made once). */
export function documentStore(ctx: ServiceContext): DocumentStore {
  let store = stores.get(ctx);
  if (!store) {
    store = new DocumentStore(ctx);
    stores.set(ctx, store);
  }
  return store;
}
