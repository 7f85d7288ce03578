// Sends a File (dropped or picked; browsers give no path) to the core in base64 chunks, each
// acknowledged before the next; then the core sends the file to the service and attaches it
// to the draft. Progress comes from the core's datasets.uploadProgress events.
import type { DatasetUploadProgress } from '../../../shared/bridge/catalogCommands.ts';
import type { DraftDataset } from '../../../shared/schemas/dataset.ts';
import type { BridgeClient } from '../../bridge/bridgeClient.ts';

export const CHUNK_BYTES = 512 * 1024;

export type UploadProgress = DatasetUploadProgress;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // String.fromCharCode takes arguments: a slice at a time stays under engines' argument limits.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function uploadFile(
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
