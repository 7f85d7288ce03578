// Annotations on files and notes on documents.
import type { Annotation, AnnotationCreate, AnnotationPatch } from '../schemas/annotation.ts';
import type { Page } from './pagedIterator.ts';
import { idempotencyHeader, type CallOptions, type CreateOptions, type ServiceClient } from './serviceClient.ts';

export interface AnnotationListFilters extends CallOptions {
  group_id?: string;
  document_id?: string;
  modified_since?: Date | string;
  limit?: number;
}

export function annotationsApi(client: ServiceClient) {
  const type = () => client.mediaTypes.annotation;
  const path = (id: string) => `/annotations/${encodeURIComponent(id)}`;
  return {
    list(filters: AnnotationListFilters = {}): AsyncGenerator<Page<Annotation>, void, undefined> {
      const { signal, ...query } = filters;
      return client.pages<Annotation>('/annotations', query, { accept: type(), signal });
    },

    /** Ids of annotations deleted since a time. */
    listDeleted(since: Date | string, options: CallOptions & { group_id?: string; document_id?: string; limit?: number } = {}) {
      const { signal, ...query } = options;
      return client.pages<{ id: string }>('/annotations', { ...query, deleted_since: since }, { accept: type(), signal });
    },

    get(id: string, options: CallOptions = {}): Promise<Annotation> {
      return client.json<Annotation>(path(id), { accept: type(), signal: options.signal });
    },

    create(fields: AnnotationCreate, options: CreateOptions = {}): Promise<Annotation> {
      return client.create<Annotation>('/annotations', { json: fields, contentType: type(), accept: type(), headers: idempotencyHeader(options), signal: options.signal });
    },

    patch(id: string, fields: AnnotationPatch, options: CallOptions = {}): Promise<Annotation> {
      return client.json<Annotation>(path(id), { method: 'PATCH', json: fields, contentType: type(), accept: type(), signal: options.signal });
    },

    async delete(id: string, options: CallOptions = {}): Promise<void> {
      await client.call(path(id), { method: 'DELETE', signal: options.signal });
    },
  };
}

export type AnnotationsApi = ReturnType<typeof annotationsApi>;
