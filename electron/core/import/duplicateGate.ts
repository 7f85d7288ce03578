// The check an import makes before it adds an item: with the 'ask' policy, an item that looks
// like a document already in the library (core/duplicates' rule, through its index) is held
// for the user's decision instead of added. One gate per import batch, so the library is read
// once and each item the batch adds is compared with the later ones too.
import type { DuplicatePolicy, HeldDuplicate } from '../../../shared/bridge/importCommands.ts';
import type { DuplicateCandidate } from '../duplicates/findDuplicates.ts';
import type { DuplicateCheckBatch } from '../duplicates/libraryDuplicates.ts';
import type { HeldDuplicates, HeldWork } from './heldDuplicates.ts';

export type GateCandidate = Omit<DuplicateCandidate, 'id' | 'added_local'>;

export interface DuplicateGate {
  /** Adds the item (answering its document's id), or holds it when it looks like a duplicate. */
  admit(candidate: GateCandidate, groupId: string | null, work: HeldWork): Promise<{ documentId: string } | { held: HeldDuplicate }>;
}

export function createDuplicateGate(policy: DuplicatePolicy, batch: DuplicateCheckBatch, held: HeldDuplicates): DuplicateGate {
  return {
    async admit(candidate, groupId, work) {
      const match = policy === 'ask' ? batch.likelyDuplicatesOf(candidate, groupId)[0] : undefined;
      if (match) return { held: held.hold(candidate.title, match, work) };
      const documentId = await work.add();
      batch.added(documentId);
      return { documentId };
    },
  };
}

/** Adds every item: for callers that do not check (and tests of the import alone). */
export const ADD_ALWAYS: DuplicateGate = { admit: async (_candidate, _groupId, work) => ({ documentId: await work.add() }) };

/** The sentence an import's row shows for a held item. */
export function heldMessage(held: HeldDuplicate): string {
  const year = held.existing.year ? ` (${held.existing.year})` : '';
  return `Looks like “${held.existing.title}”${year}, already in your library.`;
}
