// Cheap checks before a file goes into the library: is it there, is it empty, does it
// start like a PDF. Reads at most the first kilobyte.
import { open, stat } from 'node:fs/promises';
import path from 'node:path';

import { importKindOfName, type ImportFileKind } from '../../../shared/bridge/importCommands.ts';

export type FileKind = ImportFileKind;

/** By extension: what an import does with a file found in a folder (others are skipped). */
export const kindByName = (file: string): FileKind | undefined => importKindOfName(path.basename(file));

/** Why a file given as a PDF cannot be imported, or undefined when it may be one. */
export async function pdfProblem(file: string): Promise<string | undefined> {
  const info = await stat(file).catch(() => undefined);
  if (!info) return 'The file does not exist or cannot be read.';
  if (!info.isFile()) return 'This is not a file.';
  if (info.size === 0) return 'The file is empty (zero bytes); nothing was imported.';
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(1024, info.size));
    await handle.read(head, 0, head.length, 0);
    if (!head.toString('latin1').includes('%PDF-')) return 'This file is not a PDF; nothing was imported.';
  } finally {
    await handle.close();
  }
  return undefined;
}

/** "smith_2019-deep.learning.pdf" -> "smith 2019-deep.learning": a readable title until a better one is found. */
export function titleFromFileName(file: string): string {
  const base = path.basename(file).replace(/\.pdf$/i, '');
  const title = base.replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return (title || base || 'Untitled').slice(0, 500);
}
