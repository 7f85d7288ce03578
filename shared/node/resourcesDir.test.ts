import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findResourcesDir, resolveResourcesDir, resourcePath, type ResourceLayout } from './resourcesDir.ts';

const root = path.resolve('/checkout');
const install = path.resolve('/opt/RefShelf');
/** A file system holding resources/{vocabularies,catalog} under each of `holders`. */
const existing = (...holders: string[]) => {
  const present = new Set(holders.flatMap((dir) => [path.join(dir, 'vocabularies'), path.join(dir, 'catalog')]));
  return (p: string) => present.has(p);
};
const layout = (over: Partial<ResourceLayout>): ResourceLayout => ({ env: {}, resourcesPath: undefined, moduleDir: root, exists: () => false, ...over });

describe('resourcesDir', () => {
  it('finds the project resources from the sources (tests, browser mode)', () => {
    expect(existsSync(resourcePath('vocabularies', 'disciplines.json'))).toBe(true);
    expect(existsSync(resourcePath('catalog'))).toBe(true);
  });

  it('finds them from the desktop bundle in dist/electron (development Electron, whose resourcesPath is its own)', () => {
    const exists = existing(path.join(root, 'resources'));
    const electronOwn = path.join(root, 'node_modules', 'electron', 'dist', 'resources');
    expect(resolveResourcesDir(layout({ moduleDir: path.join(root, 'dist', 'electron'), resourcesPath: electronOwn, exists }))).toBe(path.join(root, 'resources'));
  });

  it('finds them beside app.asar in a packaged app, where the bundle runs from inside app.asar', () => {
    const resourcesPath = path.join(install, 'resources');
    const exists = existing(path.join(resourcesPath, 'app-resources'));
    const moduleDir = path.join(resourcesPath, 'app.asar', 'dist', 'electron');
    expect(resolveResourcesDir(layout({ moduleDir, resourcesPath, exists }))).toBe(path.join(resourcesPath, 'app-resources'));
  });

  it('skips a folder that holds only part of the resources (the packaged layout that could not start)', () => {
    // vocabularies beside app.asar, catalog nowhere: no folder is complete.
    const resourcesPath = path.join(install, 'resources');
    const exists = (p: string) => p === path.join(resourcesPath, 'vocabularies');
    expect(() => resolveResourcesDir(layout({ moduleDir: path.join(resourcesPath, 'app.asar', 'dist', 'electron'), resourcesPath, exists }))).toThrow(/resources folder was not found/);
  });

  it('prefers REFSHELF_RESOURCES_DIR to every layout', () => {
    const exists = existing(path.join(root, 'resources'));
    expect(resolveResourcesDir(layout({ env: { REFSHELF_RESOURCES_DIR: '/elsewhere' }, exists }))).toBe(path.resolve('/elsewhere'));
  });

  it('gives up at the file system root', () => {
    expect(findResourcesDir(path.resolve('/nowhere/deep'), () => false)).toBeUndefined();
  });
});
