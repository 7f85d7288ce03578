// Research datasets: public (published, unchanging) versions, private drafts, their files and
// metadata, the creation and patch requests, and the publish validation error.
// The spec shows no bounds on dataset field lengths: every length bound here is chosen.
import { Type, type Static } from 'typebox';
import { IsoTimestamp, Nullable } from './common.ts';
import { EmailAddress } from './group.ts';

const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });

export const DATASET_CATEGORY_LABELS = [
  'Applied Sciences', 'Arts and Humanities', 'Health Sciences', 'Mathematics', 'Natural Sciences', 'Social Sciences',
] as const;
export type DatasetCategoryLabel = (typeof DATASET_CATEGORY_LABELS)[number];

/** Category ids are vocabulary URIs; the spec shows only the labels, so these URIs are chosen here. */
export const DATASET_CATEGORIES: readonly { id: string; label: DatasetCategoryLabel }[] = DATASET_CATEGORY_LABELS.map(
  (label) => ({ id: `urn:refshelf:dataset-category:${label.toLowerCase().replace(/\s+/g, '-')}`, label }),
);

export const CONTENT_STATUSES = ['claimed', 'unclaimed', 'not_uploaded'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const DOI_STATUSES = ['requested', 'allocated', 'reserved'] as const;
export type DoiStatus = (typeof DOI_STATUSES)[number];
/** Public datasets carry requested or allocated; drafts carry reserved. */
export const PUBLIC_DOI_STATUSES = ['requested', 'allocated'] as const satisfies readonly DoiStatus[];

export const DRAFT_ROLES = ['owner', 'author', 'collaborator'] as const;
export type DraftRole = (typeof DRAFT_ROLES)[number];

export const DRAFT_PERMISSIONS = ['Read', 'ReadAccessCode', 'ReadAuthorEmailAddresses', 'ReadCollaborators', 'Update', 'Publish'] as const;
export type DraftPermission = (typeof DRAFT_PERMISSIONS)[number];

/** A draft created under a submission lists these names instead. */
export const SUBMISSION_DRAFT_PERMISSIONS = [
  'read_dataset', 'read_view_token', 'read_contributor_email_addresses', 'update_dataset', 'publish_dataset', 'delete_draft',
] as const;
export type SubmissionDraftPermission = (typeof SUBMISSION_DRAFT_PERMISSIONS)[number];

export const DatasetName = Type.String({ minLength: 1, maxLength: 255 }); // bound chosen here: spec shows none
export const DatasetDescription = Type.String({ maxLength: 20000 }); // bound chosen here: spec shows none
const ShortText = Type.String({ maxLength: 255 }); // bound chosen here: spec shows none
const Url = Type.String({ maxLength: 2000 }); // bound chosen here: spec shows none
const Id = Type.String({ minLength: 1, maxLength: 255 }); // bound chosen here: spec shows none
const FileName = Type.String({ minLength: 1, maxLength: 255 }); // bound chosen here: spec shows none
const FileDescription = Type.String({ maxLength: 2000 }); // bound chosen here: spec shows none

export const ContentDetails = Type.Object({
  id: Id,
  sha256_hash: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$' })),
  /** Shown on drafts. */
  sha1_hash: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{40}$' })),
  content_type: Type.Optional(ShortText),
  size: Type.Optional(Type.Number({ minimum: 0 })),
  created_date: Type.Optional(IsoTimestamp),
  status: Type.Optional(oneOf(CONTENT_STATUSES)),
  /** Served with attachment disposition using the file's filename. */
  download_url: Type.Optional(Type.String()),
  download_expiry_time: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  /** Served inline. */
  view_url: Type.Optional(Type.String()),
});
export type ContentDetails = Static<typeof ContentDetails>;

export const DatasetFile = Type.Object({
  filename: FileName,
  /** Friendly name. */
  name: Type.Optional(ShortText),
  description: Type.Optional(FileDescription),
  content_details: ContentDetails,
});
export type DatasetFile = Static<typeof DatasetFile>;

/** The flatter shape a draft file listing may show instead. */
export const DraftFileListItem = Type.Object({
  id: Id,
  filename: FileName,
  name: Type.Optional(ShortText),
  file_size: Type.Optional(Type.Number({ minimum: 0 })),
  hash: Type.Optional(Type.String()),
  last_modification_date: Type.Optional(IsoTimestamp),
  mime_type: Type.Optional(ShortText),
  created_date: Type.Optional(IsoTimestamp),
});
export type DraftFileListItem = Static<typeof DraftFileListItem>;

/** A file in a creation or patch request: the content was uploaded to /file_contents first. */
export const DatasetFileInput = Type.Object({
  filename: FileName,
  name: Type.Optional(ShortText),
  description: Type.Optional(FileDescription),
  content_details: Type.Object({ id: Id }),
});
export type DatasetFileInput = Static<typeof DatasetFileInput>;

export const DatasetCategory = Type.Object({
  id: Type.Optional(Url),
  label: oneOf(DATASET_CATEGORY_LABELS),
});
export type DatasetCategory = Static<typeof DatasetCategory>;

export const ContributorInstitution = Type.Object({
  id: Type.Optional(Id),
  name: ShortText,
});

export const Contributor = Type.Object({
  /** Profile id, when the contributor has one. */
  id: Type.Optional(Id),
  first_name: Type.Optional(ShortText),
  last_name: Type.Optional(ShortText),
  /** Omitted in public datasets. */
  email: Type.Optional(EmailAddress),
  contribution: Type.Optional(Type.String({ maxLength: 1000 })), // bound chosen here: spec shows none
  institution: Type.Optional(ContributorInstitution),
  corresponding_author: Type.Optional(Type.Boolean()),
});
export type Contributor = Static<typeof Contributor>;

export const Doi = Type.Object({
  id: Type.String(),
  status: oneOf(DOI_STATUSES),
});
export type Doi = Static<typeof Doi>;

export const DatasetVersion = Type.Object({
  version: Type.Union([Type.String(), Type.Integer({ minimum: 1 })]),
  /** Absent on draft listings. */
  publish_date: Type.Optional(IsoTimestamp),
  available: Type.Optional(Type.Boolean()),
});
export type DatasetVersion = Static<typeof DatasetVersion>;

export const DataLicence = Type.Object({
  id: Id,
  short_name: Type.Optional(ShortText),
  full_name: Type.Optional(ShortText),
  description: Type.Optional(Type.String()),
  url: Type.Optional(Url),
});
export type DataLicence = Static<typeof DataLicence>;

export const Journal = Type.Object({
  id: Id,
  name: Type.Optional(ShortText),
  url: Type.Optional(Url),
  logo_url: Type.Optional(Url),
  /** Lets GET /datasets?issn= find the datasets of a journal's articles (added here: the spec shows no field for it). */
  issn: Type.Optional(Type.String({ maxLength: 20 })),
});
export type Journal = Static<typeof Journal>;

export const Article = Type.Object({
  id: Type.Optional(Id),
  title: Type.Optional(Type.String({ maxLength: 500 })), // bound chosen here: same as a document title
  doi: Type.Optional(ShortText),
  journal_id: Type.Optional(Id),
  /** The article's journal (added here so that the issn filter has something to match). */
  journal: Type.Optional(Journal),
});
export type Article = Static<typeof Article>;


const DatasetVersionNumber = Type.Integer({ minimum: 1 });
const ListOf = <T extends Parameters<typeof Type.Array>[0]>(item: T, maxItems: number) => Type.Array(item, { maxItems });

/** Fields shared by public datasets and drafts. Only id is always present (lists trim to chosen fields). */
const datasetFields = {
  id: Id,
  /** An example also carries it. */
  short_id: Type.Optional(Type.String()),
  version: Type.Optional(DatasetVersionNumber),
  name: Type.Optional(DatasetName),
  description: Type.Optional(DatasetDescription),
  files: Type.Optional(ListOf(DatasetFile, 10000)), // bound chosen here: spec shows none
  categories: Type.Optional(ListOf(DatasetCategory, DATASET_CATEGORY_LABELS.length)),
  contributors: Type.Optional(ListOf(Contributor, 1000)), // bound chosen here: spec shows none
  doi: Type.Optional(Doi),
  versions: Type.Optional(Type.Array(DatasetVersion)),
  data_licence: Type.Optional(DataLicence),
  articles: Type.Optional(ListOf(Article, 100)), // bound chosen here: spec shows none
  collaborators: Type.Optional(Type.Array(Type.Unknown())),
  embargo_date: Type.Optional(IsoTimestamp),
};

export const PublicDataset = Type.Object({
  ...datasetFields,
  publish_date: Type.Optional(IsoTimestamp),
});
export type PublicDataset = Static<typeof PublicDataset>;

/** GET /datasets answers a paged object holding the datasets under results. */
export const PublicDatasetList = Type.Object({ results: Type.Array(PublicDataset) });
export type PublicDatasetList = Static<typeof PublicDatasetList>;

export const DraftDataset = Type.Object({
  ...datasetFields,
  owner_id: Type.Optional(Type.String()),
  /** Spelled so in the spec; a response also shows created_date. */
  created_data: Type.Optional(IsoTimestamp),
  created_date: Type.Optional(IsoTimestamp),
  last_modification_date: Type.Optional(IsoTimestamp),
  access_code: Type.Optional(Type.String()),
  permissions: Type.Optional(Type.Array(oneOf([...DRAFT_PERMISSIONS, ...SUBMISSION_DRAFT_PERMISSIONS]))),
  roles: Type.Optional(Type.Array(oneOf(DRAFT_ROLES))),
  all_versions: Type.Optional(Type.Array(DatasetVersion)),
  // Drafts created under a submission also show these.
  view_token: Type.Optional(Type.String()),
  related_links: Type.Optional(Type.Array(Type.Unknown())),
  owner: Type.Optional(Type.Object({ email: Type.Optional(Type.String()) })),
  institutions: Type.Optional(Type.Array(ContributorInstitution)),
});
export type DraftDataset = Static<typeof DraftDataset>;

/** Fields a creation or patch request may replace. */
const editableFields = {
  description: DatasetDescription,
  categories: ListOf(DatasetCategory, DATASET_CATEGORY_LABELS.length),
  contributors: ListOf(Contributor, 1000), // bound chosen here: spec shows none
  data_licence: Type.Object({ id: Id }),
  embargo_date: IsoTimestamp,
  files: ListOf(DatasetFileInput, 10000), // bound chosen here: spec shows none
  articles: ListOf(Article, 100), // bound chosen here: spec shows none
} as const;

/** POST /datasets/drafts body: name is the only required field. */
export const DatasetCreationRequest = Type.Object({
  name: DatasetName,
  description: Type.Optional(editableFields.description),
  categories: Type.Optional(editableFields.categories),
  contributors: Type.Optional(editableFields.contributors),
  data_licence: Type.Optional(editableFields.data_licence),
  embargo_date: Type.Optional(editableFields.embargo_date),
  files: Type.Optional(editableFields.files),
  articles: Type.Optional(editableFields.articles),
});
export type DatasetCreationRequest = Static<typeof DatasetCreationRequest>;

/**
 * PATCH /datasets/drafts/{id}, usual form: replacement values, several fields and files at once;
 * null clears an optional field. The single-file fields are refused here so that a body is
 * either this form or the single-file form, never ambiguous.
 */
export const DatasetFieldsPatch = Type.Object({
  name: Type.Optional(DatasetName),
  description: Type.Optional(Nullable(editableFields.description)),
  categories: Type.Optional(editableFields.categories),
  contributors: Type.Optional(editableFields.contributors),
  data_licence: Type.Optional(Nullable(editableFields.data_licence)),
  embargo_date: Type.Optional(Nullable(editableFields.embargo_date)),
  files: Type.Optional(editableFields.files),
  articles: Type.Optional(editableFields.articles),
  filename: Type.Optional(Type.Never()),
  content_details: Type.Optional(Type.Never()),
});
export type DatasetFieldsPatch = Static<typeof DatasetFieldsPatch>;

/** PATCH reference form: one file at the top level of the body; description is the file's. */
export const DatasetSingleFilePatch = DatasetFileInput;
export type DatasetSingleFilePatch = DatasetFileInput;

export const DatasetPatch = Type.Union([DatasetSingleFilePatch, DatasetFieldsPatch]);
export type DatasetPatch = DatasetSingleFilePatch | DatasetFieldsPatch;

export function isSingleFilePatch(body: DatasetPatch | Record<string, unknown>): body is DatasetSingleFilePatch {
  return typeof body === 'object' && body !== null && 'content_details' in body;
}

/** POST /datasets/drafts/{id} (publish) may carry a draft-shaped body, applied before publishing. */
export const DatasetPublishRequest = DatasetFieldsPatch;
export type DatasetPublishRequest = DatasetFieldsPatch;

/** Fields the spec names as needed for publishing ("among others"). */
export const PUBLISH_REQUIRED_FIELDS = ['description', 'categories', 'files'] as const;

export const PublishFieldError = Type.Object({ field: Type.String(), message: Type.String() });
export type PublishFieldError = Static<typeof PublishFieldError>;

export const PublishValidationError = Type.Object({
  message: Type.String(),
  field_errors: Type.Array(PublishFieldError),
});
export type PublishValidationError = Static<typeof PublishValidationError>;

const ListLimit = Type.Integer({ minimum: 1, maximum: 500, default: 20 });
const Order = oneOf(['asc', 'desc'] as const);
/** Comma-separated field paths (public lists prefix them with results.). */
const FieldsParam = Type.String({ maxLength: 2000 }); // bound chosen here: spec shows none

export const DatasetListQuery = Type.Object({
  /** URL-escaped DOI of an article. */
  article_doi: Type.Optional(ShortText),
  issn: Type.Optional(Type.String({ maxLength: 20 })), // bound chosen here: spec shows none
  limit: Type.Optional(ListLimit),
  order: Type.Optional(Order),
  fields: Type.Optional(FieldsParam),
});
export type DatasetListQuery = Static<typeof DatasetListQuery>;

export const DatasetGetQuery = Type.Object({ version: Type.Optional(DatasetVersionNumber) });
export type DatasetGetQuery = Static<typeof DatasetGetQuery>;

export const DraftListQuery = Type.Object({
  /** Comma list of owner, author, collaborator. */
  roles: Type.Optional(Type.String({ pattern: `^(${DRAFT_ROLES.join('|')})(,(${DRAFT_ROLES.join('|')}))*$` })),
  limit: Type.Optional(ListLimit),
  order: Type.Optional(Order),
  fields: Type.Optional(FieldsParam),
});
export type DraftListQuery = Static<typeof DraftListQuery>;

export const DraftGetQuery = Type.Object({ access_code: Type.Optional(Type.String({ maxLength: 255 })) });
export type DraftGetQuery = Static<typeof DraftGetQuery>;
