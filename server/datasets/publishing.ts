// Publishing turns the draft into a permanent, unchanging version: a frozen snapshot under
// the next sequential version number, with a DOI built from id and version. The draft goes on
// with version + 1, a new provisional DOI (derived from the new version) and a new access code.
import type { ServiceContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import type { Article, Contributor, DataLicence, PublishFieldError } from '../../shared/schemas/dataset.ts';
import type { DatasetDraftsTable } from './datasetTables.ts';
import { contentOf, laterThan } from './draftStore.ts';
import { fileJson, loadFileRows, type StoredFileRef } from './datasetFiles.ts';
import { licenceById } from './licences.ts';
import { doiFor, publicDoiStatus } from './doi.ts';
import { newAccessCode } from './accessCodes.ts';
import { nowOf } from './clock.ts';
import type { VersionInfo } from './versionList.ts';

/**
 * Status of a publish that lacks required fields. The spec does not show it; 400 is chosen
 * (the service's code for requests it will not carry out as sent), with
 * {message, field_errors: [{field, message}]}; a client's error type already reads it so.
 */
export const PUBLISH_VALIDATION_STATUS = 400;

/** The frozen content of one published version. Contributors are stored without e-mail. */
export interface VersionSnapshot {
  id: string;
  version: number;
  name: string;
  description: string;
  publish_date: string;
  doi: string;
  categories: { id: string; label: string }[];
  contributors?: Omit<Contributor, 'email'>[];
  data_licence?: DataLicence;
  articles?: Article[];
  embargo_date?: string;
  files: StoredFileRef[];
}

export function publishErrors(row: DatasetDraftsTable): PublishFieldError[] {
  const content = contentOf(row);
  const errors: PublishFieldError[] = [];
  if (!content.description?.trim()) errors.push({ field: 'description', message: 'A description is required to publish' });
  if (!content.categories?.length) errors.push({ field: 'categories', message: 'At least one category is required to publish' });
  if (!content.files.length) errors.push({ field: 'files', message: 'At least one file is required to publish' });
  return errors;
}

const norm = {
  doi: (doi: string) => doi.trim().toLowerCase(),
  issn: (issn: string) => issn.replace(/[\s-]/g, '').toUpperCase(),
};
export const normaliseDoi = norm.doi;
export const normaliseIssn = norm.issn;

const joined = (values: string[]) => (values.length ? `|${[...new Set(values)].join('|')}|` : '');

/** Publishes `row` (checked by publishErrors first) and returns the new version's snapshot. */
export async function publish(ctx: ServiceContext, row: DatasetDraftsTable): Promise<VersionSnapshot> {
  const errors = publishErrors(row);
  if (errors.length) {
    throw new HttpError(PUBLISH_VALIDATION_STATUS, `The draft cannot be published: ${errors.map((e) => e.field).join(', ')} missing`, { field_errors: errors });
  }
  const content = contentOf(row);
  const now = nowOf(ctx);
  const publishDate = now.toISOString();
  const embargo = content.embargo_date && Date.parse(content.embargo_date) > now.getTime() ? content.embargo_date : undefined;
  const snapshot: VersionSnapshot = {
    id: row.id,
    version: row.version,
    name: row.name,
    description: content.description!,
    publish_date: publishDate,
    doi: doiFor(row.id, row.version),
    categories: content.categories!,
    files: content.files,
  };
  if (content.contributors) snapshot.contributors = content.contributors.map(({ email: _email, ...rest }) => rest);
  if (content.data_licence_id) snapshot.data_licence = licenceById(content.data_licence_id) ?? { id: content.data_licence_id };
  if (content.articles) snapshot.articles = content.articles;
  if (embargo) snapshot.embargo_date = embargo;

  const articles = content.articles ?? [];
  const dois = joined(articles.flatMap((a) => (a.doi ? [norm.doi(a.doi)] : [])));
  const issns = joined(articles.flatMap((a) => (a.journal?.issn ? [norm.issn(a.journal.issn)] : [])));
  await ctx.db.transaction().execute(async (trx) => {
    // The version column guards against two publishes racing: only one moves the draft on.
    const moved = await trx
      .updateTable('dataset_drafts')
      .set({ version: row.version + 1, access_code: newAccessCode(), last_modified: laterThan(row.last_modified, now) })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new HttpError(409, 'The draft was published by another request at the same time; try again');
    await trx
      .insertInto('dataset_versions')
      .values({ dataset_id: row.id, version: row.version, publish_date: publishDate, embargo_date: embargo ?? null, snapshot: JSON.stringify(snapshot) })
      .execute();
    await trx
      .insertInto('published_datasets')
      .values({ id: row.id, latest_version: row.version, first_published: publishDate, article_dois: dois, issns })
      .onConflict((oc) => oc.column('id').doUpdateSet({ latest_version: row.version, article_dois: dois, issns }))
      .execute();
  });
  return snapshot;
}

export function isEmbargoed(snapshot: VersionSnapshot, now: Date): boolean {
  return Boolean(snapshot.embargo_date && Date.parse(snapshot.embargo_date) > now.getTime());
}

/** A public dataset; under embargo only its id, name, DOI and embargo date. */
export async function publicDatasetJson(ctx: ServiceContext, snapshot: VersionSnapshot, versions: VersionInfo[]): Promise<Record<string, unknown>> {
  const now = nowOf(ctx);
  const doi = { id: snapshot.doi, status: publicDoiStatus(snapshot.publish_date, now) };
  if (isEmbargoed(snapshot, now)) return { id: snapshot.id, name: snapshot.name, doi, embargo_date: snapshot.embargo_date };
  const rows = await loadFileRows(ctx, snapshot.files);
  const out: Record<string, unknown> = {
    id: snapshot.id,
    short_id: snapshot.id,
    version: snapshot.version,
    name: snapshot.name,
    description: snapshot.description,
    publish_date: snapshot.publish_date,
    files: snapshot.files.map((f) => fileJson(ctx, f, rows.get(f.file_id), { draft: false })),
    categories: snapshot.categories,
    doi,
    versions,
  };
  if (snapshot.contributors) out.contributors = snapshot.contributors;
  if (snapshot.data_licence) out.data_licence = snapshot.data_licence;
  if (snapshot.articles) out.articles = snapshot.articles;
  if (snapshot.embargo_date) out.embargo_date = snapshot.embargo_date; // an embargo that has passed
  return out;
}
