// The tier rule both engines order large catalog results by: rows matching every ranking
// unit first, then fewer, newest first within a tier. A tier is read as the union of its
// subsets (each subset's units present, the others absent: subsets of one size never
// overlap), each subset asked only for its newest rows, so no match is scored.
import type { SearchWindow } from './catalogSearch.ts';

/** Tiers enumerate subsets of units: 2^n - 1 small queries. */
export const MAX_TIERED_UNITS = 4;

/** One subset of a tier: the units it must match and those it must not. */
export interface TierSubset<T> {
  included: T[];
  excluded: T[];
}

/** Every subset of `units` with exactly k members. */
export function subsetsOfSize<T>(units: readonly T[], k: number): TierSubset<T>[] {
  const out: TierSubset<T>[] = [];
  for (let mask = 1; mask < 1 << units.length; mask++) {
    if (popcount(mask) !== k) continue;
    out.push({ included: units.filter((_, i) => mask & (1 << i)), excluded: units.filter((_, i) => !(mask & (1 << i))) });
  }
  return out;
}

/** Collects a window's rows tier by tier, carrying the offset across tiers. */
export class TierWindow {
  readonly rows: number[] = [];
  private skip: number;

  constructor(private readonly window: Pick<SearchWindow, 'offset' | 'limit'>) {
    this.skip = window.offset;
  }

  get full(): boolean {
    return this.rows.length >= this.window.limit;
  }

  /** How many of its newest rows each subset of the next tier must give. */
  get need(): number {
    return this.skip + this.window.limit - this.rows.length;
  }

  /** Takes a tier (its subsets' rows, in any order). */
  add(tier: number[]): void {
    tier.sort((a, b) => b - a);
    this.rows.push(...tier.slice(this.skip, this.skip + this.window.limit - this.rows.length));
    // Rows of this tier that were skipped count against the offset; the rest of it goes on.
    this.skip = Math.max(0, this.skip - tier.length);
  }
}

function popcount(mask: number): number {
  let bits = 0;
  for (let m = mask; m; m &= m - 1) bits++;
  return bits;
}
