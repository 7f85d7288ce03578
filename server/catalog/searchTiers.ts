// The tier rule both engines order large catalog results by: rows matching every ranking
// unit first, then fewer, newest first within a tier. A tier is read as the union of its
// subsets (each subset's units present, the others absent: subsets of one size never
// overlap), each subset asked only for its newest rows, so no match is scored. A next page
// continues from the row before it (its marker): the rest of that row's tier, older than it,
// then the lower tiers, so a page deep in the result reads no more than a first page does.
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

/** The row shown before a window: its seq, and how many units it matches (its tier). */
export interface TierMarker {
  seq: number;
  hits: number;
}

/**
 * Collects a window's rows tier by tier: after the marker's row when there is one, else
 * carrying the offset across tiers.
 */
export class TierWindow {
  readonly rows: number[] = [];
  private skip: number;

  constructor(private readonly window: Pick<SearchWindow, 'offset' | 'limit'>, private readonly marker?: TierMarker) {
    this.skip = marker ? 0 : window.offset;
  }

  /** The tier to read first: the marker's, or the top one (every unit). */
  firstTier(units: number): number {
    return this.marker?.hits ?? units;
  }

  /** The seq that tier k's rows must be below: the marker's in its own tier. */
  below(k: number): number | undefined {
    return this.marker && k === this.marker.hits ? this.marker.seq : undefined;
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
