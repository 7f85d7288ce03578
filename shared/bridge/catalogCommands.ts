// Online commands of the catalog search and the research datasets: each one calls the
// service as the signed-in account, so offline they fail with 'network' (no answer) or
// 'service' (an error answer), and signed out with 'signed_out'. catalog.inLibrary alone
// reads only the replica.
import type { CatalogDocument } from '../schemas/catalog.ts';
import type { DataLicence, DatasetFieldsPatch, DraftDataset, PublicDataset, PublishFieldError } from '../schemas/dataset.ts';
import type { LibraryDocument, LibraryFile } from './libraryTypes.ts';

interface Command<Req, Res> {
  request: Req;
  response: Res;
}

/** Simple search (query) or advanced search (any of the fields); years and open access filter both. */
export interface CatalogSearchRequest {
  query?: string;
  title?: string;
  author?: string;
  source?: string;
  abstract?: string;
  minYear?: number;
  maxYear?: number;
  openAccess?: boolean;
  /** Page size: 10 by default, 100 at most. */
  limit?: number;
}

export interface CatalogSearchPage {
  /** Results with reader statistics (the stats view). */
  items: CatalogDocument[];
  /** Every match; only the first page knows it. */
  total?: number;
  /** Opaque: pass it back as { next } for the following page. */
  next?: string;
}

export interface CatalogAddResult {
  /** The new document, or the one that held the record already. */
  document: LibraryDocument;
  /** The catalog's open-access file, fetched and attached now, when it has one. */
  file?: LibraryFile;
  /**
   * The personal library held the record already (added from it before, or a document with
   * the same DOI, PMID, arXiv id or ISBN): nothing new was created. Its open-access file is
   * attached only when the document had no file.
   */
  alreadyInLibrary?: boolean;
  /** Why the open-access file could not be fetched (offline, a failed download); the document stays, without it. */
  fileError?: string;
}

/** What the core needs to tell whether the library holds a catalog document. */
export interface CatalogRecordRef {
  id: string;
  type?: string;
  identifiers?: Partial<Record<string, string>>;
}

/** One published version of a dataset and its DOI. */
export interface DatasetVersionInfo {
  version: number;
  publishDate?: string;
  doi?: string;
  doiStatus?: string;
  available: boolean;
}

export type DatasetPublishResult =
  | { published: true; dataset: PublicDataset }
  /** The service refused: what is missing, field by field. */
  | { published: false; message: string; fieldErrors: PublishFieldError[] };

export interface DatasetUploadStart {
  fileName: string;
  /** Bytes the upload will carry. */
  size: number;
  mimeType?: string;
}

/** The core's event while a dataset file is on its way (`datasets.uploadProgress`). */
export interface DatasetUploadProgress {
  uploadId: string;
  fileName: string;
  /** Bytes the core has received from the renderer. */
  received: number;
  size: number;
  /** receiving: chunks arriving; sending: on its way to the service; attached: in the draft. */
  phase: 'receiving' | 'sending' | 'attached' | 'failed';
  error?: string;
}

export interface CatalogCommands {
  'catalog.search': Command<CatalogSearchRequest | { next: string }, CatalogSearchPage>;
  /** One catalog document with every field and its reader statistics. */
  'catalog.get': Command<{ id: string }, CatalogDocument>;
  /** Creates a library document from the catalog record (and attaches its open-access file), once per record. */
  'catalog.addToLibrary': Command<{ id: string }, CatalogAddResult>;
  /** Which of these records the personal library holds: catalog id -> document id (offline too). */
  'catalog.inLibrary': Command<{ records: CatalogRecordRef[] }, Record<string, string>>;

  /** The caller's drafts (each shows its published versions). */
  'datasets.list': Command<void, DraftDataset[]>;
  'datasets.get': Command<{ id: string }, DraftDataset>;
  'datasets.create': Command<{ name: string }, DraftDataset>;
  'datasets.update': Command<{ id: string; patch: DatasetFieldsPatch }, DraftDataset>;
  'datasets.delete': Command<{ id: string }, void>;
  'datasets.licences': Command<void, DataLicence[]>;
  /** File upload, in three steps so that bytes cross the bridge in chunks with progress. */
  'datasets.uploadBegin': Command<DatasetUploadStart, { uploadId: string }>;
  /** Appends base64 bytes at offset (the bytes received so far). */
  'datasets.uploadChunk': Command<{ uploadId: string; offset: number; base64: string }, { received: number }>;
  /** Sends the staged bytes to the service and attaches them to the draft. */
  'datasets.uploadFinish': Command<{ uploadId: string; draftId: string }, DraftDataset>;
  'datasets.uploadCancel': Command<{ uploadId: string }, void>;
  /** Removes a file (by its content id) from the draft. */
  'datasets.removeFile': Command<{ draftId: string; contentId: string }, DraftDataset>;
  'datasets.publish': Command<{ id: string }, DatasetPublishResult>;
  'datasets.versions': Command<{ id: string }, DatasetVersionInfo[]>;
  /** The link that lets someone without an account read the draft. */
  'datasets.accessLink': Command<{ id: string }, { url: string; accessCode: string }>;
}

export const CATALOG_COMMAND_NAMES = [
  'catalog.search', 'catalog.get', 'catalog.addToLibrary', 'catalog.inLibrary',
  'datasets.list', 'datasets.get', 'datasets.create', 'datasets.update', 'datasets.delete', 'datasets.licences',
  'datasets.uploadBegin', 'datasets.uploadChunk', 'datasets.uploadFinish', 'datasets.uploadCancel', 'datasets.removeFile',
  'datasets.publish', 'datasets.versions', 'datasets.accessLink',
] as const satisfies readonly (keyof CatalogCommands)[];
