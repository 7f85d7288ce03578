// The default blob store: a directory, each blob at <root>/<first two hex digits>/<sha1>,
// written to <root>/tmp first and renamed into place, so a reader never sees half a file
// (also when several instances share the directory over common storage).
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import { HttpError } from '../http/errors.ts';
import type { BlobStore, ByteRange, StoredBlob } from './blobStore.ts';

export class DirectoryBlobStore implements BlobStore {
  // Blobs being stored whose database row is not written yet: removal skips them, so a
  // concurrent delete of another row with the same bytes cannot pull them away. Pins are
  // this process's: across instances the race remains (docs/DEPLOYMENT.md, file bytes).
  private readonly pins = new Map<string, number>();

  constructor(private readonly root: string) {
    mkdirSync(path.join(root, 'tmp'), { recursive: true });
  }

  private pathOf(sha1: string): string {
    if (!/^[0-9a-f]{40}$/.test(sha1)) throw new Error(`Not a SHA-1: ${sha1}`);
    return path.join(this.root, sha1.slice(0, 2), sha1);
  }

  async exists(sha1: string): Promise<boolean> {
    return existsSync(this.pathOf(sha1));
  }

  async put(source: Readable | Buffer, maxBytes: number, options: { pin?: boolean } = {}): Promise<StoredBlob> {
    const tmp = path.join(this.root, 'tmp', randomUUID());
    const sha1 = createHash('sha1');
    const sha256 = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new HttpError(413, `File is larger than the limit of ${maxBytes} bytes`));
        sha1.update(chunk);
        sha256.update(chunk);
        done(null, chunk);
      },
    });
    try {
      const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
      await pipeline(input, meter, createWriteStream(tmp));
    } catch (err) {
      rmSync(tmp, { force: true });
      throw err;
    }
    const blob = { sha1: sha1.digest('hex'), sha256: sha256.digest('hex'), size };
    const target = this.pathOf(blob.sha1);
    if (options.pin) this.pin(blob.sha1);
    mkdirSync(path.dirname(target), { recursive: true });
    if (existsSync(target)) rmSync(tmp, { force: true });
    else renameSync(tmp, target);
    return blob;
  }

  read(sha1: string, range?: ByteRange): Readable {
    return createReadStream(this.pathOf(sha1), range);
  }

  async size(sha1: string): Promise<number> {
    return (await stat(this.pathOf(sha1))).size;
  }

  async remove(sha1: string): Promise<void> {
    rmSync(this.pathOf(sha1), { force: true });
  }

  async withLocalFile<T>(sha1: string, use: (filePath: string) => Promise<T>): Promise<T> {
    return use(this.pathOf(sha1));
  }

  pin(sha1: string): void {
    this.pins.set(sha1, (this.pins.get(sha1) ?? 0) + 1);
  }

  unpin(sha1: string): void {
    const count = (this.pins.get(sha1) ?? 0) - 1;
    if (count > 0) this.pins.set(sha1, count);
    else this.pins.delete(sha1);
  }

  async removeIfUnpinned(sha1: string): Promise<boolean> {
    if (this.pins.has(sha1)) return false;
    await this.remove(sha1);
    return true;
  }
}
