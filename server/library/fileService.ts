// Attaching bytes to documents and removing them again. Bytes live once per SHA-1 in the
// blob store; rows in `files` and `file_contents` reference them, and the bytes go only
// when the last reference does.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ServiceContext } from '../context.ts';
import type { StoredBlob } from '../storage/blobStore.ts';
import type { FilesTable } from '../storage/tables.ts';
import { assertWithinQuota } from './storageQuota.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { assertCanWriteItem } from './access.ts';
import type { AttachFile, AttachFileInput, AttachedFile } from './fileAttach.ts';
import { extensionOf, generateFileName, mimeForExtension } from './fileNames.ts';
import { nextTimestamp } from '../storage/timestamps.ts';

export interface WritableDocument {
  id: string;
  profile_id: string;
  group_id: string | null;
  title: string;
  year: number | null;
}

/** The document, when it exists, is not trashed and the caller may change it (else 404/403). */
export async function loadWritableDocument(ctx: ServiceContext, profileId: string, documentId: string): Promise<WritableDocument> {
  const document = await ctx.db
    .selectFrom('documents')
    .select(['id', 'profile_id', 'group_id', 'title', 'year', 'trashed_at'])
    .where('id', '=', documentId)
    .executeTakeFirst();
  if (!document || document.trashed_at) throw notFound('Document not found');
  await assertCanWriteItem(ctx.db, profileId, document, 'Document');
  return { id: document.id, profile_id: document.profile_id, group_id: document.group_id, title: document.title, year: document.year };
}

/** Sync clients notice file_attached changes through the document's last_modified. */
export async function touchDocument(ctx: ServiceContext, documentId: string): Promise<void> {
  const row = await ctx.db.selectFrom('documents').select('last_modified').where('id', '=', documentId).executeTakeFirst();
  await ctx.db.updateTable('documents').set({ last_modified: nextTimestamp(row?.last_modified) }).where('id', '=', documentId).execute();
}

/** Uploads often arrive as application/octet-stream; the client's file name tells more. */
export function effectiveMimeType(declared: string | undefined, clientFileName: string | undefined): string {
  const base = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  // Anything that is not type/subtype is served back as a Content-Type later: refuse it here.
  if (/^[a-z0-9][\w!#$&^.+-]*\/[a-z0-9][\w!#$&^.+-]*$/.test(base) && base !== 'application/octet-stream') return base;
  return mimeForExtension(extensionOf(clientFileName)) ?? 'application/octet-stream';
}

export interface StoredContent {
  sha1: string;
  size: number;
}

/**
 * Writes the files row for bytes already in the blob store. The caller holds a pin on the
 * blob (or a file_contents row references it) so that it cannot vanish meanwhile.
 */
export async function attachStoredContent(
  ctx: ServiceContext,
  document: WritableDocument,
  profileId: string,
  content: StoredContent,
  mimeType: string,
  clientFileName: string | undefined,
  id: string = randomUUID(),
): Promise<AttachedFile> {
  const row: FilesTable = {
    id,
    document_id: document.id,
    profile_id: profileId,
    group_id: document.group_id,
    filehash: content.sha1,
    file_name: generateFileName(document, clientFileName, mimeType),
    mime_type: mimeType,
    size: content.size,
    added: new Date().toISOString(),
  };
  await ctx.db.insertInto('files').values(row).execute();
  await touchDocument(ctx, document.id);
  return toAttachedFile(row);
}

export function toAttachedFile(row: FilesTable): AttachedFile {
  return {
    id: row.id,
    document_id: row.document_id,
    mime_type: row.mime_type,
    file_name: row.file_name,
    size: Number(row.size),
    filehash: row.filehash,
  };
}

/**
 * Stores uploaded bytes, pinned: the caller writes the row that references them and then
 * unpins. Empty uploads are refused (they are always a client mistake).
 */
export async function storeUpload(ctx: ServiceContext, body: Readable | Buffer, profileId: string, declaredLength = 0): Promise<StoredBlob> {
  const declared = Buffer.isBuffer(body) ? body.length : declaredLength;
  await assertWithinQuota(ctx, profileId, declared);
  const blob = await ctx.blobs.put(body, ctx.config.fileBodyLimit, { pin: true });
  const refuse = async (error: Error) => {
    ctx.blobs.unpin(blob.sha1);
    await releaseBlob(ctx, blob.sha1);
    throw error;
  };
  if (blob.size === 0) return refuse(badRequest('The file is empty; send its bytes as the request body'));
  if (!declared) {
    try {
      await assertWithinQuota(ctx, profileId, blob.size);
    } catch (error) {
      return refuse(error as Error);
    }
  }
  return blob;
}

/**
 * Stores the bytes and attaches them to the document (POST /files, POST /documents with
 * bytes). The document's own library decides the file's group (input.groupId is not trusted).
 * Call it after the document row is committed, not inside a transaction: it reads the
 * document through ctx.db.
 */
export const attachFile: AttachFile = async (ctx: ServiceContext, input: AttachFileInput): Promise<AttachedFile> => {
  const document = await loadWritableDocument(ctx, input.profileId, input.documentId);
  const mimeType = effectiveMimeType(input.mimeType, input.clientFileName);
  const blob = await storeUpload(ctx, input.body, input.profileId);
  try {
    const attached = await attachStoredContent(ctx, document, input.profileId, blob, mimeType, input.clientFileName, input.id);
    ctx.blobs.unpin(blob.sha1);
    return attached;
  } catch (err) {
    ctx.blobs.unpin(blob.sha1);
    await releaseBlob(ctx, blob.sha1);
    throw err;
  }
};

/** Removes the bytes when no files, file_contents or dataset_files row references them any more. */
export async function releaseBlob(ctx: ServiceContext, sha1: string): Promise<void> {
  const inFiles = await ctx.db.selectFrom('files').select('id').where('filehash', '=', sha1).limit(1).executeTakeFirst();
  if (inFiles) return;
  const inContents = await ctx.db.selectFrom('file_contents').select('id').where('sha1', '=', sha1).limit(1).executeTakeFirst();
  if (inContents) return;
  const inDatasets = await ctx.db.selectFrom('dataset_files').select('id').where('sha1', '=', sha1).limit(1).executeTakeFirst();
  if (inDatasets) return;
  await ctx.blobs.removeIfUnpinned(sha1);
}

/** Deletes a file row, leaves a tombstone for sync clients, and frees unreferenced bytes. */
export async function deleteFile(ctx: ServiceContext, file: FilesTable): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    // Later than the document's last change, wherever that was stamped (another instance's clock may run ahead).
    const doc = await trx.selectFrom('documents').select('last_modified').where('id', '=', file.document_id).executeTakeFirst();
    const now = nextTimestamp(doc?.last_modified);
    await trx.deleteFrom('files').where('id', '=', file.id).execute();
    await trx
      .insertInto('tombstones')
      .values({ kind: 'file', id: file.id, profile_id: file.profile_id, group_id: file.group_id, deleted_at: now })
      .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet({ deleted_at: now }))
      .execute();
    await trx.updateTable('documents').set({ last_modified: now }).where('id', '=', file.document_id).execute();
  });
  await releaseBlob(ctx, file.filehash);
}

/** Deletes every file of a document (for permanent document deletion). */
export async function deleteFilesOfDocument(ctx: ServiceContext, documentId: string): Promise<void> {
  const files = await ctx.db.selectFrom('files').selectAll().where('document_id', '=', documentId).execute();
  for (const file of files) await deleteFile(ctx, file);
}
