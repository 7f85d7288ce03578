// The read-only catalog: identifier lookup, search, and the metadata lookup used on import.
import type { CatalogDocument, CatalogLookupKey, CatalogView, MetadataLookupQuery, MetadataLookupResult } from '../schemas/catalog.ts';
import type { Page } from './pagedIterator.ts';
import { NotFoundError } from './serviceErrors.ts';
import type { CallOptions, ServiceClient } from './serviceClient.ts';

export type CatalogSearch =
  | { query: string }
  | { title?: string; author?: string; source?: string; abstract?: string; min_year?: number; max_year?: number; open_access?: boolean };

export function catalogApi(client: ServiceClient) {
  const type = () => client.mediaTypes.document;
  return {
    /** Documents with these identifiers: an empty array when unknown. */
    lookup(identifiers: Partial<Record<CatalogLookupKey, string>>, options: CallOptions & { view?: CatalogView } = {}): Promise<CatalogDocument[]> {
      return client.json<CatalogDocument[]>('/catalog', { accept: type(), query: { ...identifiers, view: options.view }, signal: options.signal });
    },

    get(id: string, options: CallOptions & { view?: CatalogView } = {}): Promise<CatalogDocument> {
      return client.json<CatalogDocument>(`/catalog/${encodeURIComponent(id)}`, { accept: type(), query: { view: options.view }, signal: options.signal });
    },

    search(search: CatalogSearch, options: CallOptions & { view?: CatalogView; limit?: number } = {}): AsyncGenerator<Page<CatalogDocument>, void, undefined> {
      const { signal, ...rest } = options;
      return client.pages<CatalogDocument>('/search/catalog', { ...search, ...rest }, { accept: type(), signal });
    },

    /** The best matching catalog document, or undefined when nothing matches (the service answers 404). */
    async metadata(query: MetadataLookupQuery, options: CallOptions = {}): Promise<MetadataLookupResult | undefined> {
      try {
        return await client.json<MetadataLookupResult>('/metadata', { accept: client.mediaTypes.documentLookup, query, signal: options.signal });
      } catch (error) {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      }
    },
  };
}

export type CatalogApi = ReturnType<typeof catalogApi>;
