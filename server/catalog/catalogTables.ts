// Row types of the catalog's tables (migration 0005), joined to Kysely's Database type by
// module augmentation so that storage/tables.ts stays the foundation's.
import type { Generated } from 'kysely';

export interface CatalogDocumentsTable {
  /** Row number (given by the database); also the rowid of the document in the search index. */
  seq: Generated<number>;
  /** Public id (UUID). */
  id: string;
  title: string;
  type: string;
  year: number | null;
  open_access: number;
  /** 1 when some metadata came from an import rather than a user library. */
  imported: number;
  /** Normalised title + year + first author's last name: the fallback duplicate test. */
  match_key: string;
  /** Normalised title alone, for the metadata lookup. */
  title_key: string;
  data: string; // JSON: the catalog fields other than title, type and year
  created: string;
  last_modified: string;
}

export interface CatalogIdentifiersTable {
  kind: string; // doi, pmid, arxiv, isbn, issn, scopus, ssrn
  value: string; // normalised (see dedupe.ts)
  catalog_seq: number;
}

/** Which library document feeds which catalog document; catalog_seq is null when none (hidden, trashed). */
export interface CatalogSourcesTable {
  document_id: string;
  catalog_seq: number | null;
  /** The library document's last_modified when it was last mapped: unchanged documents are skipped. */
  document_last_modified: string;
}

/** The imported record behind a catalog document (migration 202611240653), shaped as its row. */
export interface CatalogAuthoritiesTable {
  catalog_seq: number;
  title: string;
  type: string;
  year: number | null;
  data: string;
}

/** What a public metadata service answered for an identifier (migration 202611240340, server/metadata/). */
export interface IdentifierResolutionsTable {
  kind: string;
  value: string;
  outcome: 'found' | 'not_found';
  catalog_id: string | null;
  resolved_at: string;
}

declare module '../storage/tables.ts' {
  interface Database {
    catalog_documents: CatalogDocumentsTable;
    catalog_identifiers: CatalogIdentifiersTable;
    catalog_sources: CatalogSourcesTable;
    catalog_authorities: CatalogAuthoritiesTable;
    identifier_resolutions: IdentifierResolutionsTable;
  }
}
