// Location suggestions by name prefix. Names are folded (case and accents dropped) and
// kept sorted, so a prefix is a binary search and a short walk: "Zur" and "Zür" both
// land on "zurich".
import type { Location } from '../../shared/schemas/vocabulary.ts';
import { fold } from './textFold.ts';

export class LocationIndex {
  private readonly positionById = new Map<string, number>();
  /** Positions of `records` in order of their folded name. */
  private readonly sorted: Int32Array;
  private readonly keys: string[];

  constructor(readonly records: readonly Location[]) {
    records.forEach((record, position) => this.positionById.set(record.id, position));
    const folded = records.map((record) => fold(record.name));
    const order = Array.from({ length: records.length }, (_, i) => i).sort((a, b) => compare(folded[a]!, folded[b]!) || a - b);
    this.sorted = Int32Array.from(order);
    this.keys = order.map((position) => folded[position]!);
  }

  get size(): number {
    return this.records.length;
  }

  byId(id: string): Location | undefined {
    const position = this.positionById.get(id);
    return position === undefined ? undefined : this.records[position];
  }

  /** Locations whose name starts with the prefix, ignoring case and accents, in name order. */
  withPrefix(prefix: string, limit: number): Location[] {
    const key = fold(prefix);
    if (!key) return [];
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(this.keys[mid]!, key) < 0) lo = mid + 1;
      else hi = mid;
    }
    const found: Location[] = [];
    for (let i = lo; i < this.keys.length && found.length < limit && this.keys[i]!.startsWith(key); i++) {
      found.push(this.records[this.sorted[i]!]!);
    }
    return found;
  }
}

/** Code-unit order: the order startsWith agrees with. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
