// The duplicate sets of each library of the replica, kept up to date incrementally: a
// refresh after no write to the replica reads nothing; after a write it reads the library
// (pages of the replica's listing) but compares only documents that are new or whose
// compared fields changed since the last refresh (duplicateIndex.ts).
// A document a push renamed keeps its pairs and its key, so the Duplicates view's choices
// survive the rename.
import type { DuplicateSetView } from '../../../shared/bridge/duplicatesCommands.ts';
import type { LibraryDocument } from '../../../shared/bridge/libraryTypes.ts';
import type { Replica } from '../replica/index.ts';
import { createDuplicateIndex, type DuplicateIndex, type DuplicateMatch } from './duplicateIndex.ts';
import type { DuplicateCandidate } from './findDuplicates.ts';

const PAGE = 1000;

export function libraryDocuments(replica: Replica, groupId: string | null): LibraryDocument[] {
  const all: LibraryDocument[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = replica.listDocuments({ groupId, trashed: false, sort: 'added', order: 'asc', limit: PAGE, offset });
    all.push(...page);
    if (page.length < PAGE) return all;
  }
}

/** Only what the rule compares: a document whose fingerprint is unchanged is not compared again. */
const fingerprint = (doc: DuplicateCandidate) =>
  JSON.stringify([doc.title, doc.type, doc.year ?? null, doc.authors?.find((a) => a?.last_name)?.last_name ?? '', doc.identifiers ?? {}]);

const candidateOf = (doc: LibraryDocument): DuplicateCandidate => ({
  id: doc.id, title: doc.title, type: doc.type, added_local: doc.added_local,
  ...(doc.year !== undefined ? { year: doc.year } : {}),
  ...(doc.authors ? { authors: doc.authors } : {}),
  ...(doc.identifiers ? { identifiers: doc.identifiers } : {}),
});

interface LibraryState {
  index: DuplicateIndex;
  fingerprints: Map<string, string>;
  /** The id a document had when first seen: its key for the view, unchanged by renames. */
  keys: Map<string, string>;
  /** The replica's write count at the last refresh. */
  seenWrites: number;
}

export interface DuplicateFinder {
  /** The library's duplicate sets now (new and edited documents compared first). */
  setsOf(groupId: string | null): DuplicateSetView[];
  /** Documents of the library a document with these fields would duplicate (it need not exist yet). */
  likelyDuplicatesOf(candidate: Omit<DuplicateCandidate, 'id' | 'added_local'>, groupId: string | null): DuplicateMatch[];
  /** For one import batch: each library read once, then the documents the batch adds filed as they come. */
  batch(): DuplicateCheckBatch;
  /** Pairwise comparisons made in the library so far. */
  comparisons(groupId: string | null): number;
  /** Times a library was read from the replica (none when nothing was written since the last read). */
  readonly libraryReads: number;
}

export interface DuplicateCheckBatch {
  likelyDuplicatesOf(candidate: Omit<DuplicateCandidate, 'id' | 'added_local'>, groupId: string | null): DuplicateMatch[];
  /** A document the batch just added (so a later item of the batch is checked against it too). */
  added(id: string): void;
}

export function createDuplicateFinder(replica: Replica): DuplicateFinder {
  const libraries = new Map<string | null, LibraryState>();
  let reads = 0;

  function refresh(groupId: string | null): LibraryState {
    const state = libraries.get(groupId) ?? { index: createDuplicateIndex(), fingerprints: new Map(), keys: new Map(), seenWrites: -1 };
    libraries.set(groupId, state);
    const writes = replica.writeCount();
    if (writes === state.seenWrites) return state;
    reads++;
    const documents = libraryDocuments(replica, groupId);
    const present = new Set(documents.map((d) => d.id));
    for (const id of [...state.index.ids()]) {
      if (present.has(id)) continue;
      // A temporary id a push replaced: the replica remembers which id the row has now.
      const now = id.startsWith('local:') ? replica.currentIdOf(id) : undefined;
      if (now && present.has(now) && !state.index.get(now)) {
        state.index.rename(id, now);
        state.keys.set(now, state.keys.get(id) ?? id);
        state.fingerprints.set(now, state.fingerprints.get(id)!);
      } else {
        state.index.remove(id);
      }
      state.keys.delete(id);
      state.fingerprints.delete(id);
    }
    for (const doc of documents) file(state, doc);
    // Only a refresh that went through counts: one that threw half-way reads again next time.
    state.seenWrites = writes;
    return state;
  }

  function file(state: LibraryState, doc: LibraryDocument) {
    const candidate = candidateOf(doc);
    const print = fingerprint(candidate);
    if (state.fingerprints.get(doc.id) === print) return;
    state.index.upsert(candidate);
    state.fingerprints.set(doc.id, print);
    if (!state.keys.has(doc.id)) state.keys.set(doc.id, doc.id);
  }

  return {
    setsOf(groupId) {
      const state = refresh(groupId);
      return state.index.sets().map((set) => ({
        reason: set.reason,
        members: set.documentIds.map((id) => ({
          key: state.keys.get(id) ?? id,
          document: replica.getDocument(id)!,
          files: replica.listFiles(id).length,
          annotations: replica.listAnnotations(id).length,
        })),
      }));
    },
    likelyDuplicatesOf(candidate, groupId) {
      return refresh(groupId).index.matchesOf({ ...candidate, id: '', added_local: '' });
    },
    batch() {
      const fresh = new Set<string | null>();
      const stateOf = (groupId: string | null) => {
        if (!fresh.has(groupId)) fresh.add(groupId);
        else return libraries.get(groupId)!;
        return refresh(groupId);
      };
      return {
        likelyDuplicatesOf: (candidate, groupId) => stateOf(groupId).index.matchesOf({ ...candidate, id: '', added_local: '' }),
        added(id) {
          const doc = replica.getDocument(id);
          const groupId = doc?.group_id ?? null;
          if (doc && !doc.trashed && fresh.has(groupId)) file(libraries.get(groupId)!, doc);
        },
      };
    },
    comparisons: (groupId) => libraries.get(groupId)?.index.comparisons ?? 0,
    get libraryReads() {
      return reads;
    },
  };
}

/** One library's sets from a fresh finder (a full comparison; for one-off callers and tests). */
export function duplicateSetsOf(replica: Replica, groupId: string | null): DuplicateSetView[] {
  return createDuplicateFinder(replica).setsOf(groupId);
}
