// A document made here has a temporary "local:" id until the service accepts it; then the
// core renames it to the server's id. The bridge does not announce renames, so the list
// follows them itself: the renamed row keeps its local added time and its title.
import type { LibraryDocument } from '../../shared/bridge/contract.ts';

export const isLocalId = (id: string) => id.startsWith('local:');

/** old id -> new id, for the given ids that were local and are now gone. */
export function findRemaps(ids: Iterable<string>, before: ReadonlyMap<string, LibraryDocument>, after: readonly LibraryDocument[]): Map<string, string> {
  const present = new Set(after.map((d) => d.id));
  const remaps = new Map<string, string>();
  for (const id of ids) {
    if (!isLocalId(id) || present.has(id)) continue;
    const old = before.get(id);
    if (!old) continue;
    const renamed = after.filter((d) => !isLocalId(d.id) && d.added_local === old.added_local && d.title === old.title);
    if (renamed.length === 1) remaps.set(id, renamed[0]!.id);
  }
  return remaps;
}

interface FolderLike {
  id: string;
  name: string;
  parent_id?: string;
  children: FolderLike[];
}

function flatten(nodes: readonly FolderLike[], out: FolderLike[] = []): FolderLike[] {
  for (const node of nodes) {
    out.push(node);
    flatten(node.children, out);
  }
  return out;
}

/** Folders keep their name and parent when renamed by a push: old id -> new id. */
export function findFolderRemaps(before: readonly FolderLike[], after: readonly FolderLike[]): Map<string, string> {
  const old = flatten(before);
  const now = flatten(after);
  const present = new Set(now.map((f) => f.id));
  const remaps = new Map<string, string>();
  // Parents first (a flattened tree lists them first), so a child's parent is already mapped.
  for (const folder of old) {
    if (!isLocalId(folder.id) || present.has(folder.id)) continue;
    const parent = folder.parent_id === undefined ? undefined : remaps.get(folder.parent_id) ?? folder.parent_id;
    const matches = now.filter((f) => !isLocalId(f.id) && f.name === folder.name && f.parent_id === parent
      && !old.some((o) => o.id === f.id));
    if (matches.length === 1) remaps.set(folder.id, matches[0]!.id);
  }
  return remaps;
}
