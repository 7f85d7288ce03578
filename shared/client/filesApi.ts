// Files attached to library documents: metadata listing, upload, download and deletion.
import type { LibraryFile } from '../schemas/file.ts';
import { contentDisposition } from './contentDisposition.ts';
import type { Page } from './pagedIterator.ts';
import { ServiceError } from './serviceErrors.ts';
import { idempotencyHeader, type CallOptions, type CreateOptions, type ServiceClient } from './serviceClient.ts';

export interface FileListFilters extends CallOptions {
  document_id?: string;
  group_id?: string;
  catalog_id?: string;
  added_since?: Date | string;
  limit?: number;
}

export interface FileUpload extends CreateOptions {
  fileName: string;
  /** Media type of the bytes; application/octet-stream when unknown. */
  mimeType?: string;
}

export function filesApi(client: ServiceClient) {
  const type = () => client.mediaTypes.file;
  const path = (id: string) => `/files/${encodeURIComponent(id)}`;

  const list = (filters: FileListFilters = {}): AsyncGenerator<Page<LibraryFile>, void, undefined> => {
    const { signal, ...query } = filters;
    return client.pages<LibraryFile>('/files', query, { accept: type(), signal });
  };

  return {
    list,

    /** Ids of files deleted since a time. */
    listDeleted(since: Date | string, options: CallOptions & { group_id?: string; limit?: number } = {}) {
      const { signal, ...query } = options;
      return client.pages<{ id: string }>('/files', { ...query, deleted_since: since }, { accept: type(), signal });
    },

    /** Uploads bytes and attaches them to a document. */
    async upload(documentId: string, bytes: Uint8Array | ArrayBuffer | Blob, upload: FileUpload): Promise<LibraryFile> {
      const response = await client.request('/files', {
        method: 'POST',
        body: bytes,
        contentType: upload.mimeType ?? 'application/octet-stream',
        accept: type(),
        headers: {
          'Content-Disposition': contentDisposition(upload.fileName),
          Link: `<${client.url(`/documents/${encodeURIComponent(documentId)}`)}>; rel="document"`,
          ...idempotencyHeader(upload),
        },
        signal: upload.signal,
      });
      const text = await client.read(response, (r) => r.text(), upload.signal);
      if (text.trim()) return JSON.parse(text) as LibraryFile;
      // Only a Location: GET /files/{id} answers the bytes, so the metadata comes from the listing.
      const location = response.headers.get('location');
      const id = location ? decodeURIComponent(new URL(location, response.url).pathname.split('/').pop() ?? '') : '';
      for await (const page of list({ document_id: documentId, signal: upload.signal })) {
        const found = page.items.find((file) => file.id === id);
        if (found) return found;
      }
      throw new ServiceError({ status: response.status, message: `Uploaded file ${id || '(no Location)'} is not listed on document ${documentId}` });
    },

    /** The file's bytes (GET /files/{id} redirects to a time-limited URL). */
    async download(id: string, options: CallOptions = {}): Promise<ArrayBuffer> {
      const response = await client.download(path(id), { signal: options.signal });
      return client.read(response, (r) => r.arrayBuffer(), options.signal);
    },

    async delete(id: string, options: CallOptions = {}): Promise<void> {
      await client.call(path(id), { method: 'DELETE', signal: options.signal });
    },
  };
}

export type FilesApi = ReturnType<typeof filesApi>;
