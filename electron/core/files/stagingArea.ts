// The one way bytes from the window become a file here. A renderer (a browser page
// especially) holds File objects without paths, so it sends the bytes in chunks; each is
// appended to <root>/<token>/<name>. Whatever needs "a real file from the window" uses it:
// the import (the path of a staged PDF or .bib) and dataset uploads (the whole file sent on
// to the service). Every check is here: the token, the offset of each chunk, the size
// announced and the most a chunk and a file may hold. Tokens are random and only this area
// makes them; what a closed tab or a crash left behind is removed after a day.
import { randomUUID } from 'node:crypto';
import { mkdirSync, openAsBlob, readdirSync, rmSync, statSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BridgeFailure } from '../commands/failure.ts';

/** One chunk's decoded size at most (about 11 MB of base64): keeps each bridge message small. */
export const MAX_CHUNK_BYTES = 8 * 2 ** 20;
/** One staged file at most (sent on from disk as a stream, never whole in memory). */
export const MAX_STAGED_BYTES = 2 * 2 ** 30;
/** Staged files left behind (a closed tab, a crash) are removed after this long. */
const STALE_MS = 24 * 60 * 60 * 1000;

const TOKEN = /^[0-9a-f-]{36}$/;
const MIME_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/** A name safe for one path segment; the original is kept as far as the file system allows. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const cleaned = base.replace(/[\u0000-\u001f<>:"|?*]+/g, '_').replace(/^\.+/, '').trim().slice(0, 200);
  return cleaned || 'file';
}

export interface StagedFile {
  token: string;
  /** The name the window gave (trimmed); the file on disk has its safe form. */
  fileName: string;
  mimeType: string;
  /** The size announced at the start, when the window knew it. */
  size?: number;
  received: number;
  path: string;
}

export interface StagingArea {
  readonly root: string;
  /** Starts a file; a size given up front is then held to (chunks beyond it, or a finish short of it, fail). */
  begin(fileName: string, options?: { size?: unknown; mimeType?: string }): StagedFile;
  /** Appends a chunk; a given offset must be the bytes received so far (a repeated or lost chunk fails). */
  append(token: string, bytes: Uint8Array, offset?: number): Promise<StagedFile>;
  /** Every byte is in: no more chunks; the file stays until discarded. */
  finish(token: string): Promise<StagedFile>;
  /** Finishes the file and answers it as a Blob read from disk. */
  blob(token: string): Promise<{ file: StagedFile; blob: Blob }>;
  /** Whether a path lies inside the area (so its user may discard it afterwards). */
  contains(file: string): boolean;
  /** Removes a staged file, by token or by a path inside the area. */
  discard(tokenOrPath: string): void;
  removeStale(now?: number): void;
}

const invalid = (message: string, field: string) => new BridgeFailure('invalid', message, field);

export function createStagingArea(root: string): StagingArea {
  mkdirSync(root, { recursive: true });
  const open = new Map<string, StagedFile>();

  function openFile(token: string): StagedFile {
    const file = typeof token === 'string' && TOKEN.test(token) ? open.get(token) : undefined;
    if (!file) throw new BridgeFailure('not_found', 'This upload is not going on: it finished, was cancelled, or the app restarted', 'token');
    return file;
  }

  const area: StagingArea = {
    root,
    begin(fileName, options = {}) {
      const name = typeof fileName === 'string' ? fileName.trim() : '';
      if (!name || name.length > 255) throw invalid('A file name must be 1 to 255 characters', 'fileName');
      const { size, mimeType } = options;
      if (size !== undefined && (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0)) throw invalid('size must be a whole number of bytes', 'size');
      if (size !== undefined && size > MAX_STAGED_BYTES) throw invalid(`Files above ${MAX_STAGED_BYTES / 2 ** 20} MiB cannot be sent here`, 'size');
      if (mimeType !== undefined && !MIME_TYPE.test(mimeType)) throw invalid('mimeType must look like type/subtype', 'mimeType');
      const token = randomUUID();
      const dir = path.join(root, token);
      mkdirSync(dir, { recursive: true });
      const file: StagedFile = {
        token, fileName: name, mimeType: mimeType || 'application/octet-stream', received: 0, path: path.join(dir, safeFileName(name)),
        ...(size !== undefined ? { size } : {}),
      };
      open.set(token, file);
      return file;
    },
    async append(token, bytes, offset) {
      const file = openFile(token);
      if (offset !== undefined && offset !== file.received) throw new BridgeFailure('state', `Expected the chunk at byte ${file.received}, got one at ${offset}`, 'offset');
      if (bytes.byteLength > MAX_CHUNK_BYTES) throw invalid(`A chunk holds at most ${MAX_CHUNK_BYTES} bytes`, 'chunk');
      if (file.size !== undefined && file.received + bytes.byteLength > file.size) throw invalid(`More bytes than the ${file.size} announced`, 'chunk');
      if (file.received + bytes.byteLength > MAX_STAGED_BYTES) {
        area.discard(token);
        throw invalid(`The file is larger than the ${MAX_STAGED_BYTES / 2 ** 20} MiB a file sent here may have`, 'chunk');
      }
      await appendFile(file.path, bytes);
      file.received += bytes.byteLength;
      return file;
    },
    async finish(token) {
      const file = openFile(token);
      if (file.size !== undefined && file.received !== file.size) throw new BridgeFailure('state', `Only ${file.received} of ${file.size} bytes have arrived`);
      if (file.received === 0) await writeFile(file.path, new Uint8Array(0));
      open.delete(token);
      return file;
    },
    async blob(token) {
      const file = await area.finish(token);
      const blob = await openAsBlob(file.path, { type: file.mimeType });
      if (blob.size !== file.received) throw new BridgeFailure('internal', 'The staged file changed on disk');
      return { file, blob };
    },
    contains(file) {
      const relative = path.relative(root, path.resolve(file));
      return !!relative && !relative.startsWith('..') && !path.isAbsolute(relative);
    },
    discard(tokenOrPath) {
      const token = TOKEN.test(tokenOrPath) ? tokenOrPath : path.relative(root, path.resolve(tokenOrPath)).split(path.sep)[0];
      if (!token || !TOKEN.test(token)) return;
      open.delete(token);
      rmSync(path.join(root, token), { recursive: true, force: true });
    },
    removeStale(now = Date.now()) {
      for (const entry of readdirSync(root, { withFileTypes: true })) {
        const dir = path.join(root, entry.name);
        if (!open.has(entry.name) && now - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  area.removeStale();
  return area;
}
