// The trash: trashed documents can be listed, restored or deleted for good.
import type { Document } from '../schemas/document.ts';
import type { Page } from './pagedIterator.ts';
import type { CallOptions, ServiceClient } from './serviceClient.ts';
import type { SortOrder } from './documentsApi.ts';

export interface TrashListFilters extends CallOptions {
  group_id?: string;
  sort?: 'document_id' | 'deleted_at';
  order?: SortOrder;
  limit?: number;
}

export function trashApi(client: ServiceClient) {
  const type = () => client.mediaTypes.document;
  const path = (id: string) => `/trash/${encodeURIComponent(id)}`;
  return {
    list(filters: TrashListFilters = {}): AsyncGenerator<Page<Document>, void, undefined> {
      const { signal, ...query } = filters;
      return client.pages<Document>('/trash', query, { accept: type(), signal });
    },

    get(id: string, options: CallOptions = {}): Promise<Document> {
      return client.json<Document>(path(id), { accept: type(), signal: options.signal });
    },

    async restore(id: string, options: CallOptions = {}): Promise<void> {
      await client.call(`${path(id)}/restore`, { method: 'POST', signal: options.signal });
    },

    async delete(id: string, options: CallOptions = {}): Promise<void> {
      await client.call(path(id), { method: 'DELETE', signal: options.signal });
    },
  };
}

export type TrashApi = ReturnType<typeof trashApi>;
