// Library documents: the calls the sync engine and the desktop's import use.
import type { Document, DocumentCreate, DocumentPatch, DocumentView } from '../schemas/document.ts';
import type { Page } from './pagedIterator.ts';
import { contentDisposition } from './contentDisposition.ts';
import { idempotencyHeader, toIsoTimestamp, type CallOptions, type CreateOptions, type ServiceClient } from './serviceClient.ts';

export type SortOrder = 'asc' | 'desc';

export interface DocumentListFilters extends CallOptions {
  view?: DocumentView;
  /** A user's own documents that are in no group. */
  profile_id?: string;
  group_id?: string;
  modified_since?: Date | string;
  sort?: 'title' | 'created' | 'last_modified';
  order?: SortOrder;
  limit?: number;
}

export interface DeletedDocument {
  id: string;
}

export interface PatchOptions extends CallOptions {
  /** The server's last_modified the edit was based on; a later change answers 412. */
  ifUnmodifiedSince?: Date | string;
}

export function documentsApi(client: ServiceClient) {
  const type = () => client.mediaTypes.document;
  const path = (id: string) => `/documents/${encodeURIComponent(id)}`;
  return {
    get(id: string, options: CallOptions & { view?: DocumentView } = {}): Promise<Document> {
      return client.json<Document>(path(id), { accept: type(), query: { view: options.view }, signal: options.signal });
    },

    list(filters: DocumentListFilters = {}): AsyncGenerator<Page<Document>, void, undefined> {
      const { signal, ...query } = filters;
      return client.pages<Document>('/documents', query, { accept: type(), signal });
    },

    /** Ids of documents deleted since a time (GET /documents?deleted_since=). */
    listDeleted(since: Date | string, options: CallOptions & { group_id?: string; limit?: number } = {}) {
      const { signal, ...query } = options;
      return client.pages<DeletedDocument>('/documents', { ...query, deleted_since: since }, { accept: type(), signal });
    },

    create(fields: DocumentCreate, options: CreateOptions = {}): Promise<Document> {
      return client.create<Document>('/documents', { json: fields, contentType: type(), accept: type(), headers: idempotencyHeader(options), signal: options.signal });
    },

    /** Creates a document from file bytes; the service extracts its metadata. */
    createFromFile(bytes: Uint8Array | ArrayBuffer | Blob, fileName: string, mimeType: string, options: CallOptions = {}): Promise<Document> {
      return client.create<Document>('/documents', {
        body: bytes,
        contentType: mimeType,
        accept: type(),
        headers: { 'Content-Disposition': contentDisposition(fileName) },
        signal: options.signal,
      });
    },

    async patch(id: string, fields: DocumentPatch, options: PatchOptions = {}): Promise<Document> {
      const headers: Record<string, string> = {};
      if (options.ifUnmodifiedSince !== undefined) headers['If-Unmodified-Since'] = toIsoTimestamp(options.ifUnmodifiedSince);
      return client.json<Document>(path(id), {
        method: 'PATCH', json: fields, contentType: type(), accept: type(), headers, signal: options.signal,
      });
    },

    /** Moves the document to the trash (it can be restored from there). */
    async trash(id: string, options: CallOptions = {}): Promise<void> {
      await client.call(`${path(id)}/trash`, { method: 'POST', signal: options.signal });
    },

    /** Deletes the document for good. */
    async delete(id: string, options: CallOptions = {}): Promise<void> {
      await client.call(path(id), { method: 'DELETE', signal: options.signal });
    },
  };
}

export type DocumentsApi = ReturnType<typeof documentsApi>;
