// The dataset commands: the caller's drafts, their fields and files, publishing (with the
// service's field errors as a value, not a failure), versions with their DOIs, and the
// access-code link. Files arrive in chunks into the core's staging area (files/stagingArea.ts), then go
// to the service as a content ticket which the draft's file list names.
import type { CatalogCommands, DatasetUploadProgress, DatasetVersionInfo } from '../../../shared/bridge/catalogCommands.ts';
import { ServiceError } from '../../../shared/client/serviceErrors.ts';
import type { DatasetFieldsPatch, DatasetFileInput, DraftDataset } from '../../../shared/schemas/dataset.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { decodeBase64Chunk } from '../commands/base64Chunk.ts';
import { MAX_CHUNK_BYTES, type StagedFile } from '../files/stagingArea.ts';
import { BridgeFailure } from '../commands/failure.ts';
import type { CatalogDeps } from './catalogDeps.ts';
import { requiredObject, stringField } from '../commands/requestChecks.ts';
import { requireSignedIn } from './onlineAccess.ts';

type DatasetHandlers = Omit<HandlersOf<CatalogCommands>, 'catalog.search' | 'catalog.get' | 'catalog.addToLibrary' | 'catalog.inLibrary'>;

/** Every field of each draft: without `fields` the list answers ids only. */
const ALL_DRAFT_FIELDS = '*';
const PATCHABLE = new Set(['name', 'description', 'categories', 'contributors', 'data_licence', 'embargo_date', 'articles', 'files']);

/** The draft's current files as the patch form names them (the service replaces the whole list). */
function fileInputs(draft: DraftDataset): DatasetFileInput[] {
  return (draft.files ?? []).map((f) => ({
    filename: f.filename,
    ...(f.name ? { name: f.name } : {}),
    ...(f.description ? { description: f.description } : {}),
    content_details: { id: f.content_details.id },
  }));
}

