// The lookups a bulk load de-duplicates with, held in memory while the catalog's own
// indexes on match keys and identifiers are dropped (catalogBulkLoad.ts): a 53-bit hash of
// each key maps to the seqs holding it. A hash names candidates only; the caller reads each
// candidate row and checks the key itself, so a collision never merges two works.
// About 40 bytes a key: two million keys for a million-record file stay under 100 MB.

/** cyrb53: a fast, well-mixed 53-bit string hash (not cryptographic; collisions are checked). */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Seqs by key hash, in the order they were added (ascending seq, as the catalog's index reads them). */
export class HashedSeqs {
  private readonly first = new Map<number, number>();
  /** The further seqs of a hash that more than one row holds (rare: same key, or a collision). */
  private readonly more = new Map<number, number[]>();

  add(key: string, seq: number): void {
    const h = hash53(key);
    const known = this.first.get(h);
    if (known === undefined) this.first.set(h, seq);
    else if (known !== seq) {
      const list = this.more.get(h);
      if (!list) this.more.set(h, [seq]);
      else if (!list.includes(seq)) list.push(seq);
    }
  }

  /** Seqs that may hold `key`, ascending. */
  candidates(key: string): number[] {
    const h = hash53(key);
    const known = this.first.get(h);
    if (known === undefined) return [];
    const list = this.more.get(h);
    return list ? [known, ...list].sort((a, b) => a - b) : [known];
  }

  get size(): number {
    return this.first.size;
  }
}

export const identifierKey = (kind: string, value: string) => `${kind}\u0000${value}`;

export class DuplicateIndex {
  readonly matchKeys = new HashedSeqs();
  readonly identifiers = new HashedSeqs();
}
