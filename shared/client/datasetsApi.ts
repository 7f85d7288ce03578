// Research datasets: the caller's drafts (create, read, patch, publish, delete), published
// versions, the data licences, and content tickets for the bytes of dataset files.
import type {
  DataLicence, DatasetCreationRequest, DatasetFieldsPatch, DraftDataset, DraftRole, PublicDataset,
} from '../schemas/dataset.ts';
import type { CallOptions, ServiceClient } from './serviceClient.ts';

export interface DraftListOptions extends CallOptions {
  roles?: readonly DraftRole[];
  /** Comma list of field paths; the service answers only ids when none are named. */
  fields?: string;
  limit?: number;
  order?: 'asc' | 'desc';
}

export function datasetsApi(client: ServiceClient) {
  const mt = () => client.mediaTypes;
  const draftPath = (id: string) => `/datasets/drafts/${encodeURIComponent(id)}`;

  return {
    async listDrafts(options: DraftListOptions = {}): Promise<DraftDataset[]> {
      const { signal, roles, ...query } = options;
      return client.all<DraftDataset>('/datasets/drafts', { ...query, roles: roles?.join(',') }, { accept: mt().draftDataset, signal });
    },

    getDraft(id: string, options: CallOptions & { access_code?: string } = {}): Promise<DraftDataset> {
      return client.json<DraftDataset>(draftPath(id), { accept: mt().draftDataset, query: { access_code: options.access_code }, signal: options.signal });
    },

    createDraft(request: DatasetCreationRequest, options: CallOptions = {}): Promise<DraftDataset> {
      return client.create<DraftDataset>('/datasets/drafts', {
        json: request, contentType: mt().datasetCreationRequest, accept: mt().draftDataset, signal: options.signal,
      });
    },

    patchDraft(id: string, patch: DatasetFieldsPatch, options: CallOptions = {}): Promise<DraftDataset> {
      return client.json<DraftDataset>(draftPath(id), {
        method: 'PATCH', json: patch, contentType: mt().datasetPatch, accept: mt().draftDataset, signal: options.signal,
      });
    },

    /** Publishes the draft as its next version; a 400 carries field_errors (ServiceError.fieldErrors). */
    publish(id: string, options: CallOptions = {}): Promise<PublicDataset> {
      return client.json<PublicDataset>(draftPath(id), { method: 'POST', accept: mt().publicDataset, signal: options.signal });
    },

    async deleteDraft(id: string, options: CallOptions = {}): Promise<void> {
      await client.call(draftPath(id), { method: 'DELETE', signal: options.signal });
    },

    /** A published version (the latest when version is left out). */
    getPublished(id: string, options: CallOptions & { version?: number } = {}): Promise<PublicDataset> {
      return client.json<PublicDataset>(`/datasets/${encodeURIComponent(id)}`, { accept: mt().publicDataset, query: { version: options.version }, signal: options.signal });
    },

    licences(options: CallOptions = {}): Promise<DataLicence[]> {
      return client.json<DataLicence[]>('/datasets/licences', { accept: mt().licenceInfo, signal: options.signal });
    },

    /** Uploads bytes on their own (POST /file_contents) and answers the ticket id a draft file names. */
    async uploadContent(bytes: Uint8Array | ArrayBuffer | Blob, upload: CallOptions & { mimeType?: string } = {}): Promise<string> {
      const ticket = await client.create<{ id: string }>('/file_contents', {
        body: bytes, contentType: upload.mimeType ?? 'application/octet-stream', accept: mt().contentTicket, signal: upload.signal,
      });
      if (typeof ticket?.id !== 'string') throw new TypeError('POST /file_contents answered no ticket id');
      return ticket.id;
    },
  };
}

export type DatasetsApi = ReturnType<typeof datasetsApi>;
