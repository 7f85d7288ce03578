// Folders form one tree per library (a user's personal library or a group's). Reads and
// the tree rules live here; the routes only translate HTTP.
import { sql } from 'kysely';
import type { ServiceContext } from '../context.ts';
import type { FoldersTable } from '../storage/tables.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { assertCanWriteItem, canReadItem } from './access.ts';

export type FolderRow = FoldersTable;

/** The wire form: null attributes are left out. */
export function folderJson(row: FolderRow): Record<string, string> {
  const json: Record<string, string> = { id: row.id, name: row.name };
  if (row.parent_id) json.parent_id = row.parent_id;
  if (row.group_id) json.group_id = row.group_id;
  json.created = row.created;
  json.modified = row.modified;
  return json;
}

export async function readableFolder(ctx: ServiceContext, profileId: string, id: string, what = 'Folder'): Promise<FolderRow> {
  const folder = await ctx.db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!folder || !(await canReadItem(ctx.db, profileId, folder))) throw notFound(`${what} not found`);
  return folder;
}

export async function writableFolder(ctx: ServiceContext, profileId: string, id: string): Promise<FolderRow> {
  const folder = await ctx.db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!folder) throw notFound('Folder not found');
  await assertCanWriteItem(ctx.db, profileId, folder, 'Folder');
  return folder;
}

/** Items of one library: the same group, or the same person's personal library. */
export function sameLibrary(a: { profile_id: string; group_id: string | null }, b: { profile_id: string; group_id: string | null }): boolean {
  if (a.group_id || b.group_id) return a.group_id === b.group_id;
  return a.profile_id === b.profile_id;
}

/** A parent for `child` (an existing folder, or one about to be created): readable, same library, no cycle. */
export async function checkedParent(
  ctx: ServiceContext,
  profileId: string,
  parentId: string,
  child: { id?: string; profile_id: string; group_id: string | null },
): Promise<FolderRow> {
  if (child.id && parentId === child.id) throw badRequest('A folder cannot be its own parent');
  const parent = await readableFolder(ctx, profileId, parentId, 'Parent folder');
  if (!sameLibrary(parent, child)) {
    throw badRequest('The parent folder is in another library; a folder and its parent must both be personal or both in the same group');
  }
  if (child.id && (await isAncestorOrSelf(ctx, child.id, parent.id))) {
    throw badRequest('Moving the folder into one of its own sub-folders would make a cycle');
  }
  return parent;
}

/** Whether `ancestorId` is `folderId` or one of its ancestors (walking parent links upwards). */
async function isAncestorOrSelf(ctx: ServiceContext, ancestorId: string, folderId: string): Promise<boolean> {
  // UNION (not UNION ALL) ends the walk even if the stored tree were already cyclic.
  const result = await sql<{ found: number }>`
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT id, parent_id FROM folders WHERE id = ${folderId}
      UNION
      SELECT f.id, f.parent_id FROM folders f JOIN up ON f.id = up.parent_id
    )
    SELECT 1 AS found FROM up WHERE id = ${ancestorId} LIMIT 1`.execute(ctx.db);
  return result.rows.length > 0;
}

/** The folder and every folder below it. */
export async function subtreeIds(ctx: ServiceContext, folderId: string): Promise<string[]> {
  const result = await sql<{ id: string }>`
    WITH RECURSIVE down(id) AS (
      SELECT id FROM folders WHERE id = ${folderId}
      UNION
      SELECT f.id FROM folders f JOIN down ON f.parent_id = down.id
    )
    SELECT id FROM down`.execute(ctx.db);
  return result.rows.map((r) => r.id);
}

/** Clients sync on `modified`: each change must move it forward, even within one millisecond. */
export function nextModified(previous: string): string {
  const now = Date.now();
  const before = Date.parse(previous);
  return new Date(Number.isNaN(before) || now > before ? now : before + 1).toISOString();
}

export async function touchFolder(ctx: ServiceContext, folder: FolderRow): Promise<void> {
  await ctx.db.updateTable('folders').set({ modified: nextModified(folder.modified) }).where('id', '=', folder.id).execute();
}
