// Duplicate detection keeps up with a library by comparing only what changed: a new or edited
// document is compared with the documents sharing one of its blocking keys, never with the
// whole library (counted comparisons), and a document a push renamed keeps its key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openReplica, type Replica } from '../replica/index.ts';
import { createDuplicateFinder } from './libraryDuplicates.ts';
import { findDuplicateSets } from './findDuplicates.ts';
import { libraryDocuments } from './libraryDuplicates.ts';

const LIBRARY = 3000;

describe('incremental duplicate detection', () => {
  let dir: string;
  let replica: Replica;
  afterEach(() => {
    replica.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function library(): string[] {
    dir = mkdtempSync(path.join(tmpdir(), 'refshelf-dupindex-'));
    replica = openReplica(path.join(dir, 'library.sqlite'));
    // Authors shared by ten documents each, every title different.
    return replica.transaction(() => Array.from({ length: LIBRARY }, (_, i) => replica.createDocument({
      title: `Study ${i} of ${['rivers', 'glaciers', 'forests', 'cities', 'markets'][i % 5]} in region ${i * 7}`, type: 'journal',
      year: 2000 + (i % 20), authors: [{ last_name: `Author${Math.floor(i / 10)}`, first_name: 'A.' }],
      ...(i % 3 === 0 ? { identifiers: { doi: `10.5281/zenodo.${100000 + i}` } } : {}),
    }).id));
  }

  it('compares a new or edited document with its block only, and finds the same sets as a full comparison', () => {
    const ids = library();
    const finder = createDuplicateFinder(replica);
    expect(finder.setsOf(null)).toEqual([]);
    const afterBuild = finder.comparisons(null);
    // Building the index compared each document with the few sharing its author, not with all.
    expect(afterBuild).toBeLessThan(LIBRARY * 10);

    const original = replica.getDocument(ids[42]!)!;
    const copy = replica.createDocument({ title: `${original.title}.`, type: 'journal', year: original.year!, authors: [{ last_name: 'Author4' }] });
    const sets = finder.setsOf(null);
    expect(sets.map((s) => ({ reason: s.reason, ids: s.members.map((m) => m.document.id) }))).toEqual([{ reason: 'title', ids: [ids[42], copy.id] }]);
    const forNew = finder.comparisons(null) - afterBuild;
    expect(forNew).toBeGreaterThan(0);
    expect(forNew).toBeLessThanOrEqual(11); // its author's ten documents (and its own title's block)

    // An edit that makes it another work: compared again, alone; the set is gone.
    replica.updateDocument(copy.id, { title: 'Something else entirely', year: 1999 });
    expect(finder.setsOf(null)).toEqual([]);
    expect(finder.comparisons(null) - afterBuild - forNew).toBeLessThanOrEqual(11);

    // Nothing changed: nothing compared, and the library is not even read again.
    const before = finder.comparisons(null);
    const reads = finder.libraryReads;
    finder.setsOf(null);
    finder.likelyDuplicatesOf({ title: 'Another study', type: 'journal' }, null);
    expect(finder.comparisons(null)).toBe(before + 0);
    expect(finder.libraryReads).toBe(reads);
    // A write (here one that changes no compared field) makes the next refresh read once.
    replica.updateDocument(ids[7]!, { abstract: 'An abstract.' });
    finder.setsOf(null);
    finder.setsOf(null);
    expect(finder.libraryReads).toBe(reads + 1);
    expect(finder.comparisons(null)).toBe(before);

    // The same answer as comparing the whole library from scratch.
    replica.updateDocument(copy.id, { identifiers: { doi: `10.5281/zenodo.${100000 + 999}` } });
    const incremental = finder.setsOf(null).map((s) => s.members.map((m) => m.document.id));
    expect(incremental).toEqual(findDuplicateSets(libraryDocuments(replica, null)).map((s) => s.documentIds));
    expect(incremental).toEqual([[ids[999], copy.id]]);
  });

  it('reads the library again after a refresh that failed half-way, though nothing was written since', () => {
    const ids = library();
    let failing = false;
    const flaky: Replica = Object.create(replica);
    flaky.listDocuments = (query) => {
      if (failing) throw new Error('database is locked');
      return replica.listDocuments(query);
    };
    const finder = createDuplicateFinder(flaky);
    expect(finder.setsOf(null)).toEqual([]);
    const original = replica.getDocument(ids[42]!)!;
    const copy = replica.createDocument({ title: `${original.title}.`, type: 'journal', year: original.year!, authors: [{ last_name: 'Author4' }] });
    failing = true;
    expect(() => finder.setsOf(null)).toThrow('database is locked');
    failing = false;
    expect(finder.setsOf(null).map((s) => s.members.map((m) => m.document.id))).toEqual([[ids[42], copy.id]]);
  });

  it("keeps a member's key and its pairs when a push renames it, without comparing again", () => {
    library();
    const a = replica.createDocument({ title: 'Approximating the Cox model', type: 'journal', authors: [{ last_name: 'Zhong' }] });
    const b = replica.createDocument({ title: 'Approximating the {Cox} Model', type: 'journal', authors: [{ last_name: 'Zhong' }] });
    const finder = createDuplicateFinder(replica);
    // Members added in the same millisecond come in the order of their (random) ids: compared by key.
    const keyed = (members: { key: string; document: { id: string } }[]) => members.map((m) => [m.key, m.document.id]).sort(([x], [y]) => x!.localeCompare(y!));
    const byKey = (rows: string[][]) => [...rows].sort(([x], [y]) => x!.localeCompare(y!));
    const [set] = finder.setsOf(null);
    expect(keyed(set!.members)).toEqual(byKey([[a.id, a.id], [b.id, b.id]]));
    const before = finder.comparisons(null);

    replica.remapId('document', b.id, 'server-b');
    const [renamed] = finder.setsOf(null);
    expect(keyed(renamed!.members)).toEqual(byKey([[a.id, a.id], [b.id, 'server-b']]));
    expect(finder.comparisons(null)).toBe(before);
  });
});
