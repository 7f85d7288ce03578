// Folders as the sidebar shows them: a tree per library, children sorted by name.
import type { Db } from './database.ts';
import { readFolderRow, toLocalFolder, type FolderRow } from './folderRows.ts';
import { sortKey } from './documentRows.ts';
import { stmt } from './statements.ts';
import type { FolderNode, LocalFolder } from './types.ts';

/** The folders of a library (null: personal) as a tree; a folder whose parent is unknown is a root. */
export function folderTree(db: Db, groupId: string | null = null): FolderNode[] {
  const rows = stmt(db, 'SELECT * FROM folders WHERE group_id IS ?').all(groupId) as FolderRow[];
  const nodes = new Map<string, FolderNode>(rows.map((row) => [row.id, { ...toLocalFolder(row), children: [] }]));
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id ? nodes.get(node.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const byName = (a: FolderNode, b: FolderNode) => (sortKey(a.name) ?? '').localeCompare(sortKey(b.name) ?? '') || a.id.localeCompare(b.id);
  const sortAll = (list: FolderNode[]) => {
    list.sort(byName);
    for (const node of list) sortAll(node.children);
  };
  sortAll(roots);
  return roots;
}

export function getFolder(db: Db, id: string): LocalFolder | undefined {
  const row = readFolderRow(db, id);
  return row && toLocalFolder(row);
}

export function foldersOfDocument(db: Db, documentId: string): string[] {
  return stmt(db, 'SELECT folder_id FROM folder_documents WHERE document_id = ? ORDER BY folder_id').pluck().all(documentId) as string[];
}
