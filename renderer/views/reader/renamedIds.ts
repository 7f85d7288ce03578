// After a push the core gives a new annotation the service's id in place of its temporary
// `local:` one, and no event says so. The reader follows the rename by content: the one new
// server-id annotation of the same document, kind, file and positions.
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';

const identity = (a: LibraryAnnotation) => JSON.stringify([a.document_id, a.type, a.filehash ?? null, a.positions ?? null]);

/** old local id -> new id, for every local annotation of `before` that `after` has under another id. */
export function renamedIds(before: readonly LibraryAnnotation[], after: readonly LibraryAnnotation[]): Map<string, string> {
  const afterIds = new Set(after.map((a) => a.id));
  const beforeIds = new Set(before.map((a) => a.id));
  const fresh = new Map<string, LibraryAnnotation[]>();
  for (const a of after) {
    if (beforeIds.has(a.id) || a.id.startsWith('local:')) continue;
    const key = identity(a);
    fresh.set(key, [...(fresh.get(key) ?? []), a]);
  }
  const renames = new Map<string, string>();
  for (const a of before) {
    if (!a.id.startsWith('local:') || afterIds.has(a.id)) continue;
    const candidates = fresh.get(identity(a));
    if (candidates?.length === 1) renames.set(a.id, candidates[0]!.id);
  }
  return renames;
}
