// Bytes of a dataset file on their way from the renderer to the service. A renderer (a
// browser page especially) holds File objects without paths, so it sends base64 chunks that
// are appended here to a staging file; finishing hands the whole file to the service.
import { randomUUID } from 'node:crypto';
import { mkdirSync, openAsBlob, rmSync } from 'node:fs';
import { appendFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeBase64Chunk } from '../commands/base64Chunk.ts';
import { BridgeFailure } from '../commands/failure.ts';

/** Biggest file accepted through the bridge (sent from disk as a stream, never whole in memory). */
export const MAX_STAGED_BYTES = 2 * 2 ** 30;
/** One chunk's decoded size at most: keeps each bridge message small. */
export const MAX_CHUNK_BYTES = 4 * 2 ** 20;

export interface StagedUpload {
  id: string;
  fileName: string;
  mimeType: string;
  size: number;
  received: number;
  path: string;
}

export class UploadStaging {
  private readonly uploads = new Map<string, StagedUpload>();

  /** Uploads live only as long as the core: what an earlier run left in `dir` is removed. */
  constructor(private readonly dir: string) {
    rmSync(dir, { recursive: true, force: true });
  }

  begin(fileName: string, size: number, mimeType: string | undefined): StagedUpload {
    if (!fileName.trim() || fileName.length > 255) throw new BridgeFailure('invalid', 'fileName must be 1 to 255 characters', 'fileName');
    if (!Number.isSafeInteger(size) || size < 0) throw new BridgeFailure('invalid', 'size must be a whole number of bytes', 'size');
    if (size > MAX_STAGED_BYTES) throw new BridgeFailure('invalid', `Files above ${MAX_STAGED_BYTES / 2 ** 20} MiB cannot be uploaded here`, 'size');
    if (mimeType !== undefined && !/^[\w.+-]+\/[\w.+-]+$/.test(mimeType)) throw new BridgeFailure('invalid', 'mimeType must look like type/subtype', 'mimeType');
    mkdirSync(this.dir, { recursive: true });
    const id = randomUUID();
    const upload: StagedUpload = { id, fileName: fileName.trim(), mimeType: mimeType || 'application/octet-stream', size, received: 0, path: path.join(this.dir, `${id}.part`) };
    this.uploads.set(id, upload);
    return upload;
  }

  /** Appends a chunk; the offset must be the bytes received so far (a repeated or lost chunk fails). */
  async append(id: string, offset: number, base64: string): Promise<StagedUpload> {
    const upload = this.get(id);
    if (offset !== upload.received) throw new BridgeFailure('state', `Expected the chunk at byte ${upload.received}, got one at ${offset}`, 'offset');
    const bytes = decodeBase64Chunk(base64, 'base64', MAX_CHUNK_BYTES);
    if (upload.received + bytes.length > upload.size) throw new BridgeFailure('invalid', `More bytes than the ${upload.size} announced`, 'base64');
    await appendFile(upload.path, bytes);
    upload.received += bytes.length;
    return upload;
  }

  /** The whole file as a Blob read from disk, once every announced byte has arrived. */
  async blob(id: string): Promise<{ upload: StagedUpload; blob: Blob }> {
    const upload = this.get(id);
    if (upload.received !== upload.size) throw new BridgeFailure('state', `Only ${upload.received} of ${upload.size} bytes have arrived`);
    if (upload.size === 0) await writeFile(upload.path, new Uint8Array(0));
    const blob = await openAsBlob(upload.path, { type: upload.mimeType });
    if (blob.size !== upload.size) throw new BridgeFailure('internal', 'The staged file changed on disk');
    return { upload, blob };
  }

  async discard(id: string): Promise<void> {
    const upload = this.uploads.get(id);
    this.uploads.delete(id);
    if (upload) await rm(upload.path, { force: true });
  }

  private get(id: string): StagedUpload {
    const upload = typeof id === 'string' ? this.uploads.get(id) : undefined;
    if (!upload) throw new BridgeFailure('not_found', 'No such upload: it finished, was cancelled, or the app restarted');
    return upload;
  }
}
