// Where the service keeps file bytes (library files, dataset files, profile photos),
// content-addressed by SHA-1: the same bytes are stored once. Every instance of the service
// must see the same store: the default is a directory (DirectoryBlobStore), which several
// instances share on common storage (NFS, a mounted volume). An object store such as S3
// can implement this interface (objects named by SHA-1; `read` with a range maps to a
// ranged GET; `withLocalFile` downloads to a temporary file) without any route changing.
import type { Readable } from 'node:stream';

export interface StoredBlob {
  sha1: string;
  sha256: string;
  size: number;
}

export interface ByteRange {
  /** First and last byte, inclusive. */
  start: number;
  end: number;
}

export interface BlobStore {
  /**
   * Stores bytes while hashing them; refuses (413) more than `maxBytes`. With `pin`, the
   * blob stays pinned (see removeIfUnpinned) until `unpin` is called.
   */
  put(source: Readable | Buffer, maxBytes: number, options?: { pin?: boolean }): Promise<StoredBlob>;
  /** The bytes, or the range of them; errors come on the stream. */
  read(sha1: string, range?: ByteRange): Readable;
  exists(sha1: string): Promise<boolean>;
  /** The size in bytes; fails when the blob is not there. */
  size(sha1: string): Promise<number>;
  remove(sha1: string): Promise<void>;
  /** Runs `use` with a path to a local file holding the bytes (for tools that read files). */
  withLocalFile<T>(sha1: string, use: (filePath: string) => Promise<T>): Promise<T>;
  pin(sha1: string): void;
  unpin(sha1: string): void;
  /** Removes the bytes unless an upload of the same bytes is in flight here; says whether it did. */
  removeIfUnpinned(sha1: string): Promise<boolean>;
}
