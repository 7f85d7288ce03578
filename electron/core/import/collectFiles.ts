// Expands what the user dropped or chose into the files to import: files as given, folders
// walked recursively for PDFs, .bib and .ris (hidden entries skipped, symlinked folders not
// followed so a link loop cannot run forever).
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { kindByName } from './fileChecks.ts';

export interface CollectedFiles {
  files: string[];
  /** Paths that could not be read at all. */
  missing: string[];
}

export async function collectFiles(paths: readonly string[]): Promise<CollectedFiles> {
  const files: string[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  const add = (file: string) => {
    if (!seen.has(file)) {
      seen.add(file);
      files.push(file);
    }
  };
  for (const given of paths) {
    const info = await stat(given).catch(() => undefined);
    if (!info) missing.push(given);
    else if (info.isDirectory()) for (const file of await walk(given)) add(file);
    else add(path.resolve(given));
  }
  return { files, missing };
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = path.resolve(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else if (entry.isFile() && kindByName(entry.name)) out.push(full);
  }
  return out;
}
