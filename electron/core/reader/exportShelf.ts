// Annotated copies waiting for browser mode's download: a browser page has no save dialog,
// so the copy is kept here and served like a stored file (by its SHA-1, through a file
// link). The shelf is emptied when the core starts and keeps only the last few copies.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ExportShelf {
  /** Keeps the bytes; answers their SHA-1, which names them from now on. */
  put(bytes: Uint8Array): Promise<string>;
  has(sha1: string): boolean;
  pathOf(sha1: string): string;
}

export function createExportShelf(dir: string, keep = 4): ExportShelf {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const shelved: string[] = [];
  const pathOf = (sha1: string) => path.join(dir, `${sha1.toLowerCase()}.pdf`);
  return {
    async put(bytes) {
      const sha1 = createHash('sha1').update(bytes).digest('hex');
      await writeFile(pathOf(sha1), bytes);
      const before = shelved.indexOf(sha1);
      if (before >= 0) shelved.splice(before, 1);
      shelved.push(sha1);
      for (const old of shelved.splice(0, Math.max(0, shelved.length - keep))) await rm(pathOf(old), { force: true });
      return sha1;
    },
    has: (sha1) => shelved.includes(sha1.toLowerCase()),
    pathOf,
  };
}
