// Duplicate detection that keeps up with a library instead of re-scanning it: every document
// is filed under blocking keys (each identifier, its first author, its folded title), and a
// new or edited document is compared only with the documents sharing a key. The pairs found
// are kept, so the sets are formed from the few documents that have a match at all.
// The pairwise rule is findDuplicates.ts's: a shared DOI/PMID/arXiv id/whole-book ISBN, else
// agreeing years and DOIs, the same first author and nearly the same title (an authorless
// document only by exactly the same folded title).
import type { DuplicateReason } from '../../../shared/bridge/duplicatesCommands.ts';
import {
  IDENTIFIER_KINDS, TITLE_SIMILARITY, findDuplicateSets, firstAuthorKey, foldTitle, identifierOf, titleSimilarity,
  type DuplicateCandidate, type DuplicateSet,
} from './findDuplicates.ts';

export interface DuplicateMatch {
  document: DuplicateCandidate;
  reason: DuplicateReason;
}

const STRENGTH: readonly DuplicateReason[] = ['doi', 'pmid', 'arxiv', 'isbn', 'title'];

/** Why two documents are likely the same work, or undefined when they are not. */
export function likelySameWork(a: DuplicateCandidate, b: DuplicateCandidate): DuplicateReason | undefined {
  for (const kind of IDENTIFIER_KINDS) {
    const ia = identifierOf(a, kind);
    if (ia && ia === identifierOf(b, kind)) return kind;
  }
  const doiA = identifierOf(a, 'doi');
  const doiB = identifierOf(b, 'doi');
  if (doiA && doiB) return undefined; // two different DOIs: two works, whatever the titles say
  if (a.year !== undefined && b.year !== undefined && a.year !== b.year) return undefined;
  const authorA = firstAuthorKey(a);
  const authorB = firstAuthorKey(b);
  if (authorA && authorB) return authorA === authorB && titleSimilarity(a.title, b.title) >= TITLE_SIMILARITY ? 'title' : undefined;
  const titleA = foldTitle(a.title);
  return titleA && titleA === foldTitle(b.title) ? 'title' : undefined;
}

function blockingKeys(doc: DuplicateCandidate): string[] {
  const keys: string[] = [];
  for (const kind of IDENTIFIER_KINDS) {
    const value = identifierOf(doc, kind);
    if (value) keys.push(`${kind}:${value}`);
  }
  const author = firstAuthorKey(doc);
  if (author) keys.push(`author:${author}`);
  const title = foldTitle(doc.title);
  if (title) keys.push(`title:${title}`);
  return keys;
}

export interface DuplicateIndex {
  /** The library's documents that are likely the same work as `candidate` (itself excluded), strongest reason first. */
  matchesOf(candidate: DuplicateCandidate): DuplicateMatch[];
  /** Files a new or edited document and finds its pairs. */
  upsert(doc: DuplicateCandidate): void;
  remove(id: string): void;
  /** A document's id changed (a push gave it the service's id): same document, same pairs. */
  rename(oldId: string, newId: string): void;
  get(id: string): DuplicateCandidate | undefined;
  ids(): IterableIterator<string>;
  /** The duplicate sets, formed from the documents that have at least one pair. */
  sets(): DuplicateSet[];
  /** Pairwise comparisons made so far (what "incremental" is measured by). */
  readonly comparisons: number;
}

export function createDuplicateIndex(): DuplicateIndex {
  const documents = new Map<string, DuplicateCandidate>();
  const keysOf = new Map<string, string[]>();
  const blocks = new Map<string, Set<string>>();
  const pairs = new Map<string, Map<string, DuplicateReason>>();
  let comparisons = 0;

  const unlinkPairs = (id: string) => {
    for (const other of pairs.get(id)?.keys() ?? []) {
      const theirs = pairs.get(other);
      theirs?.delete(id);
      if (theirs && !theirs.size) pairs.delete(other);
    }
    pairs.delete(id);
  };
  const unfile = (id: string) => {
    for (const key of keysOf.get(id) ?? []) {
      const block = blocks.get(key);
      block?.delete(id);
      if (block && !block.size) blocks.delete(key);
    }
    keysOf.delete(id);
  };
  const link = (a: string, b: string, reason: DuplicateReason) => {
    for (const [x, y] of [[a, b], [b, a]] as const) {
      const mine = pairs.get(x) ?? new Map<string, DuplicateReason>();
      mine.set(y, reason);
      pairs.set(x, mine);
    }
  };

  function matchesOf(candidate: DuplicateCandidate): DuplicateMatch[] {
    const seen = new Set<string>([candidate.id]);
    const matches: DuplicateMatch[] = [];
    for (const key of blockingKeys(candidate)) {
      for (const id of blocks.get(key) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        comparisons++;
        const document = documents.get(id)!;
        const reason = likelySameWork(candidate, document);
        if (reason) matches.push({ document, reason });
      }
    }
    return matches.sort((x, y) => STRENGTH.indexOf(x.reason) - STRENGTH.indexOf(y.reason));
  }

  return {
    matchesOf,
    upsert(doc) {
      unlinkPairs(doc.id);
      unfile(doc.id);
      for (const { document, reason } of matchesOf(doc)) link(doc.id, document.id, reason);
      const keys = blockingKeys(doc);
      for (const key of keys) blocks.set(key, (blocks.get(key) ?? new Set()).add(doc.id));
      keysOf.set(doc.id, keys);
      documents.set(doc.id, doc);
    },
    remove(id) {
      unlinkPairs(id);
      unfile(id);
      documents.delete(id);
    },
    rename(oldId, newId) {
      const doc = documents.get(oldId);
      if (!doc || oldId === newId) return;
      const partners = [...(pairs.get(oldId) ?? [])];
      this.remove(oldId);
      const renamed = { ...doc, id: newId };
      const keys = blockingKeys(renamed);
      for (const key of keys) blocks.set(key, (blocks.get(key) ?? new Set()).add(newId));
      keysOf.set(newId, keys);
      documents.set(newId, renamed);
      for (const [other, reason] of partners) link(newId, other, reason);
    },
    get: (id) => documents.get(id),
    ids: () => documents.keys(),
    sets() {
      const paired = [...pairs.keys()].map((id) => documents.get(id)!);
      return findDuplicateSets(paired);
    },
    get comparisons() {
      return comparisons;
    },
  };
}
