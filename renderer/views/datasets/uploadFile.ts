// Sends a File (dropped or picked; browsers give no path) to the core in base64 chunks, each
// acknowledged before the next, so progress is the bytes the core has; then the core sends
// the file to the service and attaches it to the draft.
import type { DraftDataset } from '../../../shared/schemas/dataset.ts';
import type { BridgeClient } from '../../bridge/bridgeClient.ts';

export const CHUNK_BYTES = 512 * 1024;

export interface UploadProgress {
  fileName: string;
  sent: number;
  size: number;
  phase: 'sending' | 'attaching' | 'done' | 'failed';
  error?: string;
}

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
  const report = (sent: number, phase: UploadProgress['phase']) => onProgress({ fileName: file.name, sent, size: file.size, phase });
  const { uploadId } = await bridge.call('datasets.uploadBegin', { fileName: file.name, size: file.size, mimeType: file.type || undefined });
  try {
    let offset = 0;
    report(0, 'sending');
    while (offset < file.size) {
      const chunk = new Uint8Array(await file.slice(offset, offset + CHUNK_BYTES).arrayBuffer());
      offset = (await bridge.call('datasets.uploadChunk', { uploadId, offset, base64: bytesToBase64(chunk) })).received;
      report(offset, 'sending');
    }
    report(offset, 'attaching');
    const draft = await bridge.call('datasets.uploadFinish', { uploadId, draftId });
    report(offset, 'done');
    return draft;
  } catch (error) {
    // The staged bytes are of no use any more; a failed cancel changes nothing for the user.
    await bridge.invoke('datasets.uploadCancel', { uploadId });
    throw error;
  }
}
