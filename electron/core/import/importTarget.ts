// Where an import's documents go. A folder decides on its own (its library, personal or a
// group's); without one, a group's library if one is named, else the personal library.
// The importers and the group-write guard ask this one rule, so the library checked is the
// library written.
import type { ReplicaReads } from '../replica/index.ts';

export interface ImportTarget {
  folderId?: string | undefined;
  groupId?: string | undefined;
}

/** The group whose library the import writes to; null for the personal library. */
export function targetGroupId(replica: Pick<ReplicaReads, 'getFolder'>, target: ImportTarget): string | null {
  if (target.folderId) return replica.getFolder(target.folderId)?.group_id ?? null;
  return target.groupId ?? null;
}
