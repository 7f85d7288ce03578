// The lookups a bulk load de-duplicates with, held in memory while the catalog's own
// indexes on match keys and identifiers are dropped (catalogBulkLoad.ts): a 32-bit hash of
// each key maps to the seqs holding it. A hash names candidates only; the caller reads each
// candidate row and checks the key itself, so a collision never merges two works.
// Pairs of (hash, seq) sit in typed arrays with open addressing, 8 to 16 bytes a key: two
// million keys for a million-record file take about 32 MB (a Map took about 100 MB).

/** A well-mixed 32-bit string hash (cyrb53's first half; not cryptographic, collisions are checked). */
function hash32(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  return h1 >>> 0;
}

/** Seqs by key hash: a multimap where each (hash, seq) pair takes a slot; 0 marks a free slot. */
export class HashedSeqs {
  private hashes = new Uint32Array(1 << 16);
  /** seq + 1 (0: free). */
  private seqs = new Float64Array(1 << 16);
  private used = 0;

  add(key: string, seq: number): void {
    const h = hash32(key);
    const mask = this.hashes.length - 1;
    let slot = h & mask;
    for (; this.seqs[slot] !== 0; slot = (slot + 1) & mask) {
      if (this.hashes[slot] === h && this.seqs[slot] === seq + 1) return;
    }
    this.hashes[slot] = h;
    this.seqs[slot] = seq + 1;
    if (++this.used * 2 > this.hashes.length) this.grow();
  }

  /** Seqs that may hold `key`, ascending. */
  candidates(key: string): number[] {
    const h = hash32(key);
    const mask = this.hashes.length - 1;
    const out: number[] = [];
    for (let slot = h & mask; this.seqs[slot] !== 0; slot = (slot + 1) & mask) {
      if (this.hashes[slot] === h) out.push(this.seqs[slot]! - 1);
    }
    return out.length > 1 ? out.sort((a, b) => a - b) : out;
  }

  get size(): number {
    return this.used;
  }

  private grow(): void {
    const hashes = this.hashes;
    const seqs = this.seqs;
    this.hashes = new Uint32Array(hashes.length * 2);
    this.seqs = new Float64Array(seqs.length * 2);
    const mask = this.hashes.length - 1;
    for (let i = 0; i < hashes.length; i++) {
      if (seqs[i] === 0) continue;
      let slot = hashes[i]! & mask;
      while (this.seqs[slot] !== 0) slot = (slot + 1) & mask;
      this.hashes[slot] = hashes[i]!;
      this.seqs[slot] = seqs[i]!;
    }
  }
}

export const identifierKey = (kind: string, value: string) => `${kind}\u0000${value}`;

export class DuplicateIndex {
  readonly matchKeys = new HashedSeqs();
  readonly identifiers = new HashedSeqs();
}
