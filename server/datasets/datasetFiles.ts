// Files of datasets. A file is attached by naming a content ticket (POST /file_contents);
// each attachment becomes an immutable dataset_files row that drafts and published
// snapshots point at, so a published version keeps its files whatever the draft does later.
import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { signedDownloadPath, type Disposition } from '../library/signedUrls.ts';
import type { DatasetFileInput } from '../../shared/schemas/dataset.ts';
import type { DatasetFilesTable } from './datasetTables.ts';
import { nowOf } from './clock.ts';

/** A file as a draft or a snapshot stores it: the row plus the per-dataset labels. */
export interface StoredFileRef {
  file_id: string;
  filename: string;
  name?: string;
  description?: string;
}

export const DATASET_DOWNLOAD_PREFIX = '/downloads/dataset-files/';

/** Grants of dataset files are namespaced so a library file's signature never opens one (and back). */
export const grantIdOf = (fileId: string) => `dataset-file:${fileId}`;

/** Makes rows for files being attached; each ticket must exist and belong to `profileId`. */
export async function attachFiles(
  ctx: ServiceContext,
  datasetId: string,
  profileId: string | null,
  inputs: DatasetFileInput[],
): Promise<StoredFileRef[]> {
  if (!inputs.length) return [];
  if (!profileId) throw badRequest('Files are attached by the user who uploaded them; this token acts for no user');
  const ids = [...new Set(inputs.map((f) => f.content_details.id))];
  const tickets = await ctx.db.selectFrom('file_contents').selectAll().where('id', 'in', ids).where('profile_id', '=', profileId).execute();
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const now = nowOf(ctx).toISOString();
  const rows: DatasetFilesTable[] = [];
  const refs: StoredFileRef[] = [];
  inputs.forEach((input, index) => {
    const ticket = byId.get(input.content_details.id);
    if (!ticket) {
      throw badRequest(`files[${index}].content_details.id "${input.content_details.id}" is not a content id you uploaded to /file_contents`);
    }
    const row: DatasetFilesTable = {
      id: randomUUID(),
      dataset_id: datasetId,
      content_id: ticket.id,
      sha1: ticket.sha1,
      sha256: ticket.sha256,
      size: Number(ticket.size),
      mime_type: ticket.mime_type,
      filename: input.filename,
      content_created: ticket.created,
      created: now,
    };
    rows.push(row);
    refs.push(withoutUndefined({ file_id: row.id, filename: input.filename, name: input.name, description: input.description }));
  });
  await ctx.db.insertInto('dataset_files').values(rows).execute();
  return refs;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** A dataset file's row, and whether its bytes are in the blob store. */
export type LoadedFileRow = DatasetFilesTable & { uploaded: boolean };

export async function loadFileRows(ctx: ServiceContext, refs: StoredFileRef[]): Promise<Map<string, LoadedFileRow>> {
  if (!refs.length) return new Map();
  const rows = await ctx.db.selectFrom('dataset_files').selectAll().where('id', 'in', refs.map((r) => r.file_id)).execute();
  const loaded = await Promise.all(rows.map(async (r) => ({ ...r, uploaded: await ctx.blobs.exists(r.sha1) })));
  return new Map(loaded.map((r) => [r.id, r]));
}

function signedUrl(ctx: ServiceContext, fileId: string, expires: number, disposition: Disposition): string {
  // The library's signing helper makes the signature; only the path differs.
  const query = signedDownloadPath(ctx.signingKey, { fileId: grantIdOf(fileId), expires, disposition }).split('?')[1];
  return ctx.url(`${DATASET_DOWNLOAD_PREFIX}${encodeURIComponent(fileId)}?${query}`);
}

/** The spec's Dataset File with content details and fresh signed URLs. */
export function fileJson(
  ctx: ServiceContext,
  ref: StoredFileRef,
  row: LoadedFileRow | undefined,
  options: { draft: boolean },
): Record<string, unknown> {
  const file: Record<string, unknown> = { filename: ref.filename };
  if (ref.name !== undefined) file.name = ref.name;
  if (ref.description !== undefined) file.description = ref.description;
  if (!row) {
    file.content_details = { id: ref.file_id, status: 'not_uploaded' };
    return file;
  }
  const uploaded = row.uploaded;
  const details: Record<string, unknown> = { id: row.content_id, sha256_hash: row.sha256 };
  if (options.draft) details.sha1_hash = row.sha1;
  details.content_type = row.mime_type;
  details.size = Number(row.size);
  details.created_date = row.content_created;
  // Attached to a dataset the content is claimed; bytes that are gone were never (or no longer) uploaded.
  details.status = uploaded ? 'claimed' : 'not_uploaded';
  if (uploaded) {
    const now = nowOf(ctx);
    const expires = Math.floor(now.getTime() / 1000) + ctx.config.downloadUrlLifetimeSeconds;
    details.download_url = signedUrl(ctx, row.id, expires, 'attachment');
    details.download_expiry_time = new Date(expires * 1000).toISOString();
    details.view_url = signedUrl(ctx, row.id, expires, 'inline');
  }
  file.content_details = details;
  return file;
}
