import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findResourcesDir, resourcePath } from './resourcesDir.ts';

describe('resourcesDir', () => {
  it('finds the project resources from the sources', () => {
    expect(existsSync(resourcePath('vocabularies', 'disciplines.json'))).toBe(true);
  });
  it('finds them from a bundle two folders below the root, as from dist/electron', () => {
    const root = path.resolve('/app');
    const exists = (p: string) => p === path.join(root, 'resources', 'vocabularies');
    expect(findResourcesDir(path.join(root, 'dist', 'electron'), exists)).toBe(path.join(root, 'resources'));
  });
  it('gives up at the file system root', () => {
    expect(findResourcesDir(path.resolve('/nowhere/deep'), () => false)).toBeUndefined();
  });
});
