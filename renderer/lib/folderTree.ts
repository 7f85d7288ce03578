// Walks of the folder tree the sidebar needs: flattening for display (with depth),
// finding a folder, and telling whether a move would put a folder inside itself.
import type { LibraryFolderNode } from '../../shared/bridge/contract.ts';

export interface FlatFolder {
  folder: LibraryFolderNode;
  depth: number;
  hasChildren: boolean;
}

/** Depth-first, children sorted by name; collapsed folders hide their subtrees. */
export function flattenTree(nodes: readonly LibraryFolderNode[], collapsed: ReadonlySet<string> = new Set(), depth = 0): FlatFolder[] {
  const sorted = [...nodes].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  const out: FlatFolder[] = [];
  for (const folder of sorted) {
    out.push({ folder, depth, hasChildren: folder.children.length > 0 });
    if (!collapsed.has(folder.id)) out.push(...flattenTree(folder.children, collapsed, depth + 1));
  }
  return out;
}

export function findFolder(nodes: readonly LibraryFolderNode[], id: string): LibraryFolderNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = findFolder(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** True when `candidate` is `folderId` or lies anywhere below it. */
export function isSelfOrDescendant(nodes: readonly LibraryFolderNode[], folderId: string, candidate: string): boolean {
  const folder = findFolder(nodes, folderId);
  if (!folder) return false;
  return folder.id === candidate || findFolder(folder.children, candidate) !== undefined;
}

/** "Parent / Child" for menus. */
export function folderPaths(nodes: readonly LibraryFolderNode[], prefix = ''): { id: string; path: string }[] {
  return flattenTree(nodes).map(({ folder }) => ({ id: folder.id, path: pathOf(nodes, folder.id) ?? folder.name })).map((f) => ({ ...f, path: prefix + f.path }));
}

function pathOf(nodes: readonly LibraryFolderNode[], id: string, trail: string[] = []): string | undefined {
  for (const node of nodes) {
    const here = [...trail, node.name];
    if (node.id === id) return here.join(' / ');
    const inner = pathOf(node.children, id, here);
    if (inner) return inner;
  }
  return undefined;
}
