// The duplicate sets of one library of the replica, with what the Duplicates view shows of
// each member. The library is read in pages through the replica's listing.
import type { DuplicateSetView } from '../../../shared/bridge/duplicatesCommands.ts';
import type { LibraryDocument } from '../../../shared/bridge/libraryTypes.ts';
import type { Replica } from '../replica/index.ts';
import { findDuplicateSets } from './findDuplicates.ts';

const PAGE = 1000;

export function libraryDocuments(replica: Replica, groupId: string | null): LibraryDocument[] {
  const all: LibraryDocument[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = replica.listDocuments({ groupId, trashed: false, sort: 'added', order: 'asc', limit: PAGE, offset });
    all.push(...page);
    if (page.length < PAGE) return all;
  }
}

export function duplicateSetsOf(replica: Replica, groupId: string | null): DuplicateSetView[] {
  const documents = libraryDocuments(replica, groupId);
  const byId = new Map(documents.map((d) => [d.id, d]));
  return findDuplicateSets(documents).map((set) => ({
    reason: set.reason,
    members: set.documentIds.map((id) => ({
      document: byId.get(id)!,
      files: replica.listFiles(id).length,
      annotations: replica.listAnnotations(id).length,
    })),
  }));
}
