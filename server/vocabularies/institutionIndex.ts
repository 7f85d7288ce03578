// In-memory indexes over the institution list, built once. Hint search (a substring of
// any name) goes through a trigram index: every three-character run of each institution's
// folded names is hashed into one of 2^17 buckets, each bucket a sorted list of
// institutions (two counting passes into one Int32Array: tens of milliseconds to build).
// A search reads the rarest bucket(s) of the hint's trigrams, checks each candidate's names
// with includes(), and stops as soon as it has enough results. Names, hosts and parents
// are hash maps; subtree sizes are counted once, on demand.
import type { Institution } from '../../shared/schemas/vocabulary.ts';
import { fold } from './textFold.ts';

/** Narrowing filters of GET /institutions; each is an exact, case- and accent-insensitive match. */
export interface PlaceFilter {
  city?: string;
  state?: string;
  country?: string;
}

/** Tells how many people name an institution; the search orders by it. */
export interface SizeSource {
  /** Institution positions with a size above zero, largest first. */
  sized(): readonly number[];
  sizeOf(position: number): number;
}

const BUCKET_BITS = 17;
const BUCKETS = 1 << BUCKET_BITS;

function trigramBucket(text: string, at: number): number {
  let h = Math.imul(text.charCodeAt(at), 0x9e3779b1) ^ Math.imul(text.charCodeAt(at + 1), 0x85ebca77) ^ Math.imul(text.charCodeAt(at + 2), 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 13;
  return h & (BUCKETS - 1);
}

export class InstitutionIndex {
  private readonly positionById = new Map<string, number>();
  private readonly positionsByName = new Map<string, number[]>();
  private readonly positionsByHost = new Map<string, number[]>();
  /** Positions whose url host lies under a domain (e.g. "ox.ac.uk" -> the host "cs.ox.ac.uk"). */
  private readonly positionsUnderDomain = new Map<string, number[]>();
  private readonly childrenOf = new Map<number, number[]>();
  private readonly parentOf: Int32Array;
  /** Folded name and alternative names of each institution, one line each. */
  private readonly lines: string[];
  /** Bucket b holds positions postings[bucketStarts[b] .. bucketStarts[b + 1]), ascending (may repeat). */
  private readonly bucketStarts: Int32Array;
  private readonly postings: Int32Array;
  private readonly nameKeys: string[];
  private subtreeSizes: Float64Array | undefined;
  private subtreeBytesOf: Float64Array | undefined;

  constructor(readonly records: readonly Institution[]) {
    const count = records.length;
    this.parentOf = new Int32Array(count).fill(-1);
    this.lines = new Array<string>(count);
    this.nameKeys = new Array<string>(count);
    records.forEach((record, position) => {
      this.positionById.set(record.id, position);
      const nameKey = fold(record.name);
      this.nameKeys[position] = nameKey;
      push(this.positionsByName, nameKey, position);
      const line = [nameKey, ...(record.alt_names ?? []).map((alt) => fold(alt.name))].join('\u0001');
      this.lines[position] = line;
      const hosts = new Set((record.urls ?? []).map(hostOf).filter((h): h is string => Boolean(h)));
      const domains = new Set<string>();
      for (const host of hosts) {
        push(this.positionsByHost, host, position);
        const labels = host.split('.');
        for (let i = 1; i < labels.length - 1; i++) domains.add(labels.slice(i).join('.'));
      }
      for (const domain of domains) if (!hosts.has(domain)) push(this.positionsUnderDomain, domain, position);
    });
    [this.bucketStarts, this.postings] = buildTrigrams(this.lines);
    records.forEach((record, position) => {
      const parent = record.parent_id === undefined ? undefined : this.positionById.get(record.parent_id);
      if (parent === undefined) return;
      this.parentOf[position] = parent;
      push(this.childrenOf, parent, position);
    });
  }

  get size(): number {
    return this.records.length;
  }

  positionOf(id: string): number | undefined {
    return this.positionById.get(id);
  }

  /** The folded main name: the key people's employment and education entries are counted by. */
  nameKeyOf(position: number): string {
    return this.nameKeys[position]!;
  }

  positionsNamed(nameKey: string): readonly number[] {
    return this.positionsByName.get(nameKey) ?? [];
  }

  matchesPlace(position: number, place: FoldedPlace): boolean {
    const record = this.records[position]!;
    return (
      (place.city === undefined || fold(record.city ?? '') === place.city) &&
      (place.state === undefined || fold(record.state ?? '') === place.state) &&
      (place.country === undefined || fold(record.country ?? '') === place.country)
    );
  }

  /** Institutions whose name or an alternative name contains the hint, largest first. */
  searchHint(hint: string, place: FoldedPlace, sizes: SizeSource, limit: number): number[] {
    const needle = fold(hint);
    const accept = (position: number) => this.lines[position]!.includes(needle) && this.matchesPlace(position, place);
    return largestFirst(sizes, limit, accept, this.scan(needle));
  }

  /** Exact (case- and accent-insensitive) name matches, largest first. */
  searchName(name: string, place: FoldedPlace, sizes: SizeSource, limit: number): number[] {
    const key = fold(name);
    const accept = (position: number) => this.nameKeys[position] === key && this.matchesPlace(position, place);
    return largestFirst(sizes, limit, accept, this.positionsNamed(key));
  }

  /** Every institution in the given place, largest first. */
  searchPlace(place: FoldedPlace, sizes: SizeSource, limit: number): number[] {
    const accept = (position: number) => this.matchesPlace(position, place);
    return largestFirst(sizes, limit, accept, range(this.records.length));
  }

  /**
   * Institutions by the domain of an e-mail address: hosts equal to the domain first, then
   * hosts the domain lies under (cs.ox.ac.uk -> ox.ac.uk, nearest first), then hosts under
   * the domain (ox.ac.uk -> physics.ox.ac.uk); largest first within each tier.
   */
  searchEmail(email: string, place: FoldedPlace, sizes: SizeSource, limit: number): number[] {
    const domain = hostOf(`http://${email.slice(email.lastIndexOf('@') + 1)}`);
    if (!domain) return [];
    const tiers: (readonly number[])[] = [this.positionsByHost.get(domain) ?? []];
    const labels = domain.split('.');
    for (let i = 1; i < labels.length - 1; i++) tiers.push(this.positionsByHost.get(labels.slice(i).join('.')) ?? []);
    tiers.push(this.positionsUnderDomain.get(domain) ?? []);
    const seen = new Set<number>();
    const found: number[] = [];
    for (const tier of tiers) {
      const matching = tier.filter((p) => !seen.has(p) && this.matchesPlace(p, place));
      matching.sort((a, b) => sizes.sizeOf(b) - sizes.sizeOf(a) || a - b);
      for (const p of matching) {
        seen.add(p);
        found.push(p);
        if (found.length >= limit) return found;
      }
    }
    return found;
  }

  /** The topmost ancestor of an institution (itself when it has no parent). */
  rootOf(position: number): number {
    let current = position;
    // Bounded walk: the data has no cycles, but a bad edit must not hang a request.
    for (let steps = 0; steps < this.records.length && this.parentOf[current]! >= 0; steps++) current = this.parentOf[current]!;
    return current;
  }

  /** Number of institutions in the subtree under (and including) a position. */
  subtreeSize(position: number): number {
    this.subtreeSizes ??= this.sumOverSubtrees(() => 1);
    return this.subtreeSizes[position]!;
  }

  /**
   * Bytes of the JSON array of the subtree's institutions, as a tree answer carries it:
   * each record's UTF-8 JSON, commas between them and the brackets.
   */
  subtreeBytes(position: number): number {
    this.subtreeBytesOf ??= this.sumOverSubtrees((p) => Buffer.byteLength(JSON.stringify(this.records[p])) + 1);
    return this.subtreeBytesOf[position]! + 1;
  }

  /** The subtree under a position, the root first, then breadth first. */
  subtree(position: number): number[] {
    const nodes = [position];
    const seen = new Set(nodes);
    for (let i = 0; i < nodes.length; i++) {
      for (const child of this.childrenOf.get(nodes[i]!) ?? []) {
        if (seen.has(child)) continue;
        seen.add(child);
        nodes.push(child);
      }
    }
    return nodes;
  }

  /** Each position's weight plus its descendants' (the data has no cycles; a bad edit must not hang). */
  private sumOverSubtrees(weight: (position: number) => number): Float64Array {
    const sums = new Float64Array(this.records.length);
    for (let p = 0; p < this.records.length; p++) sums[p] = weight(p);
    // Children before parents: add each node's sum to its parent in order of depth, deepest first.
    const depth = new Int32Array(this.records.length);
    for (let p = 0; p < this.records.length; p++) {
      let d = 0;
      for (let c = p; this.parentOf[c]! >= 0 && d < this.records.length; c = this.parentOf[c]!) d++;
      depth[p] = d;
    }
    const order = range(this.records.length).sort((a, b) => depth[b]! - depth[a]!);
    for (const p of order) if (this.parentOf[p]! >= 0) sums[this.parentOf[p]!]! += sums[p]!;
    return sums;
  }

  /** Positions that may contain the needle (a superset), ascending, each once. */
  private *scan(needle: string): Generator<number> {
    if (needle.length < 3) {
      for (let p = 0; p < this.lines.length; p++) yield p;
      return;
    }
    // The two rarest buckets of the needle's trigrams; a match is in both.
    const buckets = [...new Set(Array.from({ length: needle.length - 2 }, (_, i) => trigramBucket(needle, i)))];
    const length = (b: number) => this.bucketStarts[b + 1]! - this.bucketStarts[b]!;
    buckets.sort((a, b) => length(a) - length(b));
    const first = buckets[0]!;
    const second = buckets[1];
    let j = second === undefined ? 0 : this.bucketStarts[second]!;
    const secondEnd = second === undefined ? 0 : this.bucketStarts[second + 1]!;
    let last = -1;
    for (let i = this.bucketStarts[first]!; i < this.bucketStarts[first + 1]!; i++) {
      const position = this.postings[i]!;
      if (position === last) continue;
      last = position;
      if (second !== undefined) {
        while (j < secondEnd && this.postings[j]! < position) j++;
        if (j >= secondEnd) return;
        if (this.postings[j] !== position) continue;
      }
      yield position;
    }
  }
}

/** Counting sort of (bucket, position) pairs: one pass counts, a second fills. */
function buildTrigrams(lines: readonly string[]): [Int32Array, Int32Array] {
  const counts = new Int32Array(BUCKETS + 1);
  for (const line of lines) for (let at = 0; at + 3 <= line.length; at++) counts[trigramBucket(line, at) + 1]!++;
  for (let b = 1; b <= BUCKETS; b++) counts[b]! += counts[b - 1]!;
  const starts = Int32Array.from(counts);
  const postings = new Int32Array(counts[BUCKETS]!);
  const fill = counts; // reused as each bucket's next free slot
  lines.forEach((line, position) => {
    for (let at = 0; at + 3 <= line.length; at++) postings[fill[trigramBucket(line, at)]!++] = position;
  });
  return [starts, postings];
}

export interface FoldedPlace {
  city?: string;
  state?: string;
  country?: string;
}

export function foldPlace(filter: PlaceFilter): FoldedPlace {
  const place: FoldedPlace = {};
  if (filter.city !== undefined) place.city = fold(filter.city);
  if (filter.state !== undefined) place.state = fold(filter.state);
  if (filter.country !== undefined) place.country = fold(filter.country);
  return place;
}

/**
 * Up to `limit` accepted positions: the sized ones (largest first) and then the others in
 * candidate order. Candidates are only read until enough unsized ones are found.
 */
function largestFirst(sizes: SizeSource, limit: number, accept: (p: number) => boolean, candidates: Iterable<number>): number[] {
  const sized = sizes.sized().filter(accept).slice(0, limit);
  const taken = new Set(sized);
  const result = [...sized];
  if (result.length >= limit) return result;
  for (const position of candidates) {
    if (taken.has(position) || sizes.sizeOf(position) > 0 || !accept(position)) continue;
    result.push(position);
    if (result.length >= limit) break;
  }
  return result;
}

/** A url's host, lower case, without a leading "www."; undefined when it has none. */
export function hostOf(url: string): string | undefined {
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`).hostname.toLowerCase().replace(/\.$/, '');
    return host.replace(/^www\d*\./, '') || undefined;
  } catch {
    return undefined;
  }
}

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
