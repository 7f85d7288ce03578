// A staging area for bytes that arrive without a path (browser mode: File objects dropped
// on the page), written chunk by chunk into <dataDir>/staging/<token>/<name>. Generic on
// purpose: whatever needs "a real file from the renderer" (import, dataset uploads) can
// use it, then discard the token when done. Tokens are random and only this area makes them.
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { BridgeFailure } from '../commands/failure.ts';

const refused = (message: string, field: string) => new BridgeFailure('invalid', message, field);

/** One call carries at most this many bytes (about 11 MB of base64). */
export const MAX_CHUNK_BYTES = 8 * 1024 * 1024;
/** One staged file is at most this large. */
export const MAX_STAGED_BYTES = 1024 * 1024 * 1024;
/** Staged files left behind (a closed tab, a crash) are removed after this long. */
const STALE_MS = 24 * 60 * 60 * 1000;

const TOKEN = /^[0-9a-f-]{36}$/;

/** A name safe for one path segment; the original is kept as far as the file system allows. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const cleaned = base.replace(/[\u0000-\u001f<>:"|?*]+/g, '_').replace(/^\.+/, '').trim().slice(0, 200);
  return cleaned || 'file';
}

export interface StagedWrite {
  token?: string;
  name: string;
  bytes: Uint8Array;
  last?: boolean;
}

export function createStagingArea(root: string) {
  mkdirSync(root, { recursive: true });
  const open = new Map<string, { file: string; size: number }>();

  function removeStale(now = Date.now()): void {
    for (const entry of readdirSync(root, { withFileTypes: true })) {
      const dir = path.join(root, entry.name);
      if (!open.has(entry.name) && now - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
    }
  }
  removeStale();

  return {
    root,
    /** Appends a chunk; the answer carries the file's path once the last chunk is in. */
    write({ token, name, bytes, last }: StagedWrite): { token: string; path?: string } {
      if (bytes.byteLength > MAX_CHUNK_BYTES) throw refused(`A chunk may carry at most ${MAX_CHUNK_BYTES} bytes`, 'chunkBase64');
      let entry: { file: string; size: number } | undefined;
      if (token === undefined) {
        token = randomUUID();
        const dir = path.join(root, token);
        mkdirSync(dir);
        entry = { file: path.join(dir, safeFileName(name)), size: 0 };
        open.set(token, entry);
      } else {
        if (!TOKEN.test(token)) throw refused('Unknown staging token', 'token');
        entry = open.get(token);
        if (!entry) throw refused('Unknown or finished staging token', 'token');
      }
      if (entry.size + bytes.byteLength > MAX_STAGED_BYTES) {
        this.discard(token);
        throw refused('The file is larger than the 1 GB a staged file may have', 'chunkBase64');
      }
      appendFileSync(entry.file, bytes);
      entry.size += bytes.byteLength;
      if (!last) return { token };
      open.delete(token);
      return { token, path: entry.file };
    },
    /** Whether a path lies inside the staging area (so its user may remove it afterwards). */
    contains(file: string): boolean {
      const relative = path.relative(root, path.resolve(file));
      return !!relative && !relative.startsWith('..') && !path.isAbsolute(relative);
    },
    /** Removes a staged file (by token or by a path inside the area). */
    discard(tokenOrPath: string): void {
      const token = TOKEN.test(tokenOrPath) ? tokenOrPath : path.relative(root, path.resolve(tokenOrPath)).split(path.sep)[0];
      if (!token || !TOKEN.test(token)) return;
      open.delete(token);
      rmSync(path.join(root, token), { recursive: true, force: true });
    },
    removeStale,
  };
}

export type StagingArea = ReturnType<typeof createStagingArea>;