export function datasetHandlers(deps: CatalogDeps): DatasetHandlers {
  const { api, account, events, staging } = deps;
  const progress = (upload: StagedFile, phase: DatasetUploadProgress['phase'], error?: string) =>
    events.emit('datasets.uploadProgress', { uploadId: upload.token, fileName: upload.fileName, received: upload.received, size: upload.size ?? upload.received, phase, ...(error ? { error } : {}) });
  const online = () => requireSignedIn(account, 'research datasets');
  const idOf = (request: unknown, what: string) => stringField(requiredObject(request, what), 'id');

  return {
    'datasets.list': async () => {
      online();
      return api.datasets.listDrafts({ fields: ALL_DRAFT_FIELDS, order: 'desc' });
    },
    'datasets.get': async (request) => {
      online();
      return api.datasets.getDraft(idOf(request, 'datasets.get'));
    },
    'datasets.create': async (request) => {
      online();
      const name = stringField(requiredObject(request, 'datasets.create'), 'name').trim();
      if (!name) throw new BridgeFailure('invalid', 'Give the dataset a name', 'name');
      return api.datasets.createDraft({ name });
    },
    'datasets.update': async (request) => {
      online();
      const body = requiredObject(request, 'datasets.update');
      const id = stringField(body, 'id');
      const patch = requiredObject(body.patch, 'patch');
      const unknown = Object.keys(patch).filter((k) => !PATCHABLE.has(k));
      if (unknown.length) throw new BridgeFailure('invalid', `These fields cannot be changed: ${unknown.join(', ')}`, unknown[0]);
      return api.datasets.patchDraft(id, patch as DatasetFieldsPatch);
    },
    'datasets.delete': async (request) => {
      online();
      await api.datasets.deleteDraft(idOf(request, 'datasets.delete'));
    },
    'datasets.licences': async () => {
      online();
      return api.datasets.licences();
    },

    'datasets.uploadBegin': (request) => {
      const body = requiredObject(request, 'datasets.uploadBegin');
      const mimeType = typeof body.mimeType === 'string' && body.mimeType ? body.mimeType : undefined;
      if (typeof body.size !== 'number') throw new BridgeFailure('invalid', 'size must be a whole number of bytes', 'size');
      const upload = staging.begin(stringField(body, 'fileName'), { size: body.size, ...(mimeType ? { mimeType } : {}) });
      progress(upload, 'receiving');
      return { uploadId: upload.token };
    },
    'datasets.uploadChunk': async (request) => {
      const body = requiredObject(request, 'datasets.uploadChunk');
      if (typeof body.offset !== 'number') throw new BridgeFailure('invalid', 'offset must be a number', 'offset');
      const uploadId = stringField(body, 'uploadId');
      const upload = await staging.append(uploadId, decodeBase64Chunk(body.base64, 'base64', MAX_CHUNK_BYTES), body.offset);
      progress(upload, 'receiving');
      return { received: upload.received };
    },
    'datasets.uploadFinish': async (request) => {
      online();
      const body = requiredObject(request, 'datasets.uploadFinish');
      const uploadId = stringField(body, 'uploadId');
      const draftId = stringField(body, 'draftId');
      const { file: upload, blob } = await staging.blob(uploadId);
      try {
        progress(upload, 'sending');
        const ticket = await api.datasets.uploadContent(blob, { mimeType: upload.mimeType });
        // Read just before patching: another upload may have finished meanwhile.
        const draft = await api.datasets.getDraft(draftId);
        const files = [...fileInputs(draft), { filename: upload.fileName, content_details: { id: ticket } }];
        const updated = await api.datasets.patchDraft(draftId, { files });
        progress(upload, 'attached');
        return updated;
      } catch (error) {
        progress(upload, 'failed', error instanceof Error ? error.message : String(error));
        throw error;
      } finally {
        staging.discard(uploadId);
      }
    },
    'datasets.uploadCancel': async (request) => {
      staging.discard(stringField(requiredObject(request, 'datasets.uploadCancel'), 'uploadId'));
    },
    'datasets.removeFile': async (request) => {
      online();
      const body = requiredObject(request, 'datasets.removeFile');
      const draftId = stringField(body, 'draftId');
      const contentId = stringField(body, 'contentId');
      const draft = await api.datasets.getDraft(draftId);
      const files = fileInputs(draft);
      const kept = files.filter((f) => f.content_details.id !== contentId);
      if (kept.length === files.length) throw new BridgeFailure('not_found', 'That file is not in the draft any more');
      return api.datasets.patchDraft(draftId, { files: kept });
    },

    'datasets.publish': async (request) => {
      online();
      const id = idOf(request, 'datasets.publish');
      try {
        return { published: true, dataset: await api.datasets.publish(id) };
      } catch (error) {
        if (error instanceof ServiceError && error.fieldErrors.length) {
          return { published: false, message: error.message, fieldErrors: error.fieldErrors };
        }
        throw error;
      }
    },
    'datasets.versions': async (request) => {
      online();
      const id = idOf(request, 'datasets.versions');
      const draft = await api.datasets.getDraft(id);
      const versions: DatasetVersionInfo[] = [];
      for (const v of draft.versions ?? []) {
        const version = Number(v.version);
        const published = await api.datasets.getPublished(id, { version });
        versions.push({ version, publishDate: v.publish_date, doi: published.doi?.id, doiStatus: published.doi?.status, available: v.available !== false });
      }
      return versions.sort((a, b) => b.version - a.version);
    },
    'datasets.accessLink': async (request) => {
      online();
      const id = idOf(request, 'datasets.accessLink');
      const draft = await api.datasets.getDraft(id);
      if (!draft.access_code) throw new BridgeFailure('state', 'Only the owner of a draft can share it');
      return { url: api.client.url(`/datasets/drafts/${encodeURIComponent(id)}`, { access_code: draft.access_code }), accessCode: draft.access_code };
    },
  };
}
