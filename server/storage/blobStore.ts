// File bytes on disk, content-addressed by SHA-1: the same bytes are stored once.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { HttpError } from '../http/errors.ts';

export interface StoredBlob {
  sha1: string;
  sha256: string;
  size: number;
}

export class BlobStore {
  // Blobs being stored whose database row is not written yet: removal skips them, so a
  // concurrent delete of another row with the same bytes cannot pull them away.
  private readonly pins = new Map<string, number>();

  constructor(private readonly root: string) {
    mkdirSync(path.join(root, 'tmp'), { recursive: true });
  }

  pathOf(sha1: string): string {
    if (!/^[0-9a-f]{40}$/.test(sha1)) throw new Error(`Not a SHA-1: ${sha1}`);
    return path.join(this.root, sha1.slice(0, 2), sha1);
  }

  has(sha1: string): boolean {
    return existsSync(this.pathOf(sha1));
  }

  /**
   * Streams bytes to disk while hashing them; refuses more than `maxBytes`. With `pin`, the
   * blob stays pinned (see removeIfUnpinned) until `unpin` is called.
   */
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
      const input = Buffer.isBuffer(source) ? (await import('node:stream')).Readable.from([source]) : source;
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

  read(sha1: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(sha1), range);
  }

  size(sha1: string): number {
    return statSync(this.pathOf(sha1)).size;
  }

  remove(sha1: string): void {
    rmSync(this.pathOf(sha1), { force: true });
  }

  pin(sha1: string): void {
    this.pins.set(sha1, (this.pins.get(sha1) ?? 0) + 1);
  }

  unpin(sha1: string): void {
    const count = (this.pins.get(sha1) ?? 0) - 1;
    if (count > 0) this.pins.set(sha1, count);
    else this.pins.delete(sha1);
  }

  /** Removes the bytes unless an upload of the same bytes is in flight; says whether it did. */
  removeIfUnpinned(sha1: string): boolean {
    if (this.pins.has(sha1)) return false;
    this.remove(sha1);
    return true;
  }
}
