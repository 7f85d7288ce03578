// Merges duplicates into one master document, in one replica transaction (so it syncs as an
// edit of the master plus a deletion of each duplicate): the master takes the field values
// the user picked from any member of the set, the union of tags, keywords and identifiers;
// the duplicates' files (when the master lacks the same bytes), annotations, document notes
// (appended to the master's own note, the service allows one per document) and folder
// memberships move to the master; then the duplicates are deleted.
import type { Replica } from '../replica/index.ts';
import type { LibraryDocument } from '../../../shared/bridge/libraryTypes.ts';
import type { DocumentPatch } from '../../../shared/schemas/document.ts';
import { MERGE_CHOOSABLE_FIELDS, type DuplicatesMergeRequest, type DuplicatesMergeResult } from '../../../shared/bridge/duplicatesCommands.ts';
import { BridgeFailure } from '../commands/failure.ts';

export const CHOOSABLE_FIELDS = MERGE_CHOOSABLE_FIELDS;
export type MergeRequest = DuplicatesMergeRequest;
export type MergeResult = DuplicatesMergeResult;

export interface MergeDeps {
  replica: Replica;
  /** Whether the bytes of a file are on this machine (the sync must upload them again for the master). */
  hasBytes(filehash: string, localPath: string | undefined): boolean;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);
const union = (lists: (string[] | undefined)[]) => {
  const seen = new Map<string, string>();
  for (const item of lists.flat()) if (item && !seen.has(item.toLowerCase())) seen.set(item.toLowerCase(), item);
  return [...seen.values()];
};

function fieldPatch(master: LibraryDocument, members: LibraryDocument[], choices: MergeRequest['choices']): DocumentPatch {
  const byId = new Map(members.map((d) => [d.id, d]));
  const patch: Record<string, unknown> = {};
  for (const field of CHOOSABLE_FIELDS) {
    const chosenId = choices?.[field];
    if (chosenId !== undefined) {
      const source = byId.get(chosenId);
      if (!source) throw new BridgeFailure('invalid', `The value of ${field} must come from a document of the set`, 'choices');
      const value = (source as unknown as Record<string, unknown>)[field];
      if (JSON.stringify(value) !== JSON.stringify((master as unknown as Record<string, unknown>)[field])) patch[field] = isEmpty(value) ? null : value;
    } else if (isEmpty((master as unknown as Record<string, unknown>)[field])) {
      const filler = members.find((d) => !isEmpty((d as unknown as Record<string, unknown>)[field]));
      if (filler) patch[field] = (filler as unknown as Record<string, unknown>)[field];
    }
  }
  const tags = union(members.map((d) => d.tags));
  if (tags.length !== (master.tags ?? []).length) patch.tags = tags;
  const keywords = union(members.map((d) => d.keywords));
  if (keywords.length !== (master.keywords ?? []).length) patch.keywords = keywords;
  const identifiers = Object.assign({}, ...[...members].reverse().map((d) => d.identifiers ?? {}), master.identifiers ?? {}) as Record<string, string>;
  if (JSON.stringify(identifiers) !== JSON.stringify(master.identifiers ?? {})) patch.identifiers = identifiers;
  if (members.some((d) => d.starred) && !master.starred) patch.starred = true;
  if (members.some((d) => d.read) && !master.read) patch.read = true;
  return patch as DocumentPatch;
}

export function mergeDuplicates(deps: MergeDeps, request: MergeRequest): MergeResult {
  const { replica } = deps;
  const duplicateIds = [...new Set(request.duplicateIds)].filter((id) => id !== request.masterId);
  if (!duplicateIds.length) throw new BridgeFailure('invalid', 'Choose at least one duplicate to merge into the master', 'duplicateIds');
  const load = (id: string) => {
    const doc = replica.getDocument(id);
    if (!doc || doc.trashed) throw new BridgeFailure('not_found', `Document ${id} is not in the library (it may have been deleted or trashed)`, 'documentId');
    return doc;
  };
  const master = load(request.masterId);
  const duplicates = duplicateIds.map(load);
  if (duplicates.some((d) => (d.group_id ?? null) !== (master.group_id ?? null))) {
    throw new BridgeFailure('invalid', 'Documents of different libraries cannot be merged', 'duplicateIds');
  }
  const masterHashes = new Set(replica.listFiles(master.id).map((f) => f.filehash));
  const filesToMove = duplicates.flatMap((d) => replica.listFiles(d.id)).filter((f) => {
    if (masterHashes.has(f.filehash)) return false;
    masterHashes.add(f.filehash);
    return true;
  });
  const missing = filesToMove.find((f) => !deps.hasBytes(f.filehash, f.local_path));
  if (missing) {
    throw new BridgeFailure('invalid', `The file ${missing.file_name} is not on this computer yet; open it once (or sync) before merging, so it can move to the master`, 'duplicateIds');
  }

  const result: MergeResult = { masterId: master.id, deleted: [], filesMoved: 0, annotationsMoved: 0, foldersJoined: 0 };
  replica.transaction(() => {
    const patch = fieldPatch(master, [master, ...duplicates], request.choices);
    if (Object.keys(patch).length) replica.updateDocument(master.id, patch);
    for (const file of filesToMove) {
      replica.addFile({ document_id: master.id, filehash: file.filehash, file_name: file.file_name, mime_type: file.mime_type, size: file.size, ...(file.local_path ? { local_path: file.local_path } : {}) });
      result.filesMoved++;
    }
    let masterNote = replica.listAnnotations(master.id).find((a) => a.type === 'note');
    const masterFolders = new Set(replica.foldersOfDocument(master.id));
    for (const duplicate of duplicates) {
      for (const annotation of replica.listAnnotations(duplicate.id)) {
        if (annotation.type === 'note' && masterNote) {
          const text = [masterNote.text, annotation.text].filter(Boolean).join('\n\n');
          if (annotation.text) masterNote = replica.updateAnnotation(masterNote.id, { text });
        } else {
          const copy = replica.createAnnotation({
            document_id: master.id, type: annotation.type,
            ...(annotation.text !== undefined ? { text: annotation.text } : {}),
            ...(annotation.color ? { color: annotation.color } : {}),
            ...(annotation.positions ? { positions: annotation.positions } : {}),
            ...(annotation.style ? { style: annotation.style } : {}),
            ...(annotation.filehash ? { filehash: annotation.filehash } : {}),
            ...(annotation.privacy_level ? { privacy_level: annotation.privacy_level } : {}),
          });
          if (copy.type === 'note') masterNote = copy;
        }
        result.annotationsMoved++;
      }
      for (const folderId of replica.foldersOfDocument(duplicate.id)) {
        if (masterFolders.has(folderId)) continue;
        replica.addDocumentToFolder(folderId, master.id);
        masterFolders.add(folderId);
        result.foldersJoined++;
      }
      // Related items (device-local links) of the duplicate stay with the work.
      replica.moveRelations(duplicate.id, master.id);
      replica.deleteDocument(duplicate.id);
      result.deleted.push(duplicate.id);
    }
  });
  return result;
}
