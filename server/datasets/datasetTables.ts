// Row types of the tables the datasets area adds (migration 0004), joined to Kysely's
// Database type by module augmentation so that storage/tables.ts stays the foundation's.

/** The editable draft of a dataset; one per dataset. Deleting it leaves published versions. */
export interface DatasetDraftsTable {
  id: string;
  /** Null for a draft a submission system created for an author without an account. */
  owner_id: string | null;
  name: string;
  /** The version number the draft gets when it is published. */
  version: number;
  access_code: string;
  created: string;
  last_modified: string;
  /** Set while the draft is linked to an article submission. */
  submission_system: string | null;
  submission_id: string | null;
  /** Lower-cased e-mail of the linked submission's author (gives the author role). */
  author_email: string | null;
  data: string; // JSON: DraftContent
}

/** Immutable: one row per file ever attached, so published snapshots can point at them. */
export interface DatasetFilesTable {
  id: string;
  dataset_id: string;
  content_id: string;
  sha1: string;
  sha256: string;
  size: number;
  mime_type: string;
  filename: string;
  /** When the bytes were uploaded (the content ticket's creation). */
  content_created: string;
  created: string;
}

/** One row per published version: a frozen snapshot, never updated. */
export interface DatasetVersionsTable {
  dataset_id: string;
  version: number;
  publish_date: string;
  embargo_date: string | null;
  snapshot: string; // JSON: VersionSnapshot
}

/** Index of datasets with at least one published version, for GET /datasets. */
export interface PublishedDatasetsTable {
  id: string;
  latest_version: number;
  first_published: string;
  /** `|doi|doi|` of the latest version's articles, lower-cased, for exact lookup. */
  article_dois: string;
  /** `|issn|issn|` of the latest version's journals, normalised (no hyphen, upper case). */
  issns: string;
}

/** Which client application speaks for a submission system (recorded on first use). */
export interface SubmissionSystemsTable {
  name: string;
  client_id: string;
  created: string;
}

export interface SubmissionsTable {
  system: string;
  id: string;
  owner_email: string;
  submission_data: string; // JSON object
  submission_token: string;
  created: string;
  last_modified: string;
}

declare module '../storage/tables.ts' {
  interface Database {
    dataset_drafts: DatasetDraftsTable;
    dataset_files: DatasetFilesTable;
    dataset_versions: DatasetVersionsTable;
    published_datasets: PublishedDatasetsTable;
    submission_systems: SubmissionSystemsTable;
    submissions: SubmissionsTable;
  }
}
