// The datasets view's way to the core: my draft datasets and their versions, the licences
// to choose from, publishing, and a file's upload. A File (dropped or picked; browsers give
// no path) goes to the core in base64 chunks, each acknowledged before the next; then the
// core sends the file to the service and attaches it to the draft. Progress comes from the
// core's datasets.uploadProgress events.
import type { DatasetUploadProgress } from '../../../shared/bridge/catalogCommands.ts';
import type { DraftDataset } from '../../../shared/schemas/dataset.ts';
import type { BridgeClient } from '../../bridge/bridgeClient.ts';
import { bytesToBase64 } from '../../lib/base64.ts';
import { command, useAreaStore } from '../../state/areaCommands.ts';

const CHUNK_BYTES = 512 * 1024;

export type UploadProgress = DatasetUploadProgress;

async function uploadFile(
  bridge: BridgeClient,
  draftId: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<DraftDataset> {
  const { uploadId } = await bridge.call('datasets.uploadBegin', { fileName: file.name, size: file.size, mimeType: file.type || undefined });
  onProgress({ uploadId, fileName: file.name, received: 0, size: file.size, phase: 'receiving' });
  const stopListening = bridge.on('datasets.uploadProgress', (progress) => {
    if (progress.uploadId === uploadId) onProgress(progress);
  });
  try {
    let offset = 0;
    while (offset < file.size) {
      const chunk = new Uint8Array(await file.slice(offset, offset + CHUNK_BYTES).arrayBuffer());
      offset = (await bridge.call('datasets.uploadChunk', { uploadId, offset, base64: bytesToBase64(chunk) })).received;
    }
    return await bridge.call('datasets.uploadFinish', { uploadId, draftId });
  } catch (error) {
    // The staged bytes are of no use any more; a failed cancel changes nothing for the user.
    await bridge.invoke('datasets.uploadCancel', { uploadId });
    throw error;
  } finally {
    stopListening();
  }
}

export function createDatasetsStore(bridge: BridgeClient) {
  return {
    list: command(bridge, 'datasets.list'),
    get: command(bridge, 'datasets.get'),
    create: command(bridge, 'datasets.create'),
    update: command(bridge, 'datasets.update'),
    delete: command(bridge, 'datasets.delete'),
    licences: command(bridge, 'datasets.licences'),
    removeFile: command(bridge, 'datasets.removeFile'),
    publish: command(bridge, 'datasets.publish'),
    versions: command(bridge, 'datasets.versions'),
    accessLink: command(bridge, 'datasets.accessLink'),
    uploadFile: (draftId: string, file: File, onProgress: (progress: UploadProgress) => void) => uploadFile(bridge, draftId, file, onProgress),
  };
}

export type DatasetsStore = ReturnType<typeof createDatasetsStore>;

export function useDatasetsStore(): DatasetsStore {
  return useAreaStore(createDatasetsStore);
}
