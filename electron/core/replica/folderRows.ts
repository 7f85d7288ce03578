// Folder rows and the shape the UI and the sync engine read.
import type { Db } from './database.ts';
import { stmt } from './statements.ts';
import type { LocalFolder } from './types.ts';

export interface FolderRow {
  id: string;
  name: string;
  parent_id: string | null;
  group_id: string | null;
  created: string | null;
  modified: string | null;
  added_local: string;
}

export function readFolderRow(db: Db, id: string): FolderRow | undefined {
  return stmt(db, 'SELECT * FROM folders WHERE id = ?').get(id) as FolderRow | undefined;
}

export function toLocalFolder(row: FolderRow): LocalFolder {
  const folder: LocalFolder = { id: row.id, name: row.name };
  if (row.parent_id !== null) folder.parent_id = row.parent_id;
  if (row.group_id !== null) folder.group_id = row.group_id;
  if (row.created !== null) folder.created = row.created;
  if (row.modified !== null) folder.modified = row.modified;
  return folder;
}

/** The folder and every folder below it, deepest first. */
export function subtreeDeepestFirst(db: Db, id: string): string[] {
  return stmt(db, `
    WITH RECURSIVE subtree (id, depth) AS (
      SELECT id, 0 FROM folders WHERE id = ?
      UNION SELECT f.id, s.depth + 1 FROM folders f JOIN subtree s ON f.parent_id = s.id
    )
    SELECT id FROM subtree ORDER BY depth DESC`).pluck().all(id) as string[];
}
