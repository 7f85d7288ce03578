// Where the bundled resources (vocabularies, sample catalog) are. Modules run from their
// sources, from the desktop bundle (dist/electron/main.js) or from a packaged app (inside
// app.asar), so the path is found by walking up to the folder that holds resources/.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESOURCES_DIR_ENV = 'REFSHELF_RESOURCES_DIR';

export function findResourcesDir(startDir: string, exists: (p: string) => boolean = existsSync): string | undefined {
  let dir = startDir;
  for (;;) {
    const candidate = path.join(dir, 'resources');
    if (exists(path.join(candidate, 'vocabularies'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

let cached: string | undefined;

export function resourcesDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env[RESOURCES_DIR_ENV]) return path.resolve(env[RESOURCES_DIR_ENV]!);
  cached ??= findResourcesDir(path.dirname(fileURLToPath(import.meta.url)));
  if (!cached) throw new Error(`The resources folder was not found; set ${RESOURCES_DIR_ENV}`);
  return cached;
}

export function resourcePath(...parts: string[]): string {
  return path.join(resourcesDir(), ...parts);
}
