// The local file store: the bytes of library files, content-addressed by SHA-1 (the hash the
// service names files by), under one root directory as <root>/ab/abcdef....
// Writes go to a temporary file first and are renamed into place, so a crash never leaves
// a half-written file under a hash name, and two writers of the same bytes cannot clash.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredFile {
  sha1: string;
  size: number;
}

export type FileSource =
  | Uint8Array
  | ArrayBuffer
  | { path: string }
  | Readable
  | AsyncIterable<Uint8Array>;

export interface FileStore {
  readonly root: string;
  /** Stores bytes (from memory, a file on disk or a stream) and answers their SHA-1 and size. */
  put(source: FileSource, options?: { expectedSha1?: string }): Promise<StoredFile>;
  has(sha1: string): boolean;
  /** Where the bytes of a hash are (whether or not they are there yet). */
  pathOf(sha1: string): string;
  read(sha1: string): Promise<Buffer>;
  /**
   * Removes the bytes unless something still needs them: `inUse` answers whether a files
   * row or a pending upload names the hash (the sync engine passes the replica's view).
   */
  remove(sha1: string, inUse?: (sha1: string) => boolean): Promise<boolean>;
}

export class FileStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileStoreError';
  }
}

const SHA1 = /^[0-9a-f]{40}$/;

function checkHash(sha1: string): string {
  const hash = sha1.toLowerCase();
  if (!SHA1.test(hash)) throw new FileStoreError(`Not a SHA-1 hash: ${sha1}`);
  return hash;
}

function toStream(source: FileSource): Readable {
  if (source instanceof Uint8Array) return Readable.from([source]);
  if (source instanceof ArrayBuffer) return Readable.from([new Uint8Array(source)]);
  if (source instanceof Readable) return source;
  if ('path' in source) return createReadStream(source.path);
  return Readable.from(source);
}

export function createFileStore(root: string): FileStore {
  mkdirSync(root, { recursive: true });
  const tmpDir = path.join(root, '.incoming');
  mkdirSync(tmpDir, { recursive: true });
  const pathOf = (sha1: string) => {
    const hash = checkHash(sha1);
    return path.join(root, hash.slice(0, 2), hash);
  };

  return {
    root,
    pathOf,

    async put(source, options = {}) {
      const tmp = path.join(tmpDir, randomUUID());
      const hash = createHash('sha1');
      let size = 0;
      try {
        await pipeline(
          toStream(source),
          async function* (chunks: AsyncIterable<Buffer | Uint8Array | string>) {
            for await (const chunk of chunks) {
              const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
              hash.update(bytes);
              size += bytes.length;
              yield bytes;
            }
          },
          createWriteStream(tmp),
        );
        const sha1 = hash.digest('hex');
        if (options.expectedSha1 && options.expectedSha1.toLowerCase() !== sha1) {
          throw new FileStoreError(`The bytes have SHA-1 ${sha1}, not the expected ${options.expectedSha1}`);
        }
        const target = pathOf(sha1);
        mkdirSync(path.dirname(target), { recursive: true });
        await rename(tmp, target);
        return { sha1, size };
      } finally {
        await rm(tmp, { force: true });
      }
    },

    has(sha1) {
      return existsSync(pathOf(sha1));
    },

    async read(sha1) {
      try {
        return await readFile(pathOf(sha1));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileStoreError(`No local copy of file ${sha1}`);
        throw error;
      }
    },

    async remove(sha1, inUse) {
      const hash = checkHash(sha1);
      if (inUse?.(hash)) return false;
      const file = pathOf(hash);
      const there = await stat(file).then(() => true, () => false);
      if (there) await rm(file, { force: true });
      return there;
    },
  };
}
