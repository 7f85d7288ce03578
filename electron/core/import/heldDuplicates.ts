// Items an import held back because they look like documents already in the library, until
// the user decides: add anyway, merge into the existing document, or skip. An item is held
// as the work that would add it (a closure over its extracted fields, parsed entry or
// identifier), so nothing of it is in the replica or the outbox before the decision. Held
// items live in memory: after a restart they are gone (a held PDF's bytes then stay in the
// file store unused, as after an interrupted import).
import { randomUUID } from 'node:crypto';
import type { DuplicateChoice, HeldDuplicate, ResolvedDuplicate } from '../../../shared/bridge/importCommands.ts';
import type { DuplicateMatch } from '../duplicates/duplicateIndex.ts';
import type { Replica } from '../replica/index.ts';

export interface HeldWork {
  /** Adds the item to the library; answers the new document's id. */
  add(): Promise<string>;
  /** Drops what the item holds outside the replica (a PDF's stored bytes). */
  discard(): Promise<void>;
}

export interface HeldDuplicates {
  hold(title: string, match: DuplicateMatch, work: HeldWork): HeldDuplicate;
  resolve(decisions: readonly { heldId: string; choice: DuplicateChoice }[]): Promise<ResolvedDuplicate[]>;
}

export interface HeldDuplicatesDeps {
  replica: Replica;
  /** Merges the new document into the existing one (core/duplicates' merge, made local first). */
  merge(existingId: string, newId: string): Promise<void>;
}

export function createHeldDuplicates(deps: HeldDuplicatesDeps): HeldDuplicates {
  const held = new Map<string, { work: HeldWork; existing: () => string | undefined }>();
  return {
    hold(title, match, work) {
      const heldId = randomUUID();
      // The existing document may be renamed by a push before the user decides.
      held.set(heldId, { work, existing: deps.replica.followDocument(match.document.id) });
      const first = match.document.authors?.find((a) => a?.last_name)?.last_name;
      return {
        heldId, title, reason: match.reason,
        existing: {
          id: match.document.id, title: match.document.title,
          ...(match.document.year !== undefined ? { year: match.document.year } : {}),
          ...(first ? { firstAuthor: first } : {}),
        },
      };
    },
    async resolve(decisions) {
      const results: ResolvedDuplicate[] = [];
      for (const { heldId, choice } of decisions) {
        const item = held.get(heldId);
        held.delete(heldId);
        if (!item) {
          results.push({ heldId, status: 'gone' });
          continue;
        }
        if (choice === 'skip') {
          await item.work.discard();
          results.push({ heldId, status: 'skipped' });
          continue;
        }
        const existingId = item.existing();
        const existing = existingId ? deps.replica.getDocument(existingId) : undefined;
        const documentId = await item.work.add();
        // The document it duplicated was deleted or trashed meanwhile: the item is simply added.
        if (choice === 'merge' && existing && !existing.trashed) {
          await deps.merge(existing.id, documentId);
          results.push({ heldId, status: 'merged', documentId: existing.id });
        } else {
          results.push({ heldId, status: 'added', documentId });
        }
      }
      return results;
    },
  };
}
