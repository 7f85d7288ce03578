// Where the bundled resources (vocabularies, sample catalog) are: the one resolver for every
// layout. In order:
// - REFSHELF_RESOURCES_DIR, when set (tests and unusual installs);
// - a packaged app: electron-builder copies resources/ beside app.asar, to
//   <process.resourcesPath>/app-resources (extraResources in electron-builder.yml), because
//   the PDFs and vocabularies are read with plain fs and streamed, which app.asar cannot
//   serve outside Electron;
// - a checkout (sources, dist/electron bundle, browser mode, tests): walk up from this
//   module to the folder that holds resources/ with both of its parts. A development
//   Electron also has a process.resourcesPath (Electron's own), without app-resources in it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESOURCES_DIR_ENV = 'REFSHELF_RESOURCES_DIR';
/** The folder name under process.resourcesPath in a packaged app (electron-builder.yml `extraResources`). */
export const PACKAGED_RESOURCES_FOLDER = 'app-resources';
const PARTS = ['vocabularies', 'catalog'];

export interface ResourceLayout {
  env: NodeJS.ProcessEnv;
  /** Electron's process.resourcesPath; undefined under Node. */
  resourcesPath: string | undefined;
  /** The folder of the running module (a source file, a bundle, or a file inside app.asar). */
  moduleDir: string;
  exists(p: string): boolean;
}

const isComplete = (dir: string, exists: (p: string) => boolean) => PARTS.every((part) => exists(path.join(dir, part)));

export function findResourcesDir(startDir: string, exists: (p: string) => boolean = existsSync): string | undefined {
  let dir = startDir;
  for (;;) {
    const candidate = path.join(dir, 'resources');
    if (isComplete(candidate, exists)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

export function resolveResourcesDir(layout: ResourceLayout): string {
  const fromEnv = layout.env[RESOURCES_DIR_ENV];
  if (fromEnv) return path.resolve(fromEnv);
  if (layout.resourcesPath) {
    const packaged = path.join(layout.resourcesPath, PACKAGED_RESOURCES_FOLDER);
    if (isComplete(packaged, layout.exists)) return packaged;
  }
  const found = findResourcesDir(layout.moduleDir, layout.exists);
  if (!found) throw new Error(`The app's resources folder was not found; reinstall RefShelf or set ${RESOURCES_DIR_ENV}`);
  return found;
}

let cached: string | undefined;

export function resourcesDir(): string {
  cached ??= resolveResourcesDir({
    env: process.env,
    resourcesPath: (process as { resourcesPath?: string }).resourcesPath,
    moduleDir: path.dirname(fileURLToPath(import.meta.url)),
    exists: existsSync,
  });
  return cached;
}

export function resourcePath(...parts: string[]): string {
  return path.join(resourcesDir(), ...parts);
}
