import { describe, expect, it } from 'vitest';
import type { LibraryFolderNode } from '../../shared/bridge/contract.ts';
import { findFolder, flattenTree, folderPaths, isSelfOrDescendant } from './folderTree.ts';

const node = (id: string, name: string, children: LibraryFolderNode[] = [], parent_id?: string): LibraryFolderNode => ({ id, name, children, ...(parent_id ? { parent_id } : {}) });
const tree = [
  node('p', 'Projects', [node('b', 'beta', [], 'p'), node('a', 'Alpha', [node('x', 'Deep', [], 'a')], 'p')]),
  node('r', 'Reading'),
];

describe('folder tree', () => {
  it('flattens depth first, children by name, with depths', () => {
    expect(flattenTree(tree).map((f) => `${f.depth}:${f.folder.name}`)).toEqual(['0:Projects', '1:Alpha', '2:Deep', '1:beta', '0:Reading']);
  });

  it('hides the subtrees of collapsed folders', () => {
    expect(flattenTree(tree, new Set(['p'])).map((f) => f.folder.name)).toEqual(['Projects', 'Reading']);
  });

  it('finds folders and tells when a move would nest a folder in itself', () => {
    expect(findFolder(tree, 'x')?.name).toBe('Deep');
    expect(isSelfOrDescendant(tree, 'p', 'x')).toBe(true);
    expect(isSelfOrDescendant(tree, 'p', 'p')).toBe(true);
    expect(isSelfOrDescendant(tree, 'a', 'r')).toBe(false);
  });

  it('gives each folder its path for menus', () => {
    expect(folderPaths(tree).find((f) => f.id === 'x')?.path).toBe('Projects / Alpha / Deep');
  });
});
