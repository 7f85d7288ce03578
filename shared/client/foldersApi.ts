// Folders and the documents they hold (a link: removing it keeps the document).
import type { Folder, FolderCreate, FolderPatch } from '../schemas/folder.ts';
import type { Page } from './pagedIterator.ts';
import { idempotencyHeader, type CallOptions, type CreateOptions, type ServiceClient } from './serviceClient.ts';

export function foldersApi(client: ServiceClient) {
  const type = () => client.mediaTypes.folder;
  const path = (id: string) => `/folders/${encodeURIComponent(id)}`;
  return {
    list(filters: CallOptions & { group_id?: string; limit?: number } = {}): AsyncGenerator<Page<Folder>, void, undefined> {
      const { signal, ...query } = filters;
      return client.pages<Folder>('/folders', query, { accept: type(), signal });
    },

    get(id: string, options: CallOptions = {}): Promise<Folder> {
      return client.json<Folder>(path(id), { accept: type(), signal: options.signal });
    },

    create(fields: FolderCreate, options: CreateOptions = {}): Promise<Folder> {
      return client.create<Folder>('/folders', { json: fields, contentType: type(), accept: type(), headers: idempotencyHeader(options), signal: options.signal });
    },

    /** Renames or moves a folder (the service answers 204). */
    async patch(id: string, fields: FolderPatch, options: CallOptions = {}): Promise<void> {
      await client.call(path(id), { method: 'PATCH', json: fields, contentType: type(), accept: type(), signal: options.signal });
    },

    async delete(id: string, options: CallOptions = {}): Promise<void> {
      await client.call(path(id), { method: 'DELETE', signal: options.signal });
    },

    listDocuments(folderId: string, filters: CallOptions & { limit?: number } = {}) {
      const { signal, ...query } = filters;
      return client.pages<{ id: string }>(`${path(folderId)}/documents`, query, { accept: client.mediaTypes.document, signal });
    },

    async addDocument(folderId: string, documentId: string, options: CallOptions = {}): Promise<void> {
      const documentType = client.mediaTypes.document;
      await client.call(`${path(folderId)}/documents`, {
        method: 'POST', json: { id: documentId }, contentType: documentType, accept: documentType, signal: options.signal,
      });
    },

    async removeDocument(folderId: string, documentId: string, options: CallOptions = {}): Promise<void> {
      await client.call(`${path(folderId)}/documents/${encodeURIComponent(documentId)}`, { method: 'DELETE', signal: options.signal });
    },
  };
}

export type FoldersApi = ReturnType<typeof foldersApi>;
