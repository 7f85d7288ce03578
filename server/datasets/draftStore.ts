// Drafts: the stored content, creating and patching it, and its JSON for a given caller.
import type { ServiceContext } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import {
  DATASET_CATEGORIES, type Article, type Contributor, type DatasetCategory, type DatasetCreationRequest,
  type DatasetFieldsPatch, type DatasetFileInput,
} from '../../shared/schemas/dataset.ts';
import type { DatasetDraftsTable } from './datasetTables.ts';
import { attachFiles, fileJson, loadFileRows, type StoredFileRef } from './datasetFiles.ts';
import { licenceById } from './licences.ts';
import { doiFor } from './doi.ts';
import { nowOf } from './clock.ts';
import type { DraftAccess } from './draftAccess.ts';
import { versionsOf } from './versionList.ts';

/** What a draft holds besides the columns of its row. */
export interface DraftContent {
  description?: string;
  categories?: { id: string; label: string }[];
  contributors?: Contributor[];
  data_licence_id?: string;
  articles?: Article[];
  embargo_date?: string;
  files: StoredFileRef[];
}

export function contentOf(row: DatasetDraftsTable): DraftContent {
  const parsed = JSON.parse(row.data) as DraftContent;
  return { ...parsed, files: parsed.files ?? [] };
}

export async function loadDraft(ctx: ServiceContext, id: string): Promise<DatasetDraftsTable> {
  const row = await ctx.db.selectFrom('dataset_drafts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Draft dataset not found');
  return row;
}

/** Canonical ids for the six categories; duplicates collapse. */
function normaliseCategories(categories: DatasetCategory[]): { id: string; label: string }[] {
  const labels = new Set(categories.map((c) => c.label));
  return DATASET_CATEGORIES.filter((c) => labels.has(c.label)).map((c) => ({ id: c.id, label: c.label }));
}

function normaliseTimestamp(value: string, field: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw badRequest(`${field} is not a valid date`);
  return new Date(time).toISOString();
}

/**
 * Applies replacement values to `content` (in place). `files` replaces the whole file list;
 * null clears description, data_licence and embargo_date. An embargo date in the past removes
 * the embargo, as the lifecycle says.
 */
export async function applyFields(
  ctx: ServiceContext,
  datasetId: string,
  profileId: string | null,
  content: DraftContent,
  patch: DatasetFieldsPatch | DatasetCreationRequest,
): Promise<void> {
  if (patch.description !== undefined) {
    if (patch.description === null) delete content.description;
    else content.description = patch.description;
  }
  if (patch.categories !== undefined) content.categories = normaliseCategories(patch.categories);
  if (patch.contributors !== undefined) content.contributors = patch.contributors;
  if (patch.articles !== undefined) content.articles = patch.articles;
  if (patch.data_licence !== undefined) {
    if (patch.data_licence === null) delete content.data_licence_id;
    else {
      if (!licenceById(patch.data_licence.id)) throw badRequest(`data_licence.id "${patch.data_licence.id}" is not one of GET /datasets/licences`);
      content.data_licence_id = patch.data_licence.id;
    }
  }
  if (patch.embargo_date !== undefined) {
    const when = patch.embargo_date === null ? undefined : normaliseTimestamp(patch.embargo_date, 'embargo_date');
    if (when && Date.parse(when) > nowOf(ctx).getTime()) content.embargo_date = when;
    else delete content.embargo_date;
  }
  if (patch.files !== undefined) content.files = await attachFiles(ctx, datasetId, profileId, patch.files);
}

/** The reference client's form: one file at the top level; it is added (or replaces the entry with the same content). */
export async function addSingleFile(ctx: ServiceContext, datasetId: string, profileId: string | null, content: DraftContent, input: DatasetFileInput): Promise<void> {
  const [ref] = await attachFiles(ctx, datasetId, profileId, [input]);
  const rows = await loadFileRows(ctx, content.files);
  const kept = content.files.filter((f) => rows.get(f.file_id)?.content_id !== input.content_details.id);
  content.files = [...kept, ref!];
}

export async function saveContent(ctx: ServiceContext, row: DatasetDraftsTable, content: DraftContent, name?: string): Promise<DatasetDraftsTable> {
  const updated: DatasetDraftsTable = {
    ...row,
    name: name ?? row.name,
    data: JSON.stringify(content),
    last_modified: laterThan(row.last_modified, nowOf(ctx)),
  };
  await ctx.db.updateTable('dataset_drafts').set({ name: updated.name, data: updated.data, last_modified: updated.last_modified }).where('id', '=', row.id).execute();
  return updated;
}

/** A modification time that always moves forward, even within one millisecond. */
export function laterThan(previous: string, now: Date): string {
  const prev = Date.parse(previous);
  return new Date(Math.max(now.getTime(), prev + 1)).toISOString();
}

/** The draft as `access` may see it. */
export async function draftJson(ctx: ServiceContext, row: DatasetDraftsTable, access: DraftAccess): Promise<Record<string, unknown>> {
  const content = contentOf(row);
  const rows = await loadFileRows(ctx, content.files);
  const versions = await versionsOf(ctx, row.id);
  const out: Record<string, unknown> = {
    id: row.id,
    name: row.name,
    version: row.version,
    doi: { id: doiFor(row.id, row.version), status: 'reserved' },
  };
  if (content.description !== undefined) out.description = content.description;
  out.files = content.files.map((f) => fileJson(ctx, f, rows.get(f.file_id), { draft: true }));
  if (content.categories) out.categories = content.categories;
  if (content.contributors) {
    out.contributors = access.permissions.includes('ReadAuthorEmailAddresses') || access.permissions.includes('read_contributor_email_addresses')
      ? content.contributors
      : content.contributors.map(({ email: _email, ...rest }) => rest);
  }
  if (content.data_licence_id) out.data_licence = licenceById(content.data_licence_id) ?? { id: content.data_licence_id };
  if (content.articles) out.articles = content.articles;
  if (content.embargo_date) out.embargo_date = content.embargo_date;
  out.versions = versions;
  out.all_versions = [...versions, { version: row.version, available: false }];
  if (row.owner_id) out.owner_id = row.owner_id;
  out.created_date = row.created;
  out.created_data = row.created; // the spec's spelling, kept for clients that read it
  out.last_modification_date = row.last_modified;
  if (access.level === 'full') out.access_code = row.access_code;
  out.permissions = access.permissions;
  out.roles = access.roles;
  out.collaborators = [];
  if (row.submission_system && row.submission_id) {
    if (access.level === 'full') out.view_token = row.access_code;
    out.related_links = [{ rel: 'submission', system: row.submission_system, id: row.submission_id }];
    if (row.author_email) out.owner = { email: row.author_email };
    const institutions = new Map<string, { id?: string; name: string }>();
    for (const c of content.contributors ?? []) if (c.institution) institutions.set(c.institution.id ?? c.institution.name, c.institution);
    out.institutions = [...institutions.values()];
  }
  return out;
}
