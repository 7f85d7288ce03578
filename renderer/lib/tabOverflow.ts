// Which reader tabs fit in the window's tab strip. Tabs keep their order; those that do not
// fit go into the "more tabs" menu. The active tab always stays in the strip: when it would
// not fit in order, tabs before it give way for it, the nearest ones last.

export interface TabFit {
  /** Indices (in order) of the reader tabs shown in the strip. */
  shown: number[];
  /** Indices (in order) of the reader tabs only the menu reaches. */
  overflow: number[];
}

/**
 * `available`: the strip's width left for reader tabs; `widths`: each reader tab's own width
 * (gaps included); `menuWidth`: the "more tabs" button's, needed only when something overflows.
 */
export function fitTabs(available: number, widths: readonly number[], active: number | null, menuWidth: number): TabFit {
  const all = widths.map((_, i) => i);
  const sum = (indices: readonly number[]) => indices.reduce((total, i) => total + widths[i]!, 0);
  if (sum(all) <= available) return { shown: all, overflow: [] };
  const room = available - menuWidth;
  const shown: number[] = [];
  let used = 0;
  // The active tab first, then the others from the left as long as they fit.
  if (active !== null && active >= 0 && active < widths.length) {
    shown.push(active);
    used = widths[active]!;
  }
  for (const i of all) {
    if (i === active) continue;
    if (used + widths[i]! > room) break;
    shown.push(i);
    used += widths[i]!;
  }
  shown.sort((a, b) => a - b);
  return { shown, overflow: all.filter((i) => !shown.includes(i)) };
}
